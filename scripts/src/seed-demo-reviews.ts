import { fileURLToPath } from 'node:url';
import type { Db } from '@laundry/platform';
import type { DemoLaundromat } from './demo-data.ts';
import type { DemoReview } from './demo-reviews.ts';

export const REVIEW_MIGRATIONS = fileURLToPath(new URL('../../services/review/migrations/', import.meta.url));

export interface SeedReviewsResult {
  inserted: number;
  /** Demo laundromats of an older data set whose ratings were set to their reviews'. */
  repaired: number;
}

/**
 * A demo reviewer of its own for every review (no account stands behind it; reviews are shown as
 * 'Anonymous User' anyway), so the one-review-a-day rule holds: d0000000-0000-4000-8000-<number>.
 */
const demoUserId = (n: number) => `d0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const REVIEW_BATCH = 5000;

async function insertReviewBatch(
  db: Db,
  batch: Array<{ laundromatId: string; userNo: number; review: DemoReview }>,
) {
  const column = <T>(value: (entry: (typeof batch)[number]) => T) => batch.map(value);
  await db.query(
    `INSERT INTO reviews (
       laundromat_id, user_id, overall_rating, price_rating, safety_rating, cleanliness_rating,
       reliability_rating, accessibility_rating, visit_time, checklist_items, review_text, tips,
       created_at, review_day, is_demo
     )
     SELECT l, u, o, p, s, c, r, a, v, ch::jsonb, t, tp, at, (at AT TIME ZONE 'UTC')::date, true
     FROM unnest($1::uuid[], $2::uuid[], $3::int2[], $4::int2[], $5::int2[], $6::int2[], $7::int2[],
                 $8::int2[], $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[])
       AS x(l, u, o, p, s, c, r, a, v, ch, t, tp, at)
     ON CONFLICT (user_id, laundromat_id, review_day) DO NOTHING`,
    [
      column((e) => e.laundromatId),
      column((e) => demoUserId(e.userNo)),
      column((e) => e.review.overallRating),
      column((e) => e.review.priceRating),
      column((e) => e.review.safetyRating),
      column((e) => e.review.cleanlinessRating),
      column((e) => e.review.reliabilityRating),
      column((e) => e.review.accessibilityRating),
      column((e) => e.review.visitTime),
      column((e) => JSON.stringify(e.review.checklistItems)),
      column((e) => e.review.reviewText),
      column((e) => e.review.tips),
      column((e) => e.review.createdAt.toISOString()),
    ],
  );
}

/**
 * A data folder seeded before demo reviews existed holds demo laundromats claiming reviews that were never
 * written. Those no real review has reached yet (rating_sum is still NULL) take the ratings of the reviews
 * written now; the others keep theirs.
 */
async function repairDemoRatings(directory: Db, laundromats: readonly DemoLaundromat[]): Promise<number> {
  const rows = laundromats.filter((row) => row.sourceRef);
  const column = <T>(value: (row: DemoLaundromat) => T) => rows.map(value);
  const result = await directory.query<{ n: number }>(
    `WITH demo AS (
       SELECT * FROM unnest($1::text[], $2::numeric[], $3::int4[], $4::numeric[], $5::numeric[],
                            $6::numeric[], $7::numeric[], $8::numeric[])
         AS x(ref, average, total, price, safety, cleanliness, reliability, accessibility)
     ), changed AS (
       UPDATE laundromats SET average_rating = demo.average, total_reviews = demo.total,
         price_score = demo.price, safety_score = demo.safety, cleanliness_score = demo.cleanliness,
         reliability_score = demo.reliability, accessibility_score = demo.accessibility
       FROM demo
       WHERE source = 'demo' AND source_ref = demo.ref AND rating_sum IS NULL
         AND (total_reviews <> demo.total OR average_rating <> demo.average)
       RETURNING 1
     ) SELECT count(*)::int AS n FROM changed`,
    [
      column((row) => row.sourceRef),
      column((row) => row.averageRating ?? 0),
      column((row) => row.totalReviews ?? 0),
      column((row) => row.priceScore ?? null),
      column((row) => row.safetyScore ?? null),
      column((row) => row.cleanlinessScore ?? null),
      column((row) => row.reliabilityScore ?? null),
      column((row) => row.accessibilityScore ?? null),
    ],
  );
  return result[0]?.n ?? 0;
}

/**
 * Writes the demo laundromats' reviews into the review service's database for those of the set that have
 * none yet, so running it again (or after a larger `npm run seed`) adds only what is missing. Laundromats
 * are found by their source reference, so the reviews follow the ids the directory gave them.
 */
export async function seedDemoReviews(
  reviewDb: Db,
  directoryDb: Db,
  laundromats: readonly DemoLaundromat[],
  options: { repairRatings: boolean },
): Promise<SeedReviewsResult> {
  const stored = await directoryDb.query<{ id: string; ref: string }>(
    `SELECT id, source_ref AS ref FROM laundromats WHERE source = 'demo'`,
  );
  const idByRef = new Map(stored.map((row) => [row.ref, row.id]));
  const reviewed = await reviewDb.query<{ id: string; n: number }>(
    'SELECT laundromat_id AS id, count(*)::int AS n FROM reviews WHERE is_demo GROUP BY laundromat_id',
  );
  const hasReviews = new Set(reviewed.map((row) => row.id));
  // Demo reviewers are numbered on from those already written, so each stays one person.
  let userNo = reviewed.reduce((sum, row) => sum + row.n, 0);
  let batch: Array<{ laundromatId: string; userNo: number; review: DemoReview }> = [];
  let inserted = 0;
  for (const laundromat of laundromats) {
    const laundromatId = laundromat.sourceRef ? idByRef.get(laundromat.sourceRef) : undefined;
    if (!laundromatId || hasReviews.has(laundromatId)) continue;
    for (const review of laundromat.reviews) {
      inserted += 1;
      userNo += 1;
      batch.push({ laundromatId, userNo, review });
      if (batch.length === REVIEW_BATCH) {
        await insertReviewBatch(reviewDb, batch);
        batch = [];
      }
    }
  }
  if (batch.length > 0) await insertReviewBatch(reviewDb, batch);
  const repaired = options.repairRatings ? await repairDemoRatings(directoryDb, laundromats) : 0;
  return { inserted, repaired };
}
