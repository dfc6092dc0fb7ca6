import { notFound } from '@laundry/platform/errors';
import type { Db } from '@laundry/platform/db';
import {
  e4ToMinor,
  minorToDecimal,
  type BillingCurrency,
  type PayoutListItem,
  type RevenueAnalyticsResponse,
  type RevenuePayout,
} from '@laundry/contracts';
import type { LedgerStore } from './ledger-store.ts';
import type { Statement, StatementStore } from './statement-store.ts';

export interface PayoutDeps {
  db: Db;
  ledger: LedgerStore;
  statements: StatementStore;
}

export const payoutNotFoundMessage = 'Payout not found.';

/**
 * Minor units as a number of units of the currency, read from their decimal text: 380 USD is 3.8, 14198 JPY
 * is 14198 (a yen has no minor unit).
 */
export const minorToUnits = (minor: number, currency: BillingCurrency): number =>
  Number(minorToDecimal(minor, currency));

/** One statement as the API shows it (docs/product.md, Data), with its invoice number once processed. */
export type PayoutDetail = RevenuePayout & { invoiceNumber: string | null; paymentStatus: string };

export function toPayout(statement: Statement): PayoutDetail {
  return {
    id: statement.id,
    advertiserId: statement.advertiserId,
    periodStart: statement.periodStart.toISOString(),
    periodEnd: statement.periodEnd.toISOString(),
    totalImpressions: statement.impressions,
    totalClicks: statement.clicks,
    totalRevenue: minorToUnits(statement.totalRevenueCents, statement.currency),
    platformFee: minorToUnits(statement.platformFeeCents, statement.currency),
    advertiserCharge: minorToUnits(statement.advertiserChargeCents, statement.currency),
    currency: statement.currency,
    status: statement.status,
    stripePaymentIntentId: statement.stripePaymentIntentId,
    stripeChargeId: statement.stripeChargeId,
    payoutNotes: statement.payoutNotes,
    processedAt: statement.processedAt?.toISOString() ?? null,
    createdAt: statement.createdAt.toISOString(),
    invoiceNumber: statement.invoiceNumber,
    paymentStatus: statement.paymentStatus,
  };
}

/**
 * GET /api/payouts: the signed-in advertiser's statements, newest period first (docs/product.md, API calls).
 */
export async function listPayouts(deps: PayoutDeps, userId: string): Promise<PayoutListItem[]> {
  const advertisers = await deps.ledger.advertisersOf(deps.db, userId);
  const statements = await deps.statements.listFor(deps.db, advertisers);
  return statements.map((statement) => {
    const payout = toPayout(statement);
    return {
      id: payout.id,
      periodStart: payout.periodStart,
      periodEnd: payout.periodEnd,
      totalImpressions: payout.totalImpressions,
      totalClicks: payout.totalClicks,
      totalRevenue: payout.totalRevenue,
      currency: payout.currency,
      status: payout.status,
      platformFeeCents: statement.platformFeeCents,
      advertiserChargeCents: statement.advertiserChargeCents,
    };
  });
}

/** One of the signed-in advertiser's statements; another advertiser's is not found, as if it did not exist. */
export async function ownStatement(deps: PayoutDeps, userId: string, id: string): Promise<Statement> {
  const statement = await deps.statements.byId(deps.db, id);
  if (!statement) throw notFound(payoutNotFoundMessage);
  const owner = await deps.ledger.ownerOf(deps.db, statement.advertiserId);
  if (owner !== userId) throw notFound(payoutNotFoundMessage);
  return statement;
}

/**
 * GET /api/analytics/revenue, for the signed-in advertiser, in its billing currency (the currency of its newest
 * ledger entry; USD before any): totalRevenue is every counted impression and click so far (the open period
 * too) less credits, rounded to the minor unit once; the payouts are the statements' charges (revenue plus the
 * platform fee): pending ones not yet paid, processed ones paid, and their sum. Entries and statements of
 * another currency (dollars billed before the advertiser chose yen) are never added in.
 */
export async function revenueAnalytics(deps: PayoutDeps, userId: string): Promise<RevenueAnalyticsResponse> {
  const advertisers = await deps.ledger.advertisersOf(deps.db, userId);
  const [totals] = await deps.ledger.totals(deps.db, advertisers);
  const currency: BillingCurrency = totals?.currency ?? 'USD';
  const statements = (await deps.statements.listFor(deps.db, advertisers)).filter(
    (statement) => statement.currency === currency,
  );
  const sum = (status: Statement['status']) =>
    statements
      .filter((statement) => statement.status === status)
      .reduce((minor, statement) => minor + statement.advertiserChargeCents, 0);
  const pending = sum('pending');
  const processed = sum('processed');
  return {
    totalRevenue: minorToUnits(e4ToMinor(Math.max(0, totals?.netE4 ?? 0), currency), currency),
    totalPayouts: minorToUnits(pending + processed, currency),
    pendingPayouts: minorToUnits(pending, currency),
    processedPayouts: minorToUnits(processed, currency),
    currency,
  };
}
