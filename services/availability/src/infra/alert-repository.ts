import type { Db } from '@laundry/platform/db';
import type { AlertStore, StoredAlert } from '../domain/availability-alerts.ts';

const columns = `id, user_id AS "userId", laundromat_id AS "laundromatId", laundromat_name AS "laundromatName",
  machine, language, endpoint, p256dh, auth, created_at AS "createdAt", expires_at AS "expiresAt"`;

type Row = Omit<StoredAlert, 'createdAt' | 'expiresAt'> & {
  createdAt: Date | string;
  expiresAt: Date | string;
};

const toAlert = (row: Row): StoredAlert => ({
  ...row,
  createdAt: new Date(row.createdAt),
  expiresAt: new Date(row.expiresAt),
});

export function createAlertRepository(db: Db): AlertStore & {
  ofUser(userId: string): Promise<Record<string, unknown>[]>;
  eraseUser(tx: Db, userId: string): Promise<number>;
} {
  return {
    async save(alert) {
      const [row] = await db.query<Row>(
        `INSERT INTO availability_alerts
           (user_id, laundromat_id, laundromat_name, machine, language, endpoint, p256dh, auth, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (laundromat_id, machine, endpoint) DO UPDATE SET
           user_id = EXCLUDED.user_id, laundromat_name = EXCLUDED.laundromat_name, language = EXCLUDED.language,
           p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = EXCLUDED.created_at,
           expires_at = EXCLUDED.expires_at
         RETURNING ${columns}`,
        [
          alert.userId,
          alert.laundromatId,
          alert.laundromatName,
          alert.machine,
          alert.language,
          alert.endpoint,
          alert.p256dh,
          alert.auth,
          alert.createdAt.toISOString(),
          alert.expiresAt.toISOString(),
        ],
      );
      return toAlert(row!);
    },
    async waiting(laundromatId, machines, now) {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM availability_alerts
         WHERE laundromat_id = $1 AND machine = ANY($2::text[]) AND expires_at > $3 ORDER BY created_at`,
        [laundromatId, [...machines], now.toISOString()],
      );
      return rows.map((row) => row.id);
    },
    async take(tx, id, now) {
      const [row] = await tx.query<Row>(
        `DELETE FROM availability_alerts WHERE id = $1 AND expires_at > $2 RETURNING ${columns}`,
        [id, now.toISOString()],
      );
      return row ? toAlert(row) : undefined;
    },
    async purgeExpired(now) {
      const rows = await db.query(`DELETE FROM availability_alerts WHERE expires_at <= $1 RETURNING id`, [
        now.toISOString(),
      ]);
      return rows.length;
    },
    async waitingFor(userId, laundromatId, now) {
      const rows = await db.query<Row>(
        `SELECT ${columns} FROM availability_alerts
         WHERE user_id = $1 AND laundromat_id = $2 AND expires_at > $3 ORDER BY created_at`,
        [userId, laundromatId, now.toISOString()],
      );
      return rows.map(toAlert);
    },
    async cancel(userId, laundromatId, alertId) {
      const rows = await db.query(
        `DELETE FROM availability_alerts WHERE id = $1 AND user_id = $2 AND laundromat_id = $3 RETURNING id`,
        [alertId, userId, laundromatId],
      );
      return rows.length > 0;
    },
    async supersededSince(laundromatId, computedAt) {
      // The event carries milliseconds; the stored time may have microseconds beyond them.
      const rows = await db.query(
        `SELECT 1 FROM live_states
         WHERE laundromat_id = $1 AND date_trunc('milliseconds', computed_at) > $2::timestamptz`,
        [laundromatId, computedAt],
      );
      return rows.length > 0;
    },
    // The export names the browser's push address, not its keys: they only serve to encrypt for it.
    ofUser: (userId) =>
      db.query(
        `SELECT id, laundromat_id AS "laundromatId", laundromat_name AS "laundromatName", machine, language,
                endpoint, created_at AS "createdAt", expires_at AS "expiresAt"
         FROM availability_alerts WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
    async eraseUser(tx, userId) {
      const rows = await tx.query(`DELETE FROM availability_alerts WHERE user_id = $1 RETURNING id`, [
        userId,
      ]);
      return rows.length;
    },
  };
}
