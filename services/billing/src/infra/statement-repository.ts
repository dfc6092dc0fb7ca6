import type { Db } from '@laundry/platform/db';
import { asBillingCurrency } from '@laundry/contracts';
import type {
  ClosedPeriod,
  Statement,
  StatementStore,
  TaxBuyerRow,
  UnbilledTotals,
} from '../domain/statement-store.ts';

const columns = `
  id, advertiser_id AS "advertiserId", period_id AS "periodId", period_start AS "periodStart",
  period_end AS "periodEnd", total_impressions AS impressions, total_clicks AS clicks,
  revenue_e4::text AS "revenueE4", total_revenue_cents::text AS "totalRevenueCents",
  fee_rate_bp AS "feeRateBp", platform_fee_cents::text AS "platformFeeCents",
  advertiser_charge_cents::text AS "advertiserChargeCents", currency, status, payment_status AS "paymentStatus",
  attempts, next_attempt_at AS "nextAttemptAt", stripe_payment_intent_id AS "stripePaymentIntentId",
  stripe_charge_id AS "stripeChargeId", payout_notes AS "payoutNotes", invoice_number AS "invoiceNumber",
  processed_at AS "processedAt", created_at AS "createdAt", tax_kind AS "taxKind", tax_rate_bp AS "taxRateBp",
  tax_country AS "taxCountry", tax_cents::text AS "taxCents"`;

type StatementRow = Omit<
  Statement,
  'revenueE4' | 'totalRevenueCents' | 'platformFeeCents' | 'advertiserChargeCents' | 'taxCents' | 'currency'
> & {
  currency: string;
  taxCents: string;
  revenueE4: string;
  totalRevenueCents: string;
  platformFeeCents: string;
  advertiserChargeCents: string;
};

const date = (value: Date | string) => new Date(value);
const optionalDate = (value: Date | string | null) => (value === null ? null : new Date(value));

function toStatement(row: StatementRow): Statement {
  return {
    ...row,
    currency: asBillingCurrency(row.currency),
    periodStart: date(row.periodStart),
    periodEnd: date(row.periodEnd),
    revenueE4: Number(row.revenueE4),
    totalRevenueCents: Number(row.totalRevenueCents),
    platformFeeCents: Number(row.platformFeeCents),
    advertiserChargeCents: Number(row.advertiserChargeCents),
    taxCents: Number(row.taxCents),
    nextAttemptAt: optionalDate(row.nextAttemptAt),
    processedAt: optionalDate(row.processedAt),
    createdAt: date(row.createdAt),
  };
}

interface PeriodRow {
  id: string;
  start: Date | string;
  end: Date | string;
}
const toPeriod = (row: PeriodRow): ClosedPeriod => ({
  id: row.id,
  start: date(row.start),
  end: date(row.end),
});

export function createStatementRepository(): StatementStore {
  const byId = async (tx: Db, id: string, lock: boolean) => {
    const [row] = await tx.query<StatementRow>(
      `SELECT ${columns} FROM statements WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row ? toStatement(row) : undefined;
  };

  return {
    async lockClosing(tx) {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('billing:close-period'))`);
    },

    async lastPeriod(tx) {
      const [row] = await tx.query<PeriodRow>(
        `SELECT id, period_start AS start, period_end AS "end" FROM billing_periods ORDER BY period_end DESC LIMIT 1`,
      );
      return row ? toPeriod(row) : undefined;
    },

    async earliestUnbilled(tx) {
      const [row] = await tx.query<{ at: Date | string | null }>(
        `SELECT min(e.occurred_at) AS at FROM ledger_entries e
         WHERE NOT EXISTS (SELECT 1 FROM statement_entries s WHERE s.entry_id = e.id)`,
      );
      return row?.at ? date(row.at) : undefined;
    },

    async insertPeriod(tx, period) {
      const [row] = await tx.query<PeriodRow>(
        `INSERT INTO billing_periods (period_start, period_end, closed_by, closed_by_user_id)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING
         RETURNING id, period_start AS start, period_end AS "end"`,
        [period.start.toISOString(), period.end.toISOString(), period.closedBy, period.userId],
      );
      return row ? toPeriod(row) : undefined;
    },

    async unbilledTotals(tx, before): Promise<UnbilledTotals[]> {
      const rows = await tx.query<{
        advertiserId: string;
        currency: string;
        impressions: number;
        clicks: number;
        netE4: string;
      }>(
        `SELECT e.advertiser_id AS "advertiserId", e.currency,
                count(*) FILTER (WHERE e.kind = 'impression')::int AS impressions,
                count(*) FILTER (WHERE e.kind = 'click')::int AS clicks,
                sum(CASE WHEN e.kind = 'credit' THEN -e.amount_e4 ELSE e.amount_e4 END)::text AS "netE4"
         FROM ledger_entries e
         WHERE e.occurred_at < $1
           AND NOT EXISTS (SELECT 1 FROM statement_entries s WHERE s.entry_id = e.id)
         GROUP BY e.advertiser_id, e.currency ORDER BY e.advertiser_id, e.currency`,
        [before.toISOString()],
      );
      return rows.map((row) => ({
        ...row,
        currency: asBillingCurrency(row.currency),
        netE4: Number(row.netE4),
      }));
    },

    async createStatement(tx, statement, firstAttemptAt) {
      const [row] = await tx.query<StatementRow>(
        `INSERT INTO statements (advertiser_id, period_id, period_start, period_end, total_impressions, total_clicks,
                                 revenue_e4, total_revenue_cents, fee_rate_bp, platform_fee_cents,
                                 advertiser_charge_cents, next_attempt_at, tax_kind, tax_rate_bp, tax_country,
                                 tax_cents, currency)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         RETURNING ${columns}`,
        [
          statement.advertiserId,
          statement.periodId,
          statement.periodStart.toISOString(),
          statement.periodEnd.toISOString(),
          statement.impressions,
          statement.clicks,
          statement.revenueE4,
          statement.totalRevenueCents,
          statement.feeRateBp,
          statement.platformFeeCents,
          statement.advertiserChargeCents,
          firstAttemptAt?.toISOString() ?? null,
          statement.taxKind,
          statement.taxRateBp,
          statement.taxCountry,
          statement.taxCents,
          statement.currency,
        ],
      );
      const created = toStatement(row!);
      await tx.query(
        `INSERT INTO statement_entries (entry_id, statement_id)
         SELECT e.id, $1 FROM ledger_entries e
         WHERE e.advertiser_id = $2 AND e.currency = $4 AND e.occurred_at < $3
           AND NOT EXISTS (SELECT 1 FROM statement_entries s WHERE s.entry_id = e.id)`,
        [created.id, statement.advertiserId, statement.periodEnd.toISOString(), statement.currency],
      );
      return created;
    },

    async campaignSpend(tx, statementId) {
      const rows = await tx.query<{
        campaignId: string | null;
        impressions: number;
        clicks: number;
        netE4: string;
      }>(
        `SELECT e.campaign_id AS "campaignId",
                count(*) FILTER (WHERE e.kind = 'impression')::int AS impressions,
                count(*) FILTER (WHERE e.kind = 'click')::int AS clicks,
                sum(CASE WHEN e.kind = 'credit' THEN -e.amount_e4 ELSE e.amount_e4 END)::text AS "netE4"
         FROM statement_entries s JOIN ledger_entries e ON e.id = s.entry_id
         WHERE s.statement_id = $1 AND e.kind <> 'refund'
         GROUP BY e.campaign_id ORDER BY e.campaign_id NULLS LAST`,
        [statementId],
      );
      return rows.map((row) => ({ ...row, netE4: Number(row.netE4) }));
    },

    async taxBuyerOf(tx, advertiserId) {
      const [row] = await tx.query<TaxBuyerRow>(
        `SELECT d.country, d.tax_id_status AS "taxIdStatus"
         FROM advertiser_owners o JOIN billing_details d ON d.user_id = o.user_id
         WHERE o.advertiser_id = $1`,
        [advertiserId],
      );
      return row;
    },

    lock: (tx, id) => byId(tx, id, true),
    byId: (tx, id) => byId(tx, id, false),

    async listFor(tx, advertiserIds) {
      if (advertiserIds.length === 0) return [];
      const rows = await tx.query<StatementRow>(
        `SELECT ${columns} FROM statements WHERE advertiser_id = ANY($1::uuid[])
         ORDER BY period_start DESC, created_at DESC`,
        [advertiserIds],
      );
      return rows.map(toStatement);
    },

    async nextInvoiceNumber(tx, year) {
      const [row] = await tx.query<{ number: number }>(
        `INSERT INTO invoice_counters (year, last_number) VALUES ($1, 1)
         ON CONFLICT (year) DO UPDATE SET last_number = invoice_counters.last_number + 1
         RETURNING last_number AS number`,
        [year],
      );
      return row!.number;
    },

    async markProcessed(tx, id, change) {
      await tx.query(
        `UPDATE statements SET status = 'processed', payment_status = $2, invoice_number = $3, processed_at = $4,
                stripe_payment_intent_id = COALESCE($5, stripe_payment_intent_id),
                stripe_charge_id = COALESCE($6, stripe_charge_id),
                payout_notes = COALESCE($7, payout_notes), next_attempt_at = NULL
         WHERE id = $1`,
        [
          id,
          change.paymentStatus,
          change.invoiceNumber,
          change.processedAt.toISOString(),
          change.paymentIntentId,
          change.chargeId,
          change.notes,
        ],
      );
    },
  };
}
