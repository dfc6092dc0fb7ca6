import { describe, expect, it } from 'vitest';
import { patchLaundromatIn, ratingWithReview } from '../../src/domain/rating-patch.ts';

describe('ratingWithReview', () => {
  it('when a 5 joins two reviews averaging 3.5, then 3 reviews averaging 4', () => {
    expect(ratingWithReview({ averageRating: 3.5, totalReviews: 2 }, 5)).toEqual({
      averageRating: 4,
      totalReviews: 3,
    });
  });

  it('when the first review is a 4, then 1 review of 4', () => {
    expect(ratingWithReview({ averageRating: 0, totalReviews: 0 }, 4)).toEqual({
      averageRating: 4,
      totalReviews: 1,
    });
  });

  it('when the average is not whole, then it is kept to two decimals', () => {
    expect(ratingWithReview({ averageRating: 4, totalReviews: 2 }, 5).averageRating).toBe(4.33);
  });
});

describe('patchLaundromatIn', () => {
  const rating = { averageRating: 4.5, totalReviews: 2 };
  const target = { id: 'a', name: 'A', averageRating: 4, totalReviews: 1 };
  const other = { id: 'b', name: 'B', averageRating: 3, totalReviews: 5 };

  it('when a cached list page holds the laundromat, then only its entry changes', () => {
    const cached = { data: { items: [other, target], nextCursor: null }, cached: false };

    const patched = patchLaundromatIn(cached, 'a', rating) as typeof cached;

    expect(patched.data.items[1]).toEqual({ ...target, ...rating });
    expect(patched.data.items[0]).toBe(other);
    expect(cached.data.items[1]).toBe(target);
  });

  it('when the cache holds one laundromat, then it is patched', () => {
    expect(patchLaundromatIn({ data: target }, 'a', rating)).toEqual({ data: { ...target, ...rating } });
  });

  it('when the laundromat is not there, then the same object comes back', () => {
    const cached = { data: { items: [other] } };
    expect(patchLaundromatIn(cached, 'a', rating)).toBe(cached);
    expect(patchLaundromatIn(null, 'a', rating)).toBeNull();
    expect(patchLaundromatIn([{ id: 'a', name: 'no rating' }], 'a', rating)).toEqual([
      { id: 'a', name: 'no rating' },
    ]);
  });
});
