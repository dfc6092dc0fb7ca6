import type { ClaimChange, ClaimRow, ClaimStore } from '../domain/claim-store.ts';
import { openStatuses } from '../domain/claim-store.ts';

const columns = `id, laundromat_id AS "laundromatId", user_id AS "userId", method, status, email,
  code_hash AS "codeHash", code_expires_at AS "codeExpiresAt", code_attempts AS "codeAttempts",
  document_id AS "documentId", document_type AS "documentType", verified_at AS "verifiedAt",
  decided_at AS "decidedAt", decided_by AS "decidedBy", notes, created_at AS "createdAt"`;

const changeColumns: Record<keyof ClaimChange, string> = {
  status: 'status',
  codeHash: 'code_hash',
  codeAttempts: 'code_attempts',
  verifiedAt: 'verified_at',
  decidedAt: 'decided_at',
  decidedBy: 'decided_by',
  notes: 'notes',
};

const open = openStatuses.map((status) => `'${status}'`).join(', ');

export function createClaimRepository(): ClaimStore {
  return {
    async insert(tx, claim, now) {
      // Either unique index (a second open claim, a second owner) makes it no row, whatever raced it.
      const [row] = await tx.query<ClaimRow>(
        `INSERT INTO claims (id, laundromat_id, user_id, method, status, email, code_hash, code_expires_at,
                             document_id, document_type, verified_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $12, $11, $11)
         ON CONFLICT DO NOTHING RETURNING ${columns}`,
        [
          claim.id,
          claim.laundromatId,
          claim.userId,
          claim.method,
          claim.status,
          claim.email ?? null,
          claim.codeHash ?? null,
          claim.codeExpiresAt ?? null,
          claim.documentId ?? null,
          claim.documentType ?? null,
          now,
          claim.verifiedAt ?? null,
        ],
      );
      return row;
    },
    async find(db, id) {
      const [row] = await db.query<ClaimRow>(`SELECT ${columns} FROM claims WHERE id = $1`, [id]);
      return row;
    },
    async lock(tx, id) {
      const [row] = await tx.query<ClaimRow>(`SELECT ${columns} FROM claims WHERE id = $1 FOR UPDATE`, [id]);
      return row;
    },
    async verifiedOf(db, laundromatId, lock = false) {
      const [row] = await db.query<ClaimRow>(
        `SELECT ${columns} FROM claims WHERE laundromat_id = $1 AND status = 'verified'${lock ? ' FOR UPDATE' : ''}`,
        [laundromatId],
      );
      return row;
    },
    async openOf(db, laundromatId, userId) {
      const [row] = await db.query<ClaimRow>(
        `SELECT ${columns} FROM claims WHERE laundromat_id = $1 AND user_id = $2 AND status IN (${open})`,
        [laundromatId, userId],
      );
      return row;
    },
    async expireCodes(tx, laundromatId, now) {
      await tx.query(
        `UPDATE claims SET status = 'expired', code_hash = NULL, updated_at = $2
         WHERE laundromat_id = $1 AND status = 'awaiting-code' AND code_expires_at <= $2`,
        [laundromatId, now],
      );
    },
    async emailClaimsSince(db, userId, since) {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM claims
         WHERE user_id = $1 AND method = 'email-domain' AND created_at > $2`,
        [userId, since],
      );
      return row!.n;
    },
    async update(tx, id, change, now) {
      const entries = Object.entries(change) as [keyof ClaimChange, unknown][];
      const sets = entries.map(([key], index) => `${changeColumns[key]} = $${index + 3}`);
      const [row] = await tx.query<ClaimRow>(
        `UPDATE claims SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING ${columns}`,
        [id, now, ...entries.map(([, value]) => value)],
      );
      return row!;
    },
    ofUser(db, userId) {
      return db.query<ClaimRow>(`SELECT ${columns} FROM claims WHERE user_id = $1 ORDER BY created_at`, [
        userId,
      ]);
    },
    activeOf(tx, laundromatId, userId) {
      return tx.query<ClaimRow>(
        `SELECT ${columns} FROM claims
         WHERE laundromat_id = $1 AND user_id = $2 AND status IN ('verified', ${open}) FOR UPDATE`,
        [laundromatId, userId],
      );
    },
    queue(db, statuses, limit) {
      return db.query<ClaimRow>(
        `SELECT ${columns} FROM claims WHERE status = ANY($1::text[]) ORDER BY created_at LIMIT $2`,
        [statuses, limit],
      );
    },
    async deleteOfUser(tx, userId) {
      const rows = await tx.query(`DELETE FROM claims WHERE user_id = $1 RETURNING id`, [userId]);
      return rows.length;
    },
  };
}
