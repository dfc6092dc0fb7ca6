import type { Db } from '@laundry/platform/db';
import { laundromatOwnerOf } from '@laundry/platform/bus';
import type { OwnerFeedStore, StoredOwnerFeedKey } from '../domain/owner-feeds.ts';

const columns = `id, label, created_at AS "createdAt", revoked_at AS "revokedAt", last_message_at AS "lastMessageAt"`;
type Row = {
  id: string;
  label: string | null;
  createdAt: Date | string;
  revokedAt: Date | string | null;
  lastMessageAt: Date | string | null;
};
const date = (value: Date | string | null) => (value === null ? null : new Date(value));
const toKey = (row: Row): StoredOwnerFeedKey => ({
  id: row.id,
  label: row.label,
  createdAt: new Date(row.createdAt),
  revokedAt: date(row.revokedAt),
  lastMessageAt: date(row.lastMessageAt),
});

export function createOwnerFeedRepository(db: Db): OwnerFeedStore {
  return {
    ownerOf: (laundromatId) => laundromatOwnerOf(db, laundromatId),
    async keysOf(laundromatId) {
      const rows = await db.query<Row>(
        `SELECT ${columns} FROM feed_keys WHERE laundromat_id = $1 ORDER BY created_at DESC, id LIMIT 100`,
        [laundromatId],
      );
      return rows.map(toKey);
    },
    async keyOf(tx, laundromatId, keyId) {
      const [row] = await tx.query<Row>(
        `SELECT ${columns} FROM feed_keys WHERE id = $1 AND laundromat_id = $2 FOR UPDATE`,
        [keyId, laundromatId],
      );
      return row && toKey(row);
    },
    async insertKey(tx, key) {
      const [row] = await tx.query<Row>(
        `INSERT INTO feed_keys (laundromat_id, label, key_hash, created_by) VALUES ($1, $2, $3, $4)
         RETURNING ${columns}`,
        [key.laundromatId, key.label, key.hash, key.createdBy],
      );
      return toKey(row!);
    },
    async endKey(tx, keyId, at) {
      await tx.query(
        'UPDATE feed_keys SET revoked_at = least(coalesce(revoked_at, $2::timestamptz), $2::timestamptz) WHERE id = $1',
        [keyId, at.toISOString()],
      );
    },
  };
}
