import type { Db } from '@laundry/platform/db';
import type { PersonalDataStore } from '../domain/personal-data.ts';

export function createPersonalDataRepository(db: Db): PersonalDataStore {
  return {
    reviews: (userId) =>
      db.query(
        `SELECT id, laundromat_id AS "laundromatId", overall_rating AS "overallRating",
                price_rating AS "priceRating", safety_rating AS "safetyRating",
                cleanliness_rating AS "cleanlinessRating", reliability_rating AS "reliabilityRating",
                accessibility_rating AS "accessibilityRating", visit_time AS "visitTime",
                checklist_items AS "checklistItems", observed_wash_price AS "observedWashPrice",
                observed_dry_price AS "observedDryPrice", review_text AS "reviewText", tips, photos,
                created_at AS "createdAt"
         FROM reviews WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
    async anonymise(tx, userId) {
      const rows = await tx.query(
        `UPDATE reviews SET user_id = NULL, photos = '[]'::jsonb WHERE user_id = $1 RETURNING id`,
        [userId],
      );
      return rows.length;
    },
    ownerReplies: (userId) =>
      db.query(
        `SELECT id AS "reviewId", laundromat_id AS "laundromatId", owner_reply_text AS text,
                owner_replied_at AS "repliedAt", owner_reply_updated_at AS "updatedAt"
         FROM reviews WHERE owner_reply_user_id = $1 ORDER BY owner_replied_at`,
        [userId],
      ),
    async eraseOwnerReplies(tx, userId) {
      const rows = await tx.query(
        `UPDATE reviews SET owner_reply_text = NULL, owner_reply_user_id = NULL, owner_replied_at = NULL,
                owner_reply_updated_at = NULL
         WHERE owner_reply_user_id = $1 RETURNING id`,
        [userId],
      );
      return rows.length;
    },
    abuseReports: (userId) =>
      db.query(
        `SELECT id, review_id AS "reviewId", laundromat_id AS "laundromatId", reason, note, status,
                created_at AS "createdAt", decided_at AS "decidedAt", decision_reason AS "decisionReason"
         FROM review_abuse_reports WHERE reporter_user_id = $1 ORDER BY created_at`,
        [userId],
      ),
    async eraseAbuseReports(tx, userId) {
      const rows = await tx.query(
        'DELETE FROM review_abuse_reports WHERE reporter_user_id = $1 RETURNING id',
        [userId],
      );
      return rows.length;
    },
  };
}
