import type { Db } from '@laundry/platform/db';
import type { AccountDataStore } from '../domain/account-data.ts';

/** Every column of the person's own row except the password's hash. */
export function createAccountDataRepository(db: Db): AccountDataStore {
  const tableExists = async (table: string) =>
    (await db.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [table]))[0]?.found !=
    null;
  return {
    account: (userId) =>
      db.query(
        `SELECT id, email, email_verified_at AS "emailVerifiedAt", first_name AS "firstName",
                last_name AS "lastName", profile_image_url AS "profileImageUrl", language, role,
                contribution_points AS "contributionPoints", laundromats_added AS "laundromatsAdded",
                reviews_written AS "reviewsWritten", photos_uploaded AS "photosUploaded",
                contributor_badge AS "contributorBadge", created_at AS "createdAt", updated_at AS "updatedAt"
         FROM users WHERE id = $1`,
        [userId],
      ),
    contributions: (userId) =>
      db.query(
        `SELECT kind, subject_id AS "subjectId", points, created_at AS "createdAt"
         FROM contributions WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
    // The sessions table arrives with the account page; before it there is nothing to list.
    async sessions(userId) {
      if (!(await tableExists('sessions'))) return [];
      return db.query(
        `SELECT browser, os, address, created_at AS "createdAt", last_seen_at AS "lastSeenAt",
                expires_at AS "expiresAt", ended_at AS "endedAt"
         FROM sessions WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      );
    },
    // Every choice recorded, withdrawals included, with the address and browser it was made from.
    consents: (userId) =>
      db.query(
        `SELECT consent_type AS "consentType", has_consented AS "hasConsented",
                consent_version AS "consentVersion", legal_basis AS "legalBasis", jurisdiction,
                ip_address AS "ipAddress", user_agent AS "userAgent", consent_source AS "consentSource",
                expires_at AS "expiresAt", withdrawn_at AS "withdrawnAt", created_at AS "createdAt"
         FROM user_consents WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
    // The notification types the person turned off or on again (the others are on by default).
    notificationPreferences: (userId) =>
      db.query(
        `SELECT notification_type AS "notificationType", enabled, updated_at AS "updatedAt"
         FROM notification_preferences WHERE user_id = $1 ORDER BY notification_type`,
        [userId],
      ),
  };
}
