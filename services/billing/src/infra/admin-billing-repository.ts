import type { Db } from '@laundry/platform/db';
import type { AdminBillingStore, AdminStatementRow, StatementEntryRow } from '../domain/admin-billing.ts';

interface Row {
  id: string;
  advertiserId: string;
  advertiserName: string | null;
  periodStart: Date | string;
  periodEnd: Date | string;
  status: 'pending' | 'processed';
  paymentStatus: AdminStatementRow['paymentStatus'];
  chargeCents: string;
  currency: string;
  attempts: number;
  nextAttemptAt: Date | string | null;
  invoiceNumber: string | null;
  createdAt: Date | string;
}

// The advertiser's name is the legal name of its owner's billing details: billing's own record of it.
const select = `
  SELECT s.id, s.advertiser_id AS "advertiserId", d.legal_name AS "advertiserName",
         s.period_start AS "periodStart", s.period_end AS "periodEnd", s.status,
         s.payment_status AS "paymentStatus", s.advertiser_charge_cents::text AS "chargeCents", s.currency,
         s.attempts, s.next_attempt_at AS "nextAttemptAt", s.invoice_number AS "invoiceNumber",
         s.created_at AS "createdAt"
  FROM statements s
  LEFT JOIN advertiser_owners o ON o.advertiser_id = s.advertiser_id
  LEFT JOIN billing_details d ON d.user_id = o.user_id`;

const toRow = (row: Row): AdminStatementRow => ({
  ...row,
  periodStart: new Date(row.periodStart),
  periodEnd: new Date(row.periodEnd),
  chargeCents: Number(row.chargeCents),
  currency: row.currency.trim().toUpperCase(),
  nextAttemptAt: row.nextAttemptAt === null ? null : new Date(row.nextAttemptAt),
  createdAt: new Date(row.createdAt),
});

export function createAdminBillingRepository(): AdminBillingStore {
  return {
    async page(tx: Db, query) {
      const where: string[] = [];
      const values: unknown[] = [];
      if (query.state) {
        values.push(query.state);
        where.push(`s.payment_status = $${values.length}`);
      }
      if (query.after) {
        values.push(query.after.periodStart.toISOString(), query.after.id);
        where.push(`(s.period_start, s.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
      }
      values.push(query.limit);
      const rows = await tx.query<Row>(
        `${select} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY s.period_start DESC, s.id DESC LIMIT $${values.length}`,
        values,
      );
      return rows.map(toRow);
    },

    async declined(tx) {
      // Unpaid, and the last attempt that finished was declined (or found no card).
      const rows = await tx.query<Row>(
        `${select}
         WHERE s.status = 'pending' AND s.payment_status IN ('due', 'failed') AND s.attempts > 0
           AND (SELECT a.outcome FROM charge_attempts a WHERE a.statement_id = s.id AND a.outcome <> 'started'
                ORDER BY a.attempt DESC LIMIT 1) IN ('declined', 'no_payment_method')
         ORDER BY s.created_at, s.id LIMIT 500`,
      );
      return rows.map(toRow);
    },

    async byId(tx, id) {
      const [row] = await tx.query<Row>(`${select} WHERE s.id = $1`, [id]);
      return row ? toRow(row) : undefined;
    },

    async makeDueNow(tx, id, at) {
      const rows = await tx.query(
        `UPDATE statements SET payment_status = 'due', next_attempt_at = $2
         WHERE id = $1 AND status = 'pending' AND payment_status IN ('due', 'failed') RETURNING id`,
        [id, at.toISOString()],
      );
      return rows.length === 1;
    },

    async entries(tx, statementId, limit) {
      const rows = await tx.query<{
        sourceId: string;
        kind: StatementEntryRow['kind'];
        campaignId: string | null;
        amountE4: string;
        occurredAt: Date | string;
        credited: boolean;
        note: string | null;
      }>(
        `SELECT e.source_id AS "sourceId", e.kind, e.campaign_id AS "campaignId", e.amount_e4::text AS "amountE4",
                e.occurred_at AS "occurredAt", e.note,
                EXISTS (SELECT 1 FROM ledger_entries c WHERE c.corrects_source_id = e.source_id) AS credited
         FROM statement_entries s JOIN ledger_entries e ON e.id = s.entry_id
         WHERE s.statement_id = $1 AND e.kind <> 'refund'
         ORDER BY e.occurred_at DESC, e.id DESC LIMIT $2`,
        [statementId, limit],
      );
      return rows.map((row) => ({
        ...row,
        amountE4: Number(row.amountE4),
        occurredAt: new Date(row.occurredAt),
      }));
    },
  };
}
