import type { Db } from '@laundry/platform';
import type { ModerationQueueItem } from '@laundry/contracts';
import type { ModerationReviewRow, ModerationStore } from '../domain/moderation-store.ts';

const itemColumns = `
  r.id AS "reviewId", c.id AS "campaignId", a.id AS "advertiserId", a.business_name AS "businessName",
  a.website AS "advertiserWebsite", a.is_verified AS "advertiserVerified", c.title, c.description,
  c.image_url AS "imageUrl", c.target_url AS "targetUrl", r.review_type AS "reviewType",
  r.risk_score AS "riskScore", r.flagged_content AS "flaggedContent", r.status,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

const itemFrom = `moderation_reviews r JOIN campaigns c ON c.id = r.campaign_id
  JOIN advertisers a ON a.id = c.advertiser_id`;

const reviewColumns = `id, campaign_id AS "campaignId", review_type AS "reviewType", status,
  risk_score AS "riskScore", auto_moderated AS "autoModerated"`;

export function createModerationRepository(): ModerationStore {
  return {
    async insert(tx, review) {
      const [row] = await tx.query<ModerationReviewRow>(
        `INSERT INTO moderation_reviews (campaign_id, review_type, status, flagged_content, risk_score,
                                         auto_moderated, reviewed_at, created_at)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, CASE WHEN $6 THEN $7::timestamptz END, $7::timestamptz)
         RETURNING ${reviewColumns}`,
        [
          review.campaignId,
          review.reviewType,
          review.status,
          JSON.stringify(review.findings),
          review.riskScore,
          review.autoModerated,
          review.now.toISOString(),
        ],
      );
      return row!;
    },

    queue(db, status, limit) {
      // Waiting reviews oldest first (first come, first served); decided ones newest first.
      const order = status === 'pending' ? 'r.created_at ASC, r.id' : 'r.reviewed_at DESC NULLS LAST, r.id';
      return db.query<ModerationQueueItem>(
        `SELECT ${itemColumns} FROM ${itemFrom} WHERE r.status = $1 ORDER BY ${order} LIMIT $2`,
        [status, limit],
      );
    },

    async findItem(db: Db, reviewId) {
      const [row] = await db.query<ModerationQueueItem>(
        `SELECT ${itemColumns} FROM ${itemFrom} WHERE r.id = $1`,
        [reviewId],
      );
      return row;
    },

    async lock(tx, reviewId) {
      const [row] = await tx.query<ModerationReviewRow>(
        `SELECT ${reviewColumns} FROM moderation_reviews WHERE id = $1 FOR UPDATE`,
        [reviewId],
      );
      return row;
    },

    async decide(tx, reviewId, d) {
      await tx.query(
        `UPDATE moderation_reviews SET status = $2, reviewer_id = $3, reviewer_notes = $4, rejection_reason = $5,
                required_changes = $6, reviewed_at = $7::timestamptz
         WHERE id = $1`,
        [
          reviewId,
          d.status,
          d.reviewerId,
          d.reviewerNotes,
          d.rejectionReason,
          d.requiredChanges,
          d.now.toISOString(),
        ],
      );
    },
  };
}
