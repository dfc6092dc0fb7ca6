import type { Db } from '@laundry/platform/db';
import type { UserRecord, UserRepository } from '../domain/user-store.ts';

const columns = `
  id, email, first_name AS "firstName", last_name AS "lastName", profile_image_url AS "profileImageUrl",
  contribution_points AS "contributionPoints", laundromats_added AS "laundromatsAdded",
  reviews_written AS "reviewsWritten", photos_uploaded AS "photosUploaded",
  contributor_badge AS "contributorBadge", role, password_hash AS "passwordHash",
  email_verified_at IS NOT NULL AS "emailVerified", language,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createUserRepository(db: Db): UserRepository {
  return {
    async insert(user) {
      const [row] = await db.query<UserRecord>(
        `INSERT INTO users (email, first_name, last_name, role, password_hash, language)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ((lower(email))) DO NOTHING
         RETURNING ${columns}`,
        [user.email, user.firstName, user.lastName, user.role, user.passwordHash, user.language],
      );
      return row;
    },
    async findByEmail(email) {
      const [row] = await db.query<UserRecord>(
        `SELECT ${columns} FROM users WHERE lower(email) = lower($1)`,
        [email],
      );
      return row;
    },
    async findById(id) {
      // A session of another deployment could carry any subject; a non-uuid would make the cast fail.
      if (!UUID.test(id)) return undefined;
      const [row] = await db.query<UserRecord>(`SELECT ${columns} FROM users WHERE id = $1`, [id]);
      return row;
    },
    async setPasswordHash(tx, userId, passwordHash) {
      await tx.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [
        userId,
        passwordHash,
      ]);
    },
    async markEmailVerified(tx, userId, email) {
      const rows = await tx.query(
        `UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now()
         WHERE id = $1 AND lower(email) = lower($2)
         RETURNING id`,
        [userId, email],
      );
      return rows.length > 0;
    },
    async updateName(userId, name) {
      const [row] = await db.query<UserRecord>(
        `UPDATE users SET
           first_name = CASE WHEN $2 THEN $3 ELSE first_name END,
           last_name = CASE WHEN $4 THEN $5 ELSE last_name END,
           updated_at = now()
         WHERE id = $1
         RETURNING ${columns}`,
        [
          userId,
          name.firstName !== undefined,
          name.firstName ?? null,
          name.lastName !== undefined,
          name.lastName ?? null,
        ],
      );
      return row;
    },
    async setProfileImage(userId, url) {
      const [row] = await db.query<UserRecord>(
        `UPDATE users SET profile_image_url = $2, updated_at = now() WHERE id = $1 RETURNING ${columns}`,
        [userId, url],
      );
      return row;
    },
    async changeEmail(tx, userId, email) {
      // The unique index on lower(email) decides a race between two accounts taking one address.
      const rows = await tx.query(
        `UPDATE users SET email = $2, email_verified_at = now(), updated_at = now()
         WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2) AND id <> $1)
         RETURNING id`,
        [userId, email],
      );
      return rows.length > 0;
    },
    async listAdminSessionHolders() {
      return db.query<Pick<UserRecord, 'id' | 'email' | 'emailVerified'>>(
        `SELECT id, email, email_verified_at IS NOT NULL AS "emailVerified" FROM users WHERE role = 'admin'`,
      );
    },
    async recordSessionRole(userId, role) {
      await db.query(`UPDATE users SET role = $2 WHERE id = $1 AND role <> $2`, [userId, role]);
    },
  };
}
