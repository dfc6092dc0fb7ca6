import type { AdminStatement, AdminStatementEntries, AdminStatementPage } from '@laundry/contracts';
import { adminStatementEntryLimit } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import { badRequest, conflict, notFound } from '@laundry/platform/errors';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import type { PaymentStatus } from './statement-store.ts';
import type { DeclineRow, PaymentStore } from './payment-store.ts';
import type { RefundRow, RefundStore } from './refund-store.ts';
import { adminCreditNoteUrl, toCreditNote } from './refunds.ts';

/** A statement as the admin console lists it: what it charges in cents, and where the charge stands. */
export interface AdminStatementRow {
  id: string;
  advertiserId: string;
  advertiserName: string | null;
  periodStart: Date;
  periodEnd: Date;
  status: 'pending' | 'processed';
  paymentStatus: PaymentStatus;
  chargeCents: number;
  currency: string;
  attempts: number;
  nextAttemptAt: Date | null;
  invoiceNumber: string | null;
  createdAt: Date;
}

export interface StatementEntryRow {
  sourceId: string;
  kind: 'impression' | 'click' | 'credit';
  campaignId: string | null;
  amountE4: number;
  occurredAt: Date;
  credited: boolean;
  note: string | null;
}

/** Reads every advertiser's statements; each call runs in the caller's transaction (or the pool). */
export interface AdminBillingStore {
  /** Newest period first, by (period start, id) strictly before `after` when given. */
  page(
    tx: Db,
    query: { state?: PaymentStatus; after?: { periodStart: Date; id: string }; limit: number },
  ): Promise<AdminStatementRow[]>;
  /** Unpaid statements whose last finished attempt was declined, the oldest first. */
  declined(tx: Db): Promise<AdminStatementRow[]>;
  byId(tx: Db, id: string): Promise<AdminStatementRow | undefined>;
  /** Makes an unpaid statement's charge due at `at`; false when it is paid (or nothing was due). */
  makeDueNow(tx: Db, id: string, at: Date): Promise<boolean>;
  entries(tx: Db, statementId: string, limit: number): Promise<StatementEntryRow[]>;
}

export interface AdminBillingDeps {
  db: Db;
  outbox: Outbox;
  adminBilling: AdminBillingStore;
  payments: PaymentStore;
  refunds: RefundStore;
  /** Asks for a charge sweep now rather than at the next tick. */
  chargeNow: () => Promise<void>;
}

export const statementNotFoundMessage = 'No such statement.';
export const nothingToRetryMessage =
  'This statement has no declined charge to try again: it is paid, or its last attempt was not declined.';
export const badCursorMessage = 'The cursor is not one this list gave.';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The page's last statement as an opaque cursor: its period start and id. */
export const cursorOf = (row: AdminStatementRow) =>
  Buffer.from(`${row.periodStart.toISOString()}|${row.id}`).toString('base64url');

export function readCursor(cursor: string): { periodStart: Date; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const periodStart = new Date(at ?? '');
  if (rest.length > 0 || !id || !uuidPattern.test(id) || Number.isNaN(periodStart.getTime())) {
    throw badRequest(badCursorMessage, 'INVALID_CURSOR');
  }
  return { periodStart, id };
}

function toAdminStatement(
  row: AdminStatementRow,
  decline: DeclineRow | undefined,
  refunds: RefundRow[] = [],
): AdminStatement {
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    advertiserName: row.advertiserName,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    status: row.status,
    state: row.paymentStatus,
    chargeCents: row.chargeCents,
    currency: row.currency,
    attempts: row.attempts,
    nextAttemptAt: row.paymentStatus === 'due' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    lastDecline: decline
      ? { code: decline.code, message: decline.message, at: decline.at?.toISOString() ?? null }
      : null,
    invoiceNumber: row.invoiceNumber,
    refundedCents: refunds.reduce((sum, refund) => sum + refund.amountCents, 0),
    creditNotes: refunds.map((refund) =>
      toCreditNote(refund, row.invoiceNumber ?? '', adminCreditNoteUrl(refund.id)),
    ),
    createdAt: row.createdAt.toISOString(),
  };
}

async function withDeclines(deps: AdminBillingDeps, tx: Db, rows: AdminStatementRow[]) {
  const unpaid = rows.filter((row) => row.status === 'pending').map((row) => row.id);
  const declines = await deps.payments.lastDeclines(tx, unpaid);
  const paid = rows.filter((row) => row.paymentStatus === 'paid').map((row) => row.id);
  const refunds = await deps.refunds.forStatements(tx, paid);
  return rows.map((row) => toAdminStatement(row, declines.get(row.id), refunds.get(row.id)));
}

/** GET /api/admin/billing/statements: one more row than the page is read to know whether another follows. */
export async function listStatements(
  deps: AdminBillingDeps,
  query: { state?: PaymentStatus; cursor?: string; limit: number },
): Promise<AdminStatementPage> {
  const after = query.cursor === undefined ? undefined : readCursor(query.cursor);
  const rows = await deps.adminBilling.page(deps.db, { state: query.state, after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return {
    statements: await withDeclines(deps, deps.db, page),
    nextCursor: rows.length > query.limit ? cursorOf(page.at(-1)!) : null,
  };
}

export async function listFailedCharges(deps: AdminBillingDeps) {
  const rows = await deps.adminBilling.declined(deps.db);
  const statements = await withDeclines(deps, deps.db, rows);
  return {
    charges: statements.flatMap((statement) =>
      statement.lastDecline ? [{ ...statement, lastDecline: statement.lastDecline }] : [],
    ),
  };
}

/**
 * An admin's 'Retry now': a statement whose last attempt was declined is due at once, the change audited in
 * the same transaction; then a sweep is asked for. The attempt counts like any other (its number, its
 * idempotency key, and after the last configured retry a decline fails the statement again).
 */
export async function retryCharge(
  deps: AdminBillingDeps,
  statementId: string,
  admin: AuditContext & { userId: string },
  now = new Date(),
): Promise<AdminStatement> {
  const retried = await deps.db.tx(async (tx) => {
    const [locked] = await tx.query<{ id: string }>(`SELECT id FROM statements WHERE id = $1 FOR UPDATE`, [
      statementId,
    ]);
    if (!locked) throw notFound(statementNotFoundMessage);
    const before = (await deps.adminBilling.byId(tx, statementId))!;
    const decline = (await deps.payments.lastDeclines(tx, [statementId])).get(statementId);
    const last = await deps.payments.lastAttempt(tx, statementId);
    const declinedLast = last?.outcome === 'declined' || last?.outcome === 'no_payment_method';
    if (before.status !== 'pending' || !decline || !declinedLast) throw conflict(nothingToRetryMessage);
    if (!(await deps.adminBilling.makeDueNow(tx, statementId, now))) throw conflict(nothingToRetryMessage);
    await auditSuccess(tx, deps.outbox, admin, {
      action: 'billing.retry-charge',
      resource: 'statement',
      resourceId: statementId,
      advertiserId: before.advertiserId,
      oldData: { state: before.paymentStatus, attempts: before.attempts, lastDecline: decline.code },
      newData: { state: 'due', nextAttemptAt: now.toISOString() },
    });
    return toAdminStatement((await deps.adminBilling.byId(tx, statementId))!, decline);
  });
  await deps.chargeNow();
  return retried;
}

export async function statementEntries(
  deps: AdminBillingDeps,
  statementId: string,
): Promise<AdminStatementEntries> {
  const statement = await deps.adminBilling.byId(deps.db, statementId);
  if (!statement) throw notFound(statementNotFoundMessage);
  const rows = await deps.adminBilling.entries(deps.db, statementId, adminStatementEntryLimit + 1);
  return {
    currency: statement.currency,
    entries: rows.slice(0, adminStatementEntryLimit).map((row) => ({
      sourceId: row.sourceId,
      kind: row.kind,
      campaignId: row.campaignId,
      amountE4: row.amountE4,
      occurredAt: row.occurredAt.toISOString(),
      credited: row.credited,
      note: row.note,
    })),
    truncated: rows.length > adminStatementEntryLimit,
  };
}

/** The admin's view of one statement, as the list shows it (after a refund, to show it at once). */
export async function adminStatement(deps: AdminBillingDeps, statementId: string): Promise<AdminStatement> {
  const row = await deps.adminBilling.byId(deps.db, statementId);
  if (!row) throw notFound(statementNotFoundMessage);
  return (await withDeclines(deps, deps.db, [row]))[0]!;
}
