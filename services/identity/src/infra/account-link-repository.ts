import type { Db } from '@laundry/platform/db';
import type { AccountLinkRecord, AccountLinkRepository } from '../domain/account-link-store.ts';

const columns = `token_hash AS "tokenHash", purpose, user_id AS "userId", email,
  expires_at AS "expiresAt", used_at AS "usedAt"`;

export function createAccountLinkRepository(db: Db): AccountLinkRepository {
  return {
    async insert(link) {
      await db.query(
        `INSERT INTO account_links (token_hash, purpose, user_id, email, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [link.tokenHash, link.purpose, link.userId, link.email, link.expiresAt],
      );
    },
    async find(tokenHash, purpose) {
      const [row] = await db.query<AccountLinkRecord>(
        `SELECT ${columns} FROM account_links WHERE token_hash = $1 AND purpose = $2`,
        [tokenHash, purpose],
      );
      return row;
    },
    async findForUpdate(tx, tokenHash, purpose) {
      const [row] = await tx.query<AccountLinkRecord>(
        `SELECT ${columns} FROM account_links WHERE token_hash = $1 AND purpose = $2 FOR UPDATE`,
        [tokenHash, purpose],
      );
      return row;
    },
    async useAll(tx, userId, purpose) {
      await tx.query(
        `UPDATE account_links SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
        [userId, purpose],
      );
    },
  };
}
