import { badRequest, notFound } from '@laundry/platform/errors';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import { chargesFailed } from '@laundry/platform/observability';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import {
  advertiserNoticeRaisedV1,
  billingAccountSuspendedV1,
  billingPaymentMethodChangedV1,
  createEvent,
  type BillingAccount,
} from '@laundry/contracts';
import type { LedgerStore } from './ledger-store.ts';
import type { PaymentStore } from './payment-store.ts';
import type { PaymentProvider, ProviderEvent, SavedCard } from './payment-provider.ts';
import type { Statement, StatementStore } from './statement-store.ts';
import type { RefundStore } from './refund-store.ts';
import { processStatement } from './statements.ts';

export interface PaymentDeps {
  db: Db;
  payments: PaymentStore;
  statements: StatementStore;
  ledger: LedgerStore;
  outbox: Outbox;
  provider: PaymentProvider;
  /** Waits before each retry of a declined charge; attempts = 1 + their number. */
  retryDelaysMs: number[];
  publicUrl: string;
  logger: Logger;
  /** The statements' refunds, which the advertiser's invoice list shows as credit notes. */
  refunds: RefundStore;
}

/** While an attempt is with the provider, no other worker takes the statement; after it, the same attempt is repeated. */
const ATTEMPT_LEASE_MS = 5 * 60_000;

export const checkoutNotFoundMessage = 'This checkout session does not exist or has expired.';

/** GET /api/billing/account. */
export async function billingAccount(deps: PaymentDeps, userId: string): Promise<BillingAccount> {
  const account = await deps.payments.account(deps.db, userId);
  return {
    mode: deps.provider.testMode ? 'test' : 'live',
    provider: deps.provider.name,
    paymentMethod: account?.card
      ? {
          brand: account.card.brand,
          last4: account.card.last4,
          expMonth: account.card.expMonth,
          expYear: account.card.expYear,
        }
      : null,
    status: account?.status ?? 'active',
    suspendedReason: account?.suspendedReason ?? null,
    suspendedAt: account?.suspendedAt?.toISOString() ?? null,
  };
}

/** POST /api/billing/payment-method: a Checkout session in setup mode; the browser goes to its url. */
export async function startPaymentMethodSetup(
  deps: PaymentDeps,
  user: { id: string; email: string },
): Promise<{ url: string }> {
  const account = await deps.payments.account(deps.db, user.id);
  const advertisers = await deps.ledger.advertisersOf(deps.db, user.id);
  const currency = (await deps.ledger.currencyOf(deps.db, advertisers)) ?? 'USD';
  const settings = `${deps.publicUrl.replace(/\/$/, '')}/advertiser/settings`;
  const session = await deps.provider.startSetup({
    userId: user.id,
    email: user.email,
    customerId: account?.provider === deps.provider.name ? account.customerId : null,
    currency,
    successUrl: `${settings}?payment-method=added`,
    cancelUrl: `${settings}?payment-method=cancelled`,
  });
  await deps.db.tx(async (tx) => {
    await deps.payments.saveCustomer(tx, user.id, deps.provider.name, session.customerId);
    await deps.payments.saveCheckoutSession(tx, {
      id: session.sessionId,
      userId: user.id,
      provider: deps.provider.name,
    });
  });
  return { url: session.url };
}

/** Where a change came from, for the audit log: the person's own request, or the provider's webhook. */
export type ChangeOrigin = Omit<AuditContext, 'userId'>;

/**
 * A completed setup: the card becomes the user's payment method, and the audit log says so (the card's
 * brand, last four digits and expiry, never more). Repeating it changes nothing.
 */
async function completeSetup(
  deps: PaymentDeps,
  tx: Db,
  setup: { sessionId: string; customerId: string; card: SavedCard },
  now: Date,
  origin: ChangeOrigin,
): Promise<void> {
  const session = await deps.payments.lockCheckoutSession(tx, setup.sessionId);
  if (!session) throw notFound(checkoutNotFoundMessage);
  if (session.status === 'complete') return;
  await deps.payments.completeCheckoutSession(tx, setup.sessionId, now);
  await deps.payments.saveCard(tx, session.userId, deps.provider.name, setup.customerId, setup.card);
  // The advertiser is known here once its first ad event has been billed; before that, the user is enough.
  const [advertiserId] = await deps.ledger.advertisersOf(tx, session.userId);
  await auditSuccess(
    tx,
    deps.outbox,
    { ...origin, userId: session.userId },
    {
      action: 'billing.payment-method',
      resource: 'payment_method',
      resourceId: setup.sessionId,
      advertiserId: advertiserId ?? null,
      newData: {
        brand: setup.card.brand,
        last4: setup.card.last4,
        expMonth: setup.card.expMonth,
        expYear: setup.card.expYear,
      },
    },
    now,
  );
  // Statements that failed on the old card are tried once more, now, on the new one.
  await deps.payments.reopenFailed(tx, session.userId, now);
  // The ad service serves campaigns beyond the trial credit only once it hears of a card.
  await deps.outbox.record(
    tx,
    createEvent(billingPaymentMethodChangedV1, deps.outbox.producer, {
      userId: session.userId,
      hasPaymentMethod: true,
      changedAt: now.toISOString(),
    }),
  );
}

export const noCardMessage = 'There is no card on file to remove.';

/**
 * DELETE /api/billing/payment-method: the card is forgotten at the provider first (while it holds it, it
 * could be charged), then here with its audit entry and billing.payment-method-changed.v1 in one
 * transaction: from then on the ad service serves the owner's campaigns only within what is left of the
 * trial credit. Statements still due find no card and are declined as without one.
 */
export async function removePaymentMethod(
  deps: PaymentDeps,
  userId: string,
  origin: ChangeOrigin,
  now = new Date(),
): Promise<BillingAccount> {
  const account = await deps.payments.account(deps.db, userId);
  const card = account?.card;
  if (!account || !card) throw notFound(noCardMessage);
  // A card saved through another provider (before a switch of keys) is not this one's to detach.
  if (account.provider === deps.provider.name) await deps.provider.detach(card.paymentMethodId);
  await deps.db.tx(async (tx) => {
    // A card saved while this one was being detached stays: it was not the one asked to be removed.
    if (!(await deps.payments.removeCard(tx, userId, card.paymentMethodId))) return;
    const [advertiserId] = await deps.ledger.advertisersOf(tx, userId);
    await auditSuccess(
      tx,
      deps.outbox,
      { ...origin, userId },
      {
        action: 'billing.payment-method-removed',
        resource: 'payment_method',
        resourceId: null,
        advertiserId: advertiserId ?? null,
        oldData: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear },
      },
      now,
    );
    await deps.outbox.record(
      tx,
      createEvent(billingPaymentMethodChangedV1, deps.outbox.producer, {
        userId,
        hasPaymentMethod: false,
        changedAt: now.toISOString(),
      }),
    );
  });
  return billingAccount(deps, userId);
}

/** A paid statement: processed, and a suspension lifted when nothing else is left unpaid. */
async function settle(
  deps: PaymentDeps,
  tx: Db,
  statement: Statement,
  payment: { paymentIntentId: string; chargeId: string | null },
  now: Date,
): Promise<void> {
  const processed = await processStatement(deps, tx, statement, { ...payment, notes: null }, now);
  const userId = await ownerOf(deps, tx, statement);
  if (!userId) return;
  await deps.payments.reactivateIfSettled(tx, userId);
  // Told once, when the charge first settles it: a late or repeated confirmation issues nothing new.
  if (statement.status !== 'processed' && processed.invoiceNumber) {
    await deps.outbox.record(
      tx,
      createEvent(advertiserNoticeRaisedV1, deps.outbox.producer, {
        noticeId: `statement-issued:${statement.id}`,
        kind: 'statement-issued',
        advertiserId: statement.advertiserId,
        userId,
        invoiceNumber: processed.invoiceNumber,
        amountCents: statement.advertiserChargeCents,
        currency: statement.currency.toUpperCase(),
        occurredAt: now.toISOString(),
      }),
    );
  }
}

/** The built-in test provider's checkout page submits here: no webhook, the same outcome. */
export async function completeTestSetup(
  deps: PaymentDeps,
  setup: { sessionId: string; customerId: string; card: SavedCard },
  origin: ChangeOrigin,
  now = new Date(),
): Promise<void> {
  await deps.db.tx((tx) => completeSetup(deps, tx, setup, now, origin));
}

export async function checkoutSessionOwner(deps: PaymentDeps, sessionId: string) {
  const session = await deps.db.tx((tx) => deps.payments.lockCheckoutSession(tx, sessionId));
  if (!session) throw notFound(checkoutNotFoundMessage);
  return session;
}

/**
 * A provider's webhook, verified on its raw body. Its id is recorded in the transaction that applies it,
 * so a redelivery changes nothing; and each kind is applied so that any order ends the same: a success
 * processes the statement whatever came before, a failure never undoes a success.
 */
export async function handleProviderWebhook(
  deps: PaymentDeps,
  rawBody: Buffer,
  signature: string | undefined,
  now = new Date(),
): Promise<{ duplicate: boolean }> {
  const event = await deps.provider.readEvent(rawBody, signature);
  return deps.db.tx(async (tx) => {
    const kind = event.kind === 'ignored' ? event.type : event.kind;
    if (!(await deps.payments.rememberEvent(tx, event.id, kind))) return { duplicate: true };
    await applyProviderEvent(deps, tx, event, now);
    return { duplicate: false };
  });
}

async function applyProviderEvent(deps: PaymentDeps, tx: Db, event: ProviderEvent, now: Date): Promise<void> {
  switch (event.kind) {
    case 'setup-completed':
      // No person's address or browser: the provider sent it.
      await completeSetup(deps, tx, event, now, {
        ipAddress: null,
        userAgent: null,
        endpoint: '/api/billing/stripe/webhook',
        httpMethod: 'POST',
      }).catch((error: unknown) => {
        // A session this service never started (another deployment on the same account) is not ours.
        if ((error as { status?: number }).status === 404) {
          deps.logger.warn({ sessionId: event.sessionId }, 'a completed checkout session of no known user');
          return;
        }
        throw error;
      });
      return;
    case 'payment-succeeded': {
      const statement = await deps.statements.lock(tx, event.statementId);
      if (!statement) return;
      await settle(deps, tx, statement, event, now);
      return;
    }
    case 'payment-failed': {
      const statement = await deps.statements.lock(tx, event.statementId);
      if (!statement || statement.status === 'processed') return;
      const last = await deps.payments.lastAttempt(tx, statement.id);
      // A decline the charge call already reported was handled then; only one it left open is handled here.
      if (last?.outcome !== 'processing' || last.paymentIntentId !== event.paymentIntentId) return;
      await recordDecline(deps, tx, statement, last.attempt, event, now);
      return;
    }
    case 'ignored':
      return;
  }
}

async function ownerOf(deps: PaymentDeps, tx: Db, statement: Statement) {
  return deps.ledger.ownerOf(tx, statement.advertiserId);
}

/**
 * The advertiser is told of a statement's first declined charge, on the dashboard and by mail, with what to
 * do: check the card or add another; the retries go on meanwhile. Once per statement, however often it is
 * declined (the last decline tells of the suspension instead).
 */
async function raiseChargeFailed(deps: PaymentDeps, tx: Db, statement: Statement, code: string, now: Date) {
  const userId = await ownerOf(deps, tx, statement);
  if (!userId) return;
  await deps.outbox.record(
    tx,
    createEvent(advertiserNoticeRaisedV1, deps.outbox.producer, {
      noticeId: `charge-failed:${statement.id}`,
      kind: 'charge-failed',
      advertiserId: statement.advertiserId,
      userId,
      failureCode: code.slice(0, 100),
      amountCents: statement.advertiserChargeCents,
      currency: statement.currency.toUpperCase(),
      occurredAt: now.toISOString(),
    }),
  );
}

const formatWhen = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A declined attempt: the next one is scheduled after its delay, or after the last one the statement is
 * failed, the account suspended and billing.account-suspended.v1 tells the ad service to pause the campaigns.
 */
async function recordDecline(
  deps: PaymentDeps,
  tx: Db,
  statement: Statement,
  attempt: number,
  decline: { paymentIntentId: string | null; code: string; message: string },
  now: Date,
): Promise<void> {
  const outcome = decline.code === 'no_payment_method' ? 'no_payment_method' : 'declined';
  await deps.payments.finishAttempt(tx, statement.id, attempt, outcome, {
    paymentIntentId: decline.paymentIntentId,
    code: decline.code,
    message: decline.message,
    at: now,
  });
  if (attempt === 1) await raiseChargeFailed(deps, tx, statement, decline.code, now);
  const delay = deps.retryDelaysMs[attempt - 1];
  // Counted as recorded: a transaction that then rolls back is retried and may count once more, which an
  // alert on the rate of declines tolerates.
  chargesFailed.inc({ reason: outcome, final: String(delay === undefined) });
  if (delay !== undefined) {
    const next = new Date(now.getTime() + delay);
    await deps.payments.scheduleStatement(tx, statement.id, {
      attempts: attempt,
      nextAttemptAt: next,
      paymentStatus: 'due',
      paymentIntentId: decline.paymentIntentId,
      notes: `Attempt ${attempt} was declined (${decline.message}); the next is at ${formatWhen(next)}.`,
    });
    return;
  }
  const reason =
    outcome === 'no_payment_method'
      ? `No payment method for the statement of ${formatWhen(statement.periodStart)} to ${formatWhen(statement.periodEnd)}: add a card in the settings to resume your campaigns.`
      : `The charge for the statement of ${formatWhen(statement.periodStart)} to ${formatWhen(statement.periodEnd)} was declined ${attempt} times (${decline.message}): add another card in the settings to resume your campaigns.`;
  await deps.payments.scheduleStatement(tx, statement.id, {
    attempts: attempt,
    nextAttemptAt: null,
    paymentStatus: 'failed',
    paymentIntentId: decline.paymentIntentId,
    notes: reason,
  });
  const userId = (await ownerOf(deps, tx, statement)) ?? null;
  if (userId) await deps.payments.suspend(tx, userId, reason, now);
  await deps.outbox.record(
    tx,
    createEvent(billingAccountSuspendedV1, deps.outbox.producer, {
      advertiserId: statement.advertiserId,
      userId,
      statementId: statement.id,
      reason,
      failureCode: decline.code.slice(0, 100),
      attempts: attempt,
      suspendedAt: now.toISOString(),
    }),
  );
}

/**
 * Charges every statement whose attempt is due, one at a time: the statement is claimed (skipped by other
 * workers) and leased in one transaction, charged outside any, and the outcome recorded in a third. An
 * attempt interrupted by a crash is repeated under the same number, so the same idempotency key.
 */
export async function chargeDueStatements(deps: PaymentDeps, now = () => new Date()): Promise<number> {
  let charged = 0;
  for (;;) {
    const claimed = await deps.db.tx(async (tx) => {
      const id = await deps.payments.claimDue(tx, now());
      if (!id) return undefined;
      const statement = (await deps.statements.lock(tx, id))!;
      const last = await deps.payments.lastAttempt(tx, id);
      const attempt = last?.outcome === 'started' ? last.attempt : statement.attempts + 1;
      if (last?.outcome !== 'started') await deps.payments.startAttempt(tx, id, attempt);
      await deps.payments.scheduleStatement(tx, id, {
        attempts: attempt,
        nextAttemptAt: new Date(now().getTime() + ATTEMPT_LEASE_MS),
        paymentStatus: 'due',
        paymentIntentId: statement.stripePaymentIntentId,
        notes: statement.payoutNotes,
      });
      const userId = await ownerOf(deps, tx, statement);
      const account = userId ? await deps.payments.account(tx, userId) : undefined;
      return { statement, attempt, account };
    });
    if (!claimed) return charged;
    charged += 1;
    const { statement, attempt, account } = claimed;
    const card = account?.provider === deps.provider.name ? account.card : null;
    const outcome =
      account?.customerId && card
        ? await deps.provider
            .charge({
              statementId: statement.id,
              attempt,
              paymentIntentId: statement.stripePaymentIntentId,
              customerId: account.customerId,
              paymentMethodId: card.paymentMethodId,
              amountCents: statement.advertiserChargeCents,
              currency: statement.currency,
              description: `Advertising, ${statement.periodStart.toISOString().slice(0, 10)} to ${statement.periodEnd.toISOString().slice(0, 10)}`,
            })
            .catch((error: unknown) => {
              // Not an answer about the card (the network, the provider down): the lease brings it back.
              deps.logger.warn(
                { err: error, statementId: statement.id, attempt },
                'charge attempt did not complete',
              );
              return undefined;
            })
        : ({
            status: 'declined',
            paymentIntentId: statement.stripePaymentIntentId,
            code: 'no_payment_method',
            message: 'no payment method',
          } as const);
    if (!outcome) continue;
    await deps.db.tx(async (tx) => {
      const current = (await deps.statements.lock(tx, statement.id))!;
      if (outcome.status === 'succeeded') {
        await deps.payments.finishAttempt(tx, statement.id, attempt, 'succeeded', {
          paymentIntentId: outcome.paymentIntentId,
          code: null,
          message: null,
          at: now(),
        });
        await settle(deps, tx, current, outcome, now());
        return;
      }
      if (current.status === 'processed') return;
      if (outcome.status === 'processing') {
        await deps.payments.finishAttempt(tx, statement.id, attempt, 'processing', {
          paymentIntentId: outcome.paymentIntentId,
          code: null,
          message: null,
          at: now(),
        });
        await deps.payments.scheduleStatement(tx, statement.id, {
          attempts: attempt,
          nextAttemptAt: new Date(now().getTime() + ATTEMPT_LEASE_MS),
          paymentStatus: 'due',
          paymentIntentId: outcome.paymentIntentId,
          notes: 'The payment is processing.',
        });
        return;
      }
      await recordDecline(deps, tx, current, attempt, outcome, now());
    });
  }
}

export const invalidSignatureMessage = 'The webhook signature is not valid.';
export const invalidSignature = () => badRequest(invalidSignatureMessage, 'INVALID_SIGNATURE');
