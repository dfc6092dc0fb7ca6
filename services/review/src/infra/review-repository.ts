import type { Db } from '@laundry/platform/db';
import type { ReviewRepository, ReviewRow } from '../domain/review-store.ts';

/** A review row's columns as ReviewRow names them (the report repository reads reviews so too). */
export const reviewColumns = `
  id, laundromat_id AS "laundromatId", user_id AS "userId", overall_rating AS "overallRating",
  price_rating AS "priceRating", safety_rating AS "safetyRating", cleanliness_rating AS "cleanlinessRating",
  reliability_rating AS "reliabilityRating", accessibility_rating AS "accessibilityRating",
  visit_time AS "visitTime", checklist_items AS "checklistItems", observed_wash_price AS "observedWashPrice",
  observed_dry_price AS "observedDryPrice", review_text AS "reviewText", tips, photos,
  is_verified AS "isVerified", created_at AS "createdAt", owner_reply_text AS "ownerReplyText",
  owner_replied_at AS "ownerRepliedAt", owner_reply_updated_at AS "ownerReplyUpdatedAt",
  removed_at AS "removedAt",
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "sortTime"`;

export function createReviewRepository(db: Db): ReviewRepository {
  return {
    async insert(tx, review) {
      const [row] = await tx.query<ReviewRow>(
        `INSERT INTO reviews (
           laundromat_id, user_id, overall_rating, price_rating, safety_rating, cleanliness_rating,
           reliability_rating, accessibility_rating, visit_time, checklist_items, observed_wash_price,
           observed_dry_price, review_text, tips, created_at, review_day
         ) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15,
                   ($15::timestamptz AT TIME ZONE 'UTC')::date)
         ON CONFLICT (user_id, laundromat_id, review_day) DO NOTHING
         RETURNING ${reviewColumns}`,
        [
          review.laundromatId,
          review.userId,
          review.overallRating,
          review.priceRating ?? null,
          review.safetyRating ?? null,
          review.cleanlinessRating ?? null,
          review.reliabilityRating ?? null,
          review.accessibilityRating ?? null,
          review.visitTime ?? null,
          JSON.stringify(review.checklistItems),
          review.observedWashPrice ?? null,
          review.observedDryPrice ?? null,
          review.reviewText ?? null,
          review.tips ?? null,
          review.createdAt.toISOString(),
        ],
      );
      return row;
    },
    listForLaundromat(laundromatId, limit, after) {
      return after
        ? db.query<ReviewRow>(
            `SELECT ${reviewColumns} FROM reviews
             WHERE laundromat_id = $1 AND removed_at IS NULL AND (created_at, id) < ($2::timestamptz, $3::uuid)
             ORDER BY created_at DESC, id DESC LIMIT $4`,
            [laundromatId, after.sortTime, after.id, limit],
          )
        : db.query<ReviewRow>(
            `SELECT ${reviewColumns} FROM reviews WHERE laundromat_id = $1 AND removed_at IS NULL
             ORDER BY created_at DESC, id DESC LIMIT $2`,
            [laundromatId, limit],
          );
    },
    async findForReply(tx, reviewId) {
      const [review] = await tx.query<ReviewRow>(
        `SELECT ${reviewColumns} FROM reviews WHERE id = $1 FOR UPDATE`,
        [reviewId],
      );
      if (!review) return undefined;
      const [owner] = await tx.query<{ ownerUserId: string | null }>(
        `SELECT owner_user_id AS "ownerUserId" FROM laundromat_owners WHERE laundromat_id = $1`,
        [review.laundromatId],
      );
      return { review, ownerUserId: owner?.ownerUserId ?? null };
    },
    async setReply(tx, reviewId, reply) {
      const [row] = await tx.query<ReviewRow>(
        `UPDATE reviews SET owner_reply_text = $2, owner_reply_user_id = $3,
                owner_replied_at = COALESCE(owner_replied_at, $4), owner_reply_updated_at = $4
         WHERE id = $1 RETURNING ${reviewColumns}`,
        [reviewId, reply.text, reply.userId, reply.at.toISOString()],
      );
      return row!;
    },
    async removeReply(tx, reviewId) {
      const [row] = await tx.query<ReviewRow>(
        `UPDATE reviews SET owner_reply_text = NULL, owner_reply_user_id = NULL, owner_replied_at = NULL,
                owner_reply_updated_at = NULL
         WHERE id = $1 RETURNING ${reviewColumns}`,
        [reviewId],
      );
      return row!;
    },
    async removeForAbuse(tx, reviewId, reason, at) {
      await tx.query(
        `UPDATE reviews SET removed_at = COALESCE(removed_at, $2), removed_reason = $3 WHERE id = $1`,
        [reviewId, at.toISOString(), reason],
      );
    },
  };
}
