import { describe, expect, it } from 'vitest';
import {
  addReview,
  averagesOf,
  talliesOf,
  type ReviewRatings,
  type StoredRatings,
} from '../../src/domain/review-ratings.ts';

const noScores: StoredRatings['scores'] = {
  price: { score: null, sum: null, count: null },
  safety: { score: null, sum: null, count: null },
  cleanliness: { score: null, sum: null, count: null },
  reliability: { score: null, sum: null, count: null },
  accessibility: { score: null, sum: null, count: null },
};

const review = (overallRating: number, sub: Partial<ReviewRatings> = {}): ReviewRatings => ({
  overallRating,
  priceRating: null,
  safetyRating: null,
  cleanlinessRating: null,
  reliabilityRating: null,
  accessibilityRating: null,
  ...sub,
});

describe('review ratings', () => {
  it('when a laundromat has no reviews, then the first sets the average and only the given sub-scores', () => {
    const stored: StoredRatings = { totalReviews: 0, averageRating: 0, ratingSum: null, scores: noScores };

    const averages = averagesOf(addReview(talliesOf(stored), review(4, { priceRating: 2 })));

    expect(averages).toEqual({
      totalReviews: 1,
      averageRating: 4,
      scores: { price: 2, safety: null, cleanliness: null, reliability: null, accessibility: null },
    });
  });

  it('when seeded averages have no tallies, then they count as that many reviews giving every shown score', () => {
    const stored: StoredRatings = {
      totalReviews: 8,
      averageRating: 4.2,
      ratingSum: null,
      scores: { ...noScores, price: { score: 3.5, sum: null, count: null } },
    };

    const tallies = addReview(talliesOf(stored), review(5, { priceRating: 2, safetyRating: 3 }));

    expect(tallies.overall).toEqual({ count: 9, sum: 38.6 });
    expect(tallies.price).toEqual({ count: 9, sum: 30 });
    expect(tallies.safety).toEqual({ count: 1, sum: 3 });
    expect(averagesOf(tallies)).toMatchObject({ averageRating: 4.29, scores: { price: 3.33, safety: 3 } });
  });

  it('when many reviews arrive, then the stored sums keep the average exact instead of re-rounding', () => {
    let tallies = talliesOf({ totalReviews: 0, averageRating: 0, ratingSum: null, scores: noScores });
    // 1, 2, 2 repeated: the exact mean is 5/3 = 1.67; re-rounding a running average would drift.
    for (let i = 0; i < 300; i++) tallies = addReview(tallies, review([1, 2, 2][i % 3]!));

    expect(averagesOf(tallies)).toMatchObject({ totalReviews: 300, averageRating: 1.67 });
    expect(tallies.overall.sum).toBe(500);
  });

  it('when stored tallies exist, then they are used rather than the rounded averages', () => {
    const stored: StoredRatings = {
      totalReviews: 3,
      averageRating: 1.67,
      ratingSum: 5,
      scores: { ...noScores, safety: { score: 1.5, sum: 3, count: 2 } },
    };

    expect(talliesOf(stored)).toMatchObject({ overall: { count: 3, sum: 5 }, safety: { count: 2, sum: 3 } });
  });
});
