import type { PendingContent, PendingContentStore } from '../domain/pending-content-store.ts';

const columns = `p.campaign_id AS "campaignId", p.review_id AS "reviewId", p.title, p.description,
  p.image_url AS "imageUrl", p.target_url AS "targetUrl", p.creatives, p.status, p.note, p.updated_at AS "updatedAt",
  COALESCE(r.flagged_content, '[]'::jsonb) AS findings`;
const from = `campaign_pending_content p LEFT JOIN moderation_reviews r ON r.id = p.review_id`;

export function createPendingContentRepository(): PendingContentStore {
  return {
    async forCampaigns(db, campaignIds) {
      if (campaignIds.length === 0) return new Map();
      const rows = await db.query<PendingContent>(
        `SELECT ${columns} FROM ${from} WHERE p.campaign_id = ANY($1::uuid[])`,
        [campaignIds],
      );
      return new Map(rows.map((row) => [row.campaignId, row]));
    },

    async put(tx, campaignId, reviewId, c) {
      await tx.query(
        `INSERT INTO campaign_pending_content (campaign_id, review_id, title, description, image_url, target_url,
                                              creatives)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
         ON CONFLICT (campaign_id) DO UPDATE SET review_id = EXCLUDED.review_id, title = EXCLUDED.title,
           description = EXCLUDED.description, image_url = EXCLUDED.image_url, target_url = EXCLUDED.target_url,
           creatives = EXCLUDED.creatives, status = 'pending', note = NULL, updated_at = now()`,
        [campaignId, reviewId, c.title, c.description, c.imageUrl, c.targetUrl, JSON.stringify(c.creatives)],
      );
    },

    async refuse(tx, campaignId, status, note) {
      await tx.query(
        `UPDATE campaign_pending_content SET status = $2, note = $3, updated_at = now() WHERE campaign_id = $1`,
        [campaignId, status, note],
      );
    },

    async remove(tx, campaignId) {
      const [row] = await tx.query<PendingContent>(
        `WITH gone AS (DELETE FROM campaign_pending_content WHERE campaign_id = $1 RETURNING *)
         SELECT ${columns} FROM gone p LEFT JOIN moderation_reviews r ON r.id = p.review_id`,
        [campaignId],
      );
      return row;
    },

    async byReview(tx, reviewId) {
      const [row] = await tx.query<PendingContent>(
        `SELECT ${columns} FROM ${from} WHERE p.review_id = $1 FOR UPDATE OF p`,
        [reviewId],
      );
      return row;
    },
  };
}
