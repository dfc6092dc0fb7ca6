import { randomUUID } from 'node:crypto';
import type { CreditNote, StatementRefundRequest } from '@laundry/contracts';
import {
  advertiserNoticeRaisedV1,
  asBillingCurrency,
  createEvent,
  formatMinor,
  minorToE4,
  type BillingCurrency,
} from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import { AppError, conflict, notFound } from '@laundry/platform/errors';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import { PLATFORM_AD_REVENUE, type LedgerStore } from './ledger-store.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { RefundRow, RefundStore } from './refund-store.ts';
import type { Statement, StatementStore } from './statement-store.ts';
import { allocateCents, type InvoiceParty, type InvoiceRenderer } from './invoice.ts';
import type { BillingDetailsStore } from './billing-details.ts';

/** Where a refund goes in the ledger: ad revenue given back to the advertiser as money. */
export const ADVERTISER_REFUNDED = 'advertiser:refunded';

export interface RefundDeps {
  db: Db;
  statements: StatementStore;
  refunds: RefundStore;
  ledger: LedgerStore;
  outbox: Outbox;
  provider: PaymentProvider;
}

export const refundStatementNotFoundMessage = 'No such statement.';
export const notChargedMessage =
  'Only a statement that was charged can be refunded: this one is unpaid, or had nothing to charge.';
export const refundRefusedMessage = (message: string) =>
  `The payment provider refused the refund (${message}); nothing was changed.`;
/** `leftCents` in minor units of the statement's currency: 'at most $2.30', 'at most ¥1,200'. */
export const moreThanRefundableMessage = (leftCents: number, currency: BillingCurrency) =>
  `The amount is more than what is left to refund on this statement: at most ${formatMinor(leftCents, currency)}.`;

export const creditNoteNumberOf = (year: number, sequence: number) =>
  `CN-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * What of a refund is tax, and what is the rest (spend and fee): the statement's own split applied to all that
 * has been refunded after it less all that had before, so that refunds adding up to the whole charge give back
 * exactly the statement's tax, however the refunds were cut.
 */
export function refundSplit(
  statement: Pick<Statement, 'advertiserChargeCents' | 'taxCents'>,
  refundedBeforeCents: number,
  amountCents: number,
): { netCents: number; taxCents: number } {
  const weights = [statement.advertiserChargeCents - statement.taxCents, statement.taxCents];
  const taxOf = (cents: number) => allocateCents(cents, weights)[1]!;
  const taxCents = taxOf(refundedBeforeCents + amountCents) - taxOf(refundedBeforeCents);
  return { netCents: amountCents - taxCents, taxCents };
}

/** The amount a refund may take: more than zero and at most what was charged less earlier refunds. */
export function refundableCents(statement: Pick<Statement, 'advertiserChargeCents'>, refundedCents: number) {
  return Math.max(0, statement.advertiserChargeCents - refundedCents);
}

export const adminCreditNoteUrl = (refundId: string) => `/api/admin/billing/credit-notes/${refundId}.pdf`;
export const advertiserCreditNoteUrl = (statementId: string, refundId: string) =>
  `/api/payouts/${statementId}/credit-notes/${refundId}.pdf`;

export function toCreditNote(refund: RefundRow, invoiceNumber: string, url: string): CreditNote {
  return {
    id: refund.id,
    number: refund.creditNoteNumber,
    statementId: refund.statementId,
    invoiceNumber,
    amountCents: refund.amountCents,
    currency: refund.currency,
    reason: refund.reason,
    createdAt: refund.createdAt.toISOString(),
    url,
  };
}

/**
 * An admin's refund of part or all of a paid statement. The statement stays locked from the check of what is
 * left to refund until the refund is recorded, so two refunds at once cannot give back more than was charged;
 * the provider is asked inside that transaction with the refund's own id as idempotency key, and only an
 * accepted refund is recorded: its credit note (the year's next number), its ledger entry on the statement,
 * the audit entry with the admin and the reason, and the advertiser's notice, all in one commit. A refusal
 * changes nothing.
 */
export async function refundStatement(
  deps: RefundDeps,
  statementId: string,
  request: StatementRefundRequest,
  admin: AuditContext & { userId: string },
  now = new Date(),
): Promise<{ refund: RefundRow; statement: Statement }> {
  return deps.db.tx(async (tx) => {
    const statement = await deps.statements.lock(tx, statementId);
    if (!statement) throw notFound(refundStatementNotFoundMessage);
    if (statement.paymentStatus !== 'paid' || !statement.invoiceNumber || !statement.stripePaymentIntentId) {
      throw conflict(notChargedMessage);
    }
    const refundedBefore = await deps.refunds.refundedCents(tx, statementId);
    const left = refundableCents(statement, refundedBefore);
    if (request.amountCents > left) {
      throw conflict(moreThanRefundableMessage(left, asBillingCurrency(statement.currency)));
    }

    const currency = asBillingCurrency(statement.currency);
    const refundId = randomUUID();
    const outcome = await deps.provider.refund({
      refundId,
      statementId,
      paymentIntentId: statement.stripePaymentIntentId,
      amountCents: request.amountCents,
      currency: statement.currency,
    });
    if (outcome.status === 'refused') {
      throw new AppError(502, refundRefusedMessage(outcome.message), 'REFUND_REFUSED');
    }

    const year = now.getUTCFullYear();
    const refund: RefundRow = {
      id: refundId,
      statementId,
      amountCents: request.amountCents,
      currency: statement.currency,
      reason: request.reason,
      creditNoteNumber: creditNoteNumberOf(year, await deps.refunds.nextCreditNoteNumber(tx, year)),
      providerRefundId: outcome.providerRefundId,
      adminUserId: admin.userId,
      createdAt: now,
    };
    await deps.refunds.insert(tx, refund);
    await deps.ledger.post(tx, {
      sourceId: refundId,
      kind: 'refund',
      advertiserId: statement.advertiserId,
      campaignId: null,
      debitAccount: PLATFORM_AD_REVENUE,
      creditAccount: ADVERTISER_REFUNDED,
      amountE4: minorToE4(request.amountCents, currency),
      currency,
      occurredAt: now,
      correctsSourceId: null,
      note: `${refund.creditNoteNumber}: ${request.reason}`,
    });
    await deps.refunds.attachEntry(tx, refundId, statementId);
    await auditSuccess(
      tx,
      deps.outbox,
      admin,
      {
        action: 'billing.refund',
        resource: 'statement',
        resourceId: statementId,
        advertiserId: statement.advertiserId,
        oldData: { refundedCents: refundedBefore },
        newData: {
          refundId,
          amountCents: refund.amountCents,
          currency: refund.currency,
          reason: refund.reason,
          creditNoteNumber: refund.creditNoteNumber,
          invoiceNumber: statement.invoiceNumber,
          providerRefundId: refund.providerRefundId,
          refundedCents: refundedBefore + refund.amountCents,
        },
      },
      now,
    );
    const userId = await deps.ledger.ownerOf(tx, statement.advertiserId);
    if (userId) {
      await deps.outbox.record(
        tx,
        createEvent(advertiserNoticeRaisedV1, deps.outbox.producer, {
          noticeId: `refund-issued:${refundId}`,
          kind: 'refund-issued',
          advertiserId: statement.advertiserId,
          userId,
          invoiceNumber: statement.invoiceNumber,
          creditNoteNumber: refund.creditNoteNumber,
          amountCents: refund.amountCents,
          currency: refund.currency,
          occurredAt: now.toISOString(),
        }),
      );
    }
    return { refund, statement };
  });
}

export const creditNoteNotFoundMessage = 'No such credit note.';

export interface CreditNoteDeps {
  db: Db;
  refunds: RefundStore;
  ledger: LedgerStore;
  statements: StatementStore;
  details: BillingDetailsStore;
  invoices: InvoiceRenderer;
  testMode: boolean;
  seller: InvoiceParty;
}

/**
 * A refund's credit note as a PDF, in the language of the advertiser's billing details (as its invoice);
 * `statementId` limits it to one statement (the advertiser's own, already checked).
 */
export async function creditNotePdf(
  deps: CreditNoteDeps,
  refundId: string,
  statementId?: string,
): Promise<{ pdf: Buffer; refund: RefundRow }> {
  const refund = await deps.refunds.byId(deps.db, refundId);
  if (!refund || (statementId !== undefined && refund.statementId !== statementId)) {
    throw notFound(creditNoteNotFoundMessage);
  }
  const statement = (await deps.statements.byId(deps.db, refund.statementId))!;
  const all = (await deps.refunds.forStatements(deps.db, [statement.id])).get(statement.id) ?? [];
  const refundedBeforeCents = all
    .slice(
      0,
      all.findIndex((other) => other.id === refund.id),
    )
    .reduce((sum, other) => sum + other.amountCents, 0);
  const owner = await deps.ledger.ownerOf(deps.db, statement.advertiserId);
  const pdf = await deps.invoices.renderCreditNote(
    statement,
    { ...refund, refundedBeforeCents },
    {
      testMode: deps.testMode,
      seller: deps.seller,
      buyer: owner ? await deps.details.get(deps.db, owner) : undefined,
    },
  );
  return { pdf, refund };
}
