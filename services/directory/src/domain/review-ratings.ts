/** The five sub-scores of a laundromat, each fed by the review rating of the same name. */
export const subScores = ['price', 'safety', 'cleanliness', 'reliability', 'accessibility'] as const;
export type SubScore = (typeof subScores)[number];

export interface Tally {
  count: number;
  sum: number;
}

export type RatingTallies = Record<'overall' | SubScore, Tally>;

/** What a laundromat row holds: the shown averages and, once a review event arrived, the exact tallies. */
export interface StoredRatings {
  totalReviews: number;
  averageRating: number;
  ratingSum: number | null;
  scores: Record<SubScore, { score: number | null; sum: number | null; count: number | null }>;
}

/** The ratings of one review; a sub-rating the reviewer left out is null and leaves its score alone. */
export type ReviewRatings = { overallRating: number } & Record<`${SubScore}Rating`, number | null>;

export interface RatingAverages {
  totalReviews: number;
  averageRating: number;
  scores: Record<SubScore, number | null>;
}

/**
 * Seeded and imported rows carry averages without tallies; they are taken as that many reviews, each
 * of which gave every sub-rating shown.
 */
export function talliesOf(stored: StoredRatings): RatingTallies {
  const tallies = {
    overall: {
      count: stored.totalReviews,
      sum: stored.ratingSum ?? stored.averageRating * stored.totalReviews,
    },
  } as RatingTallies;
  for (const name of subScores) {
    const { score, sum, count } = stored.scores[name];
    const n = count ?? (score === null ? 0 : stored.totalReviews);
    tallies[name] = { count: n, sum: sum ?? (score ?? 0) * n };
  }
  return tallies;
}

export function addReview(tallies: RatingTallies, review: ReviewRatings): RatingTallies {
  const next = { overall: add(tallies.overall, review.overallRating) } as RatingTallies;
  for (const name of subScores) next[name] = add(tallies[name], review[`${name}Rating`]);
  return next;
}

function add(tally: Tally, rating: number | null): Tally {
  return rating === null ? tally : { count: tally.count + 1, sum: tally.sum + rating };
}

/** Averages as the numeric(3,2) columns store them; no reviews is 0 overall (shown 'New') and no score. */
export function averagesOf(tallies: RatingTallies): RatingAverages {
  const scores = {} as Record<SubScore, number | null>;
  for (const name of subScores) scores[name] = averageOf(tallies[name]);
  return {
    totalReviews: tallies.overall.count,
    averageRating: averageOf(tallies.overall) ?? 0,
    scores,
  };
}

function averageOf(tally: Tally): number | null {
  return tally.count === 0 ? null : Math.round((tally.sum / tally.count) * 100) / 100;
}
