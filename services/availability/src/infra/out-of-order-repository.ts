import type { Db } from '@laundry/platform/db';
import type { OutOfOrderStore } from '../domain/out-of-order.ts';

/**
 * The newest report per laundromat that counted machines or named broken ones, after the last 'Mark fixed'
 * there: what it says about broken machines stands until another report does.
 */
const latestSinceFix = (where: string) => `
  SELECT DISTINCT ON (r.laundromat_id) r.laundromat_id AS "laundromatId",
         r.out_of_order_washers AS washers, r.out_of_order_dryers AS dryers, r.created_at AS "reportedAt"
  FROM availability_reports r LEFT JOIN out_of_order_fixes f ON f.laundromat_id = r.laundromat_id
  WHERE (r.kind = 'counts' OR r.out_of_order_washers > 0 OR r.out_of_order_dryers > 0)
    AND (f.fixed_at IS NULL OR r.created_at > f.fixed_at) ${where}
  ORDER BY r.laundromat_id, r.created_at DESC`;

type Row = { laundromatId: string; washers: number; dryers: number; reportedAt: Date | string };
const toEntry = (row: Row) => ({ ...row, reportedAt: new Date(row.reportedAt) });

export function createOutOfOrderRepository(db: Db): OutOfOrderStore {
  return {
    async list(limit) {
      const rows = await db.query<Row>(
        `SELECT * FROM (${latestSinceFix('')}) latest
         WHERE washers > 0 OR dryers > 0 ORDER BY "reportedAt" DESC LIMIT $1`,
        [limit],
      );
      return rows.map(toEntry);
    },
    async current(tx, laundromatId) {
      const [row] = await tx.query<Row>(latestSinceFix('AND r.laundromat_id = $1'), [laundromatId]);
      return row && (row.washers > 0 || row.dryers > 0) ? toEntry(row) : undefined;
    },
    async markFixed(tx, laundromatId, adminId, now) {
      await tx.query(
        `INSERT INTO out_of_order_fixes (laundromat_id, fixed_at, fixed_by) VALUES ($1, $2, $3)
         ON CONFLICT (laundromat_id) DO UPDATE SET fixed_at = EXCLUDED.fixed_at, fixed_by = EXCLUDED.fixed_by`,
        [laundromatId, now.toISOString(), adminId],
      );
    },
  };
}
