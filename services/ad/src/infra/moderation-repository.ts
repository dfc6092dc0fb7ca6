import type { Db } from '@laundry/platform';
import type { ModerationQueueItem } from '@laundry/contracts';
import type { LatestReview, ModerationReviewRow, ModerationStore } from '../domain/moderation-store.ts';

// A review of a waiting change shows that change (campaign_pending_content), not the approved version.
const itemColumns = `
  r.id AS "reviewId", c.id AS "campaignId", a.id AS "advertiserId", a.business_name AS "businessName",
  a.website AS "advertiserWebsite", a.is_verified AS "advertiserVerified",
  CASE WHEN p.review_id IS NULL THEN c.title ELSE p.title END AS title,
  CASE WHEN p.review_id IS NULL THEN c.description ELSE p.description END AS description,
  CASE WHEN p.review_id IS NULL THEN c.image_url ELSE p.image_url END AS "imageUrl",
  CASE WHEN p.review_id IS NULL THEN c.target_url ELSE p.target_url END AS "targetUrl",
  CASE WHEN p.review_id IS NULL THEN c.creatives ELSE p.creatives END AS creatives, r.review_type AS "reviewType",
  r.risk_score AS "riskScore", r.flagged_content AS "flaggedContent", r.status,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

const itemFrom = `moderation_reviews r JOIN campaigns c ON c.id = r.campaign_id
  JOIN advertisers a ON a.id = c.advertiser_id
  LEFT JOIN campaign_pending_content p ON p.review_id = r.id`;

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

    async lockWaiting(tx, campaignId) {
      const [row] = await tx.query<ModerationReviewRow>(
        `SELECT ${reviewColumns} FROM moderation_reviews WHERE campaign_id = $1 AND status = 'pending' FOR UPDATE`,
        [campaignId],
      );
      return row;
    },

    async reassess(tx, reviewId, review) {
      await tx.query(
        `UPDATE moderation_reviews SET status = $2, risk_score = $3, flagged_content = $4::jsonb, auto_moderated = $5,
                reviewed_at = CASE WHEN $5 THEN $6::timestamptz END
         WHERE id = $1`,
        [
          reviewId,
          review.status,
          review.riskScore,
          JSON.stringify(review.findings),
          review.autoModerated,
          review.now.toISOString(),
        ],
      );
    },

    async withdraw(tx, reviewId, now) {
      await tx.query(
        `UPDATE moderation_reviews SET status = 'withdrawn', reviewed_at = $2::timestamptz WHERE id = $1`,
        [reviewId, now.toISOString()],
      );
    },

    async latest(db, campaignIds) {
      if (campaignIds.length === 0) return new Map();
      const rows = await db.query<LatestReview>(
        `SELECT DISTINCT ON (campaign_id) campaign_id AS "campaignId", status, flagged_content AS findings
         FROM moderation_reviews WHERE campaign_id = ANY($1::uuid[])
         ORDER BY campaign_id, created_at DESC, id DESC`,
        [campaignIds],
      );
      return new Map(rows.map((row) => [row.campaignId, row]));
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
