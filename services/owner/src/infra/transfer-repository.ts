import type { TransferRow, TransferStore } from '../domain/transfer-store.ts';

const columns = `id, claim_id AS "claimId", laundromat_id AS "laundromatId", from_user_id AS "fromUserId",
  to_email AS "toEmail", status, expires_at AS "expiresAt", to_user_id AS "toUserId",
  new_claim_id AS "newClaimId", created_at AS "createdAt", updated_at AS "updatedAt"`;

export function createTransferRepository(): TransferStore {
  return {
    async insert(tx, transfer, now) {
      const [row] = await tx.query<TransferRow>(
        `INSERT INTO claim_transfers (id, claim_id, laundromat_id, from_user_id, to_email, status, expires_at,
                                      created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $7)
         ON CONFLICT DO NOTHING RETURNING ${columns}`,
        [
          transfer.id,
          transfer.claimId,
          transfer.laundromatId,
          transfer.fromUserId,
          transfer.toEmail,
          transfer.expiresAt,
          now,
        ],
      );
      return row;
    },
    async lock(tx, id) {
      const [row] = await tx.query<TransferRow>(
        `SELECT ${columns} FROM claim_transfers WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return row;
    },
    async find(db, id) {
      const [row] = await db.query<TransferRow>(`SELECT ${columns} FROM claim_transfers WHERE id = $1`, [id]);
      return row;
    },
    async pendingOf(tx, claimId) {
      const [row] = await tx.query<TransferRow>(
        `SELECT ${columns} FROM claim_transfers WHERE claim_id = $1 AND status = 'pending' FOR UPDATE`,
        [claimId],
      );
      return row;
    },
    async expire(tx, claimId, now) {
      await tx.query(
        `UPDATE claim_transfers SET status = 'expired', updated_at = $2
         WHERE claim_id = $1 AND status = 'pending' AND expires_at <= $2`,
        [claimId, now],
      );
    },
    async end(tx, id, change, now) {
      const [row] = await tx.query<TransferRow>(
        `UPDATE claim_transfers SET status = $2, to_user_id = $3, new_claim_id = $4, updated_at = $5
         WHERE id = $1 RETURNING ${columns}`,
        [id, change.status, change.toUserId ?? null, change.newClaimId ?? null, now],
      );
      return row!;
    },
    async startedSince(db, userId, since) {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM claim_transfers WHERE from_user_id = $1 AND created_at > $2',
        [userId, since],
      );
      return row!.n;
    },
    pendingFrom(db, userId, now) {
      return db.query<TransferRow>(
        `SELECT ${columns} FROM claim_transfers
         WHERE from_user_id = $1 AND status = 'pending' AND expires_at > $2 ORDER BY created_at`,
        [userId, now],
      );
    },
    ofUser(db, userId) {
      return db.query<TransferRow>(
        `SELECT ${columns} FROM claim_transfers WHERE from_user_id = $1 OR to_user_id = $1 ORDER BY created_at`,
        [userId],
      );
    },
    async deleteAcceptedBy(tx, userId) {
      const rows = await tx.query(`DELETE FROM claim_transfers WHERE to_user_id = $1 RETURNING id`, [userId]);
      return rows.length;
    },
    async deleteFrom(tx, userId) {
      const rows = await tx.query(`DELETE FROM claim_transfers WHERE from_user_id = $1 RETURNING id`, [
        userId,
      ]);
      return rows.length;
    },
  };
}
