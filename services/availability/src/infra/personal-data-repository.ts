import type { Db } from '@laundry/platform/db';
import type { PersonalDataStore } from '../domain/personal-data.ts';

export function createPersonalDataRepository(db: Db): PersonalDataStore {
  return {
    reports: (userId) =>
      db.query(
        `SELECT id, laundromat_id AS "laundromatId", kind, washers_free AS "washersFree",
                washers_total AS "washersTotal", dryers_free AS "dryersFree", dryers_total AS "dryersTotal",
                out_of_order_washers AS "outOfOrderWashers", out_of_order_dryers AS "outOfOrderDryers",
                wait_minutes AS "waitMinutes", note, distance_band AS "distanceBand", created_at AS "createdAt"
         FROM availability_reports WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
    confirmations: (userId) =>
      db.query(
        `SELECT report_id AS "reportId", agree, created_at AS "createdAt"
         FROM report_confirmations WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
    async anonymise(tx, userId) {
      const reports = await tx.query(
        `UPDATE availability_reports SET user_id = NULL, note = NULL WHERE user_id = $1 RETURNING id`,
        [userId],
      );
      const confirmations = await tx.query(
        `UPDATE report_confirmations SET user_id = NULL WHERE user_id = $1 RETURNING id`,
        [userId],
      );
      const feedKeys = await tx.query(
        `UPDATE feed_keys SET created_by = NULL WHERE created_by = $1 RETURNING id`,
        [userId],
      );
      return { reports: reports.length, confirmations: confirmations.length, feedKeys: feedKeys.length };
    },
  };
}
