import { asBillingCurrency } from '@laundry/contracts';
import type { AdvertiserLedgerTotals, LedgerEntry, LedgerStore } from '../domain/ledger-store.ts';

interface EntryRow {
  sourceId: string;
  kind: LedgerEntry['kind'];
  advertiserId: string;
  campaignId: string | null;
  debitAccount: string;
  creditAccount: string;
  amountE4: string;
  currency: string;
  occurredAt: Date | string;
  correctsSourceId: string | null;
  note: string | null;
}

export function createLedgerRepository(): LedgerStore {
  return {
    async rememberOwner(tx, advertiserId, userId) {
      await tx.query(
        `INSERT INTO advertiser_owners (advertiser_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [advertiserId, userId],
      );
    },

    async post(tx, entry) {
      const rows = await tx.query(
        `INSERT INTO ledger_entries (source_id, kind, advertiser_id, campaign_id, debit_account, credit_account,
                                     amount_e4, occurred_at, corrects_source_id, note, currency)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (source_id) DO NOTHING RETURNING id`,
        [
          entry.sourceId,
          entry.kind,
          entry.advertiserId,
          entry.campaignId,
          entry.debitAccount,
          entry.creditAccount,
          entry.amountE4,
          entry.occurredAt.toISOString(),
          entry.correctsSourceId,
          entry.note,
          entry.currency,
        ],
      );
      return rows.length === 1;
    },

    async entryBySource(tx, sourceId) {
      const [row] = await tx.query<EntryRow>(
        `SELECT source_id AS "sourceId", kind, advertiser_id AS "advertiserId", campaign_id AS "campaignId",
                debit_account AS "debitAccount", credit_account AS "creditAccount", amount_e4::text AS "amountE4",
                currency, occurred_at AS "occurredAt", corrects_source_id AS "correctsSourceId", note
         FROM ledger_entries WHERE source_id = $1`,
        [sourceId],
      );
      if (!row) return undefined;
      return {
        ...row,
        amountE4: Number(row.amountE4),
        currency: asBillingCurrency(row.currency),
        occurredAt: new Date(row.occurredAt),
      };
    },

    async advertisersOf(tx, userId) {
      const rows = await tx.query<{ advertiserId: string }>(
        `SELECT advertiser_id AS "advertiserId" FROM advertiser_owners WHERE user_id = $1`,
        [userId],
      );
      return rows.map((row) => row.advertiserId);
    },

    async ownerOf(tx, advertiserId) {
      const [row] = await tx.query<{ userId: string }>(
        `SELECT user_id AS "userId" FROM advertiser_owners WHERE advertiser_id = $1`,
        [advertiserId],
      );
      return row?.userId;
    },

    async currencyOf(tx, advertiserIds) {
      if (advertiserIds.length === 0) return undefined;
      const [row] = await tx.query<{ currency: string }>(
        `SELECT currency FROM ledger_entries WHERE advertiser_id = ANY($1::uuid[])
         ORDER BY occurred_at DESC, id DESC LIMIT 1`,
        [advertiserIds],
      );
      return row ? asBillingCurrency(row.currency) : undefined;
    },

    async totals(tx, advertiserIds): Promise<AdvertiserLedgerTotals[]> {
      if (advertiserIds.length === 0) return [];
      const rows = await tx.query<{ currency: string; impressions: number; clicks: number; netE4: string }>(
        `SELECT currency,
                count(*) FILTER (WHERE kind = 'impression')::int AS impressions,
                count(*) FILTER (WHERE kind = 'click')::int AS clicks,
                COALESCE(sum(CASE WHEN kind = 'credit' THEN -amount_e4 ELSE amount_e4 END), 0)::text AS "netE4"
         FROM ledger_entries WHERE advertiser_id = ANY($1::uuid[]) AND kind <> 'refund'
         GROUP BY currency ORDER BY max(occurred_at) DESC, currency`,
        [advertiserIds],
      );
      return rows.map((row) => ({
        currency: asBillingCurrency(row.currency),
        impressions: row.impressions,
        clicks: row.clicks,
        netE4: Number(row.netE4),
      }));
    },
  };
}
