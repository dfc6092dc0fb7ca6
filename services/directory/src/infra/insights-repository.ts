import type { Db } from '@laundry/platform/db';
import type { LaundromatInteractionKind } from '@laundry/contracts';
import type { DailyCounts, InsightsStore } from '../domain/owner-insights.ts';

/** Each beacon's kind → its column of laundromat_daily_counts. */
const interactionColumns: Record<LaundromatInteractionKind, string> = {
  'detail-view': 'detail_views',
  directions: 'direction_taps',
  phone: 'phone_taps',
  website: 'website_taps',
  share: 'shares',
};

/** The laundromat's own calendar day at an instant (`at`, an SQL timestamptz expression). */
export const localDay = (at: string, laundromat = 'l') =>
  `((${at}) AT TIME ZONE ${laundromat}.time_zone)::date`;

/** Adds to one count of a day; the SQL of an INSERT ... ON CONFLICT that adds rather than replaces. */
export const addToCount = (column: string) =>
  `ON CONFLICT (laundromat_id, day) DO UPDATE
   SET ${column} = laundromat_daily_counts.${column} + EXCLUDED.${column}`;

export function createInsightsRepository(db: Db): InsightsStore & {
  addSearchAppearances(counts: ReadonlyMap<string, number>): Promise<void>;
} {
  return {
    async ownerOf(id) {
      const [row] = await db.query<{ ownerUserId: string | null }>(
        'SELECT owner_user_id AS "ownerUserId" FROM laundromats WHERE id = $1',
        [id],
      );
      return row;
    },

    async dailyCounts(id, from, to) {
      return db.query<DailyCounts>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, search_appearances AS "searchAppearances",
                detail_views AS "detailViews", direction_taps AS "directionTaps", phone_taps AS "phoneTaps",
                website_taps AS "websiteTaps", shares, favourites_added AS "favouritesAdded", reviews,
                rating_sum AS "ratingSum"
         FROM laundromat_daily_counts WHERE laundromat_id = $1 AND day BETWEEN $2::date AND $3::date
         ORDER BY day`,
        [id, from, to],
      );
    },

    async reviewTotals(id, after) {
      // rating_sum is null for a laundromat rated only by seeding or import: its sum is average × count.
      const [row] = await db.query<{
        reviews: number;
        ratingSum: number;
        afterReviews: number;
        afterSum: number;
      }>(
        `SELECT l.total_reviews AS reviews,
                coalesce(l.rating_sum, l.average_rating * l.total_reviews, 0)::float8 AS "ratingSum",
                coalesce(a.reviews, 0)::int AS "afterReviews", coalesce(a.rating_sum, 0)::int AS "afterSum"
         FROM laundromats l
         LEFT JOIN (SELECT sum(reviews) AS reviews, sum(rating_sum) AS rating_sum FROM laundromat_daily_counts
                    WHERE laundromat_id = $1 AND day > $2::date) a ON true
         WHERE l.id = $1`,
        [id, after],
      );
      return {
        now: { reviews: row?.reviews ?? 0, ratingSum: row?.ratingSum ?? 0 },
        after: { reviews: row?.afterReviews ?? 0, ratingSum: row?.afterSum ?? 0 },
      };
    },

    async recordInteraction(id, kind) {
      const column = interactionColumns[kind];
      const rows = await db.query(
        `INSERT INTO laundromat_daily_counts (laundromat_id, day, ${column})
         SELECT l.id, ${localDay('now()')}, 1 FROM laundromats l
         WHERE l.id = $1 AND l.status = 'approved' AND l.is_active
         ${addToCount(column)} RETURNING laundromat_id`,
        [id],
      );
      return rows.length > 0;
    },

    /** One upsert for a whole batch; ids in order, so two writers never wait on each other's rows in turn. */
    async addSearchAppearances(counts) {
      const ids = [...counts.keys()].sort();
      await db.query(
        `INSERT INTO laundromat_daily_counts (laundromat_id, day, search_appearances)
         SELECT l.id, ${localDay('now()')}, c.n
         FROM unnest($1::uuid[], $2::int[]) WITH ORDINALITY AS c(id, n, position)
         JOIN laundromats l ON l.id = c.id ORDER BY c.position
         ${addToCount('search_appearances')}`,
        [ids, ids.map((id) => counts.get(id)!)],
      );
    },
  };
}
