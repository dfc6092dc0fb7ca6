import type { Db } from '@laundry/platform/db';
import type { RefundRow, RefundStore } from '../domain/refund-store.ts';

const columns = `id, statement_id AS "statementId", amount_cents::text AS "amountCents", currency, reason,
  credit_note_number AS "creditNoteNumber", provider_refund_id AS "providerRefundId",
  admin_user_id AS "adminUserId", created_at AS "createdAt"`;

type Row = Omit<RefundRow, 'amountCents' | 'createdAt'> & { amountCents: string; createdAt: Date | string };

const toRefund = (row: Row): RefundRow => ({
  ...row,
  amountCents: Number(row.amountCents),
  currency: row.currency.trim().toUpperCase(),
  createdAt: new Date(row.createdAt),
});

export function createRefundRepository(): RefundStore {
  return {
    async refundedCents(tx: Db, statementId) {
      const [row] = await tx.query<{ cents: string }>(
        `SELECT COALESCE(sum(amount_cents), 0)::text AS cents FROM refunds WHERE statement_id = $1`,
        [statementId],
      );
      return Number(row!.cents);
    },

    async nextCreditNoteNumber(tx, year) {
      const [row] = await tx.query<{ number: number }>(
        `INSERT INTO credit_note_counters (year, last_number) VALUES ($1, 1)
         ON CONFLICT (year) DO UPDATE SET last_number = credit_note_counters.last_number + 1
         RETURNING last_number AS number`,
        [year],
      );
      return row!.number;
    },

    async insert(tx, refund) {
      await tx.query(
        `INSERT INTO refunds (id, statement_id, amount_cents, currency, reason, credit_note_number,
                              provider_refund_id, admin_user_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          refund.id,
          refund.statementId,
          refund.amountCents,
          refund.currency,
          refund.reason,
          refund.creditNoteNumber,
          refund.providerRefundId,
          refund.adminUserId,
          refund.createdAt.toISOString(),
        ],
      );
    },

    async attachEntry(tx, sourceId, statementId) {
      await tx.query(
        `INSERT INTO statement_entries (entry_id, statement_id)
         SELECT id, $2 FROM ledger_entries WHERE source_id = $1`,
        [sourceId, statementId],
      );
    },

    async byId(tx, id) {
      const [row] = await tx.query<Row>(`SELECT ${columns} FROM refunds WHERE id = $1`, [id]);
      return row ? toRefund(row) : undefined;
    },

    async forStatements(tx, statementIds) {
      const byStatement = new Map<string, RefundRow[]>();
      if (statementIds.length === 0) return byStatement;
      const rows = await tx.query<Row>(
        `SELECT ${columns} FROM refunds WHERE statement_id = ANY($1::uuid[]) ORDER BY created_at, id`,
        [statementIds],
      );
      for (const row of rows.map(toRefund)) {
        byStatement.set(row.statementId, [...(byStatement.get(row.statementId) ?? []), row]);
      }
      return byStatement;
    },
  };
}
