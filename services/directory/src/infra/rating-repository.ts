import { subScores, type StoredRatings } from '../domain/review-ratings.ts';
import type { RatingRepository } from '../domain/rating-store.ts';
import { addToCount, localDay } from './insights-repository.ts';

interface RatingsRow {
  totalReviews: number;
  averageRating: number;
  ratingSum: number | null;
  [column: string]: number | null;
}

const selectList = [
  'total_reviews AS "totalReviews"',
  'average_rating::float8 AS "averageRating"',
  'rating_sum::float8 AS "ratingSum"',
  ...subScores.flatMap((name) => [
    `${name}_score::float8 AS "${name}Score"`,
    `${name}_score_sum::float8 AS "${name}Sum"`,
    `${name}_score_count AS "${name}Count"`,
  ]),
].join(', ');

export function createRatingRepository(): RatingRepository {
  return {
    async countReview(tx, laundromatId, createdAt, stars) {
      await tx.query(
        `INSERT INTO laundromat_daily_counts (laundromat_id, day, reviews, rating_sum)
         SELECT l.id, ${localDay('$2::timestamptz')}, 1, $3 FROM laundromats l WHERE l.id = $1
         ${addToCount('reviews')}, rating_sum = laundromat_daily_counts.rating_sum + EXCLUDED.rating_sum`,
        [laundromatId, createdAt, stars],
      );
    },
    async lockRatings(tx, laundromatId) {
      // NO KEY UPDATE: a row of laundromat_daily_counts written meanwhile (a favourite saved) checks its
      // foreign key with a key-share lock on this row, which FOR UPDATE would block while this transaction
      // waits on that row's count: a deadlock that failed the favourite with a 500.
      const [row] = await tx.query<RatingsRow>(
        `SELECT ${selectList} FROM laundromats WHERE id = $1 FOR NO KEY UPDATE`,
        [laundromatId],
      );
      if (!row) return undefined;
      const scores = {} as StoredRatings['scores'];
      for (const name of subScores) {
        scores[name] = { score: row[`${name}Score`]!, sum: row[`${name}Sum`]!, count: row[`${name}Count`]! };
      }
      return {
        totalReviews: row.totalReviews,
        averageRating: row.averageRating,
        ratingSum: row.ratingSum,
        scores,
      };
    },
    async saveRatings(tx, laundromatId, tallies, averages) {
      const params: unknown[] = [
        laundromatId,
        averages.totalReviews,
        averages.averageRating,
        tallies.overall.sum,
      ];
      const sets = ['total_reviews = $2', 'average_rating = $3', 'rating_sum = $4'];
      for (const name of subScores) {
        params.push(averages.scores[name], tallies[name].sum, tallies[name].count);
        const n = params.length;
        sets.push(
          `${name}_score = $${n - 2}`,
          `${name}_score_sum = $${n - 1}`,
          `${name}_score_count = $${n}`,
        );
      }
      await tx.query(`UPDATE laundromats SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
    },
  };
}
