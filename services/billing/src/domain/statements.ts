import type { Db } from '@laundry/platform/db';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import { createEvent, payoutProcessedV2 } from '@laundry/contracts';
import { nextBoundary, periodFloor, type PeriodLength } from './billing-period.ts';
import { statementFigures } from './statement-figures.ts';
import { taxCents, taxTreatment } from './tax.ts';
import type { ClosedPeriod, PaymentDetails, Statement, StatementStore } from './statement-store.ts';

export interface StatementDeps {
  db: Db;
  statements: StatementStore;
  outbox: Outbox;
  period: PeriodLength;
  feeRateBp: number;
  /** The seller's country, for the tax of each statement (tax.ts); without it no tax is added. */
  sellerCountry?: string;
}

export interface ClosingResult {
  periods: ClosedPeriod[];
  statements: Statement[];
}

/** Where the open period starts: where the last closed one ended, else the period of the oldest unbilled entry. */
async function openPeriodStart(deps: StatementDeps, tx: Db, now: Date): Promise<Date | undefined> {
  const last = await deps.statements.lastPeriod(tx);
  const earliest = await deps.statements.earliestUnbilled(tx);
  if (!earliest) return undefined;
  if (!last) return periodFloor(deps.period, earliest);
  // Nothing happened for whole periods: start at the period of the next entry rather than close empty ones.
  if (earliest.getTime() >= nextBoundary(deps.period, last.end).getTime()) {
    const floor = periodFloor(deps.period, earliest);
    return floor.getTime() > last.end.getTime() ? floor : last.end;
  }
  return last.end.getTime() <= now.getTime() ? last.end : undefined;
}

/**
 * Closes one period [start, end): one statement per advertiser and currency with entries not yet billed that
 * happened before its end (a late event of an earlier period is billed here rather than lost). Each statement
 * is in its entries' currency: its spend rounds to that currency's minor unit (whole yen for JPY), and its fee,
 * tax and charge are minor units of it too. An advertiser whose credits outweigh its charges in a currency
 * waits for a later period. Runs inside the closing lock.
 */
async function closePeriod(
  deps: StatementDeps,
  tx: Db,
  period: { start: Date; end: Date; closedBy: 'schedule' | 'admin'; userId: string | null },
  now: Date,
): Promise<ClosingResult | undefined> {
  const closed = await deps.statements.insertPeriod(tx, period);
  if (!closed) return undefined;
  const statements: Statement[] = [];
  for (const totals of await deps.statements.unbilledTotals(tx, period.end)) {
    // Credits outweighing charges wait for later charges; credits that only cancel charges make no statement.
    if (totals.netE4 < 0 || (totals.netE4 === 0 && totals.impressions + totals.clicks === 0)) continue;
    const figures = statementFigures(totals.netE4, deps.feeRateBp, totals.currency);
    const tax = deps.sellerCountry
      ? taxTreatment(deps.sellerCountry, await deps.statements.taxBuyerOf(tx, totals.advertiserId))
      : ({ kind: 'none', rateBp: 0 } as const);
    const taxOwed = taxCents(figures.advertiserChargeCents, tax.rateBp);
    figures.advertiserChargeCents += taxOwed;
    const statement = await deps.statements.createStatement(
      tx,
      {
        advertiserId: totals.advertiserId,
        currency: totals.currency,
        periodId: closed.id,
        periodStart: period.start,
        periodEnd: period.end,
        impressions: totals.impressions,
        clicks: totals.clicks,
        revenueE4: totals.netE4,
        feeRateBp: deps.feeRateBp,
        ...figures,
        taxKind: tax.kind,
        taxRateBp: tax.rateBp,
        taxCountry: tax.kind === 'vat' ? tax.country : null,
        taxCents: taxOwed,
      },
      figures.advertiserChargeCents > 0 ? now : null,
    );
    statements.push(
      figures.advertiserChargeCents > 0
        ? statement
        : await processStatement(
            deps,
            tx,
            statement,
            { paymentIntentId: null, chargeId: null, notes: null },
            now,
          ),
    );
  }
  return { periods: [closed], statements };
}

/** Closes, in order and each once, every period whose end has passed; runs inside the closing lock. */
async function closeDueInLock(deps: StatementDeps, tx: Db, now: Date): Promise<ClosingResult> {
  const result: ClosingResult = { periods: [], statements: [] };
  for (;;) {
    const start = await openPeriodStart(deps, tx, now);
    if (!start) return result;
    const end = nextBoundary(deps.period, start);
    if (end.getTime() > now.getTime()) return result;
    const closed = await closePeriod(deps, tx, { start, end, closedBy: 'schedule', userId: null }, now);
    if (!closed) return result;
    result.periods.push(...closed.periods);
    result.statements.push(...closed.statements);
  }
}

/**
 * The scheduled close. Two runs at once (two workers, a repeated tick) serialise on the closing lock, and
 * the second finds nothing left to close.
 */
export async function closeDuePeriods(deps: StatementDeps, now = new Date()): Promise<ClosingResult> {
  return deps.db.tx(async (tx) => {
    await deps.statements.lockClosing(tx);
    return closeDueInLock(deps, tx, now);
  });
}

/**
 * An admin's close of the open period at once (after any whose end has passed): it ends now, and the next one runs from here to the next boundary. Closing again with nothing new to bill closes
 * nothing.
 */
export async function closeCurrentPeriod(
  deps: StatementDeps,
  admin: AuditContext & { userId: string },
  now = new Date(),
): Promise<ClosingResult> {
  return deps.db.tx(async (tx) => {
    const result = await closeCurrentInLock(deps, tx, admin.userId, now);
    await auditSuccess(tx, deps.outbox, admin, {
      action: 'billing.close-period',
      resource: 'billing_period',
      resourceId: result.periods.at(-1)?.id ?? null,
      advertiserId: null,
      newData: {
        periods: result.periods.map((period) => ({
          start: period.start.toISOString(),
          end: period.end.toISOString(),
        })),
        statements: result.statements.length,
      },
    });
    return result;
  });
}

async function closeCurrentInLock(
  deps: StatementDeps,
  tx: Db,
  adminId: string,
  now: Date,
): Promise<ClosingResult> {
  await deps.statements.lockClosing(tx);
  // An entry stamped at or after this instant (or arriving after this transaction) waits for the next close.
  const end = now;
  const result = await closeDueInLock(deps, tx, end);
  const start = await openPeriodStart(deps, tx, end);
  if (!start || start.getTime() >= end.getTime()) return result;
  const closed = await closePeriod(deps, tx, { start, end, closedBy: 'admin', userId: adminId }, now);
  if (!closed) return result;
  return {
    periods: [...result.periods, ...closed.periods],
    statements: [...result.statements, ...closed.statements],
  };
}

export const invoiceNumberOf = (year: number, sequence: number) =>
  `INV-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * A statement paid (or with nothing to pay) becomes processed: it takes the next invoice number of the year,
 * and payout.processed.v2 (its amounts in minor units of its currency, with the currency) goes out in the
 * same transaction. A statement already processed stays as it was, so a late or repeated confirmation
 * changes nothing.
 */
export async function processStatement(
  deps: Pick<StatementDeps, 'statements' | 'outbox'>,
  tx: Db,
  statement: Statement,
  payment: PaymentDetails,
  now: Date,
): Promise<Statement> {
  if (statement.status === 'processed') return statement;
  const year = now.getUTCFullYear();
  const invoiceNumber = invoiceNumberOf(year, await deps.statements.nextInvoiceNumber(tx, year));
  const paymentStatus = statement.advertiserChargeCents > 0 ? 'paid' : 'nothing_due';
  await deps.statements.markProcessed(tx, statement.id, {
    ...payment,
    paymentStatus,
    invoiceNumber,
    processedAt: now,
  });
  await deps.outbox.record(
    tx,
    createEvent(payoutProcessedV2, deps.outbox.producer, {
      payoutId: statement.id,
      advertiserId: statement.advertiserId,
      periodStart: statement.periodStart.toISOString(),
      periodEnd: statement.periodEnd.toISOString(),
      totalImpressions: statement.impressions,
      totalClicks: statement.clicks,
      totalRevenueCents: statement.totalRevenueCents,
      platformFeeCents: statement.platformFeeCents,
      advertiserChargeCents: statement.advertiserChargeCents,
      currency: statement.currency,
      status: 'processed',
      processedAt: now.toISOString(),
    }),
  );
  return {
    ...statement,
    status: 'processed',
    paymentStatus,
    invoiceNumber,
    processedAt: now,
    stripePaymentIntentId: payment.paymentIntentId ?? statement.stripePaymentIntentId,
    stripeChargeId: payment.chargeId ?? statement.stripeChargeId,
    payoutNotes: payment.notes ?? statement.payoutNotes,
  };
}
