import { describe, expect, it } from 'vitest';
import { popupRating, starRating } from '../../src/domain/rating-display.ts';

describe('star rating (5 stars filled by the floored rating)', () => {
  it.each([
    [4.7, 12, 4, { key: 'finder:rating.value', values: { rating: '4.7' } }],
    [5, 1, 5, { key: 'finder:rating.value', values: { rating: '5.0' } }],
    [1.2, 3, 1, { key: 'finder:rating.value', values: { rating: '1.2' } }],
    ['3.9', 2, 3, { key: 'finder:rating.value', values: { rating: '3.9' } }],
    [null, 0, 0, { key: 'finder:rating.new' }],
    [0, 0, 0, { key: 'finder:rating.new' }],
  ])(
    'when the average is %s with %s reviews, then %s stars are filled and the label is %o',
    (rating, count, filled, label) => {
      const display = starRating(rating, count, 'en');
      expect(display.stars.filter(Boolean)).toHaveLength(filled);
      expect(display.stars).toHaveLength(5);
      expect(display.label).toEqual(label);
      expect(display.reviewCount).toEqual({ key: 'finder:rating.reviewCount', values: { count } });
    },
  );

  it('when the locale uses a decimal comma, then the rating does too', () => {
    expect(starRating(4.25, 2, 'fr').label.values?.rating).toBe('4,3');
  });
});

describe('map popup rating', () => {
  it.each([
    [4.26, { key: 'finder:rating.value', values: { rating: '4.3' } }],
    [null, { key: 'finder:rating.noRating' }],
    [undefined, { key: 'finder:rating.noRating' }],
  ])('when the average is %s, then the popup reads %o', (rating, expected) => {
    expect(popupRating(rating, 'en')).toEqual(expected);
  });
});
