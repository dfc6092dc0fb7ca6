import { describe, expect, it } from 'vitest';
import {
  checklistLabels,
  displayDate,
  reviewsPreview,
  visitTimeLabel,
} from '../../src/domain/review-display.ts';

const review = (id: string, createdAt: string) => ({ id, createdAt });
const reviews = [
  review('a', '2025-10-01T10:00:00Z'),
  review('b', '2025-10-05T10:00:00Z'),
  review('c', '2025-09-20T10:00:00Z'),
  review('d', '2025-10-03T10:00:00Z'),
];

describe('reviews in the detail (docs/product.md, Pages: the 3 most recent, View all N beyond 3)', () => {
  it('when there are four, then the newest three show and View all 4 reviews is offered', () => {
    const preview = reviewsPreview(reviews, false);
    expect(preview.shown.map((r) => r.id)).toEqual(['b', 'd', 'a']);
    expect(preview.viewAll).toEqual({ key: 'finder:detail.viewAllReviews', values: { count: 4 } });
  });

  it('when all are asked for, then every review shows newest first and the button is gone', () => {
    const preview = reviewsPreview(reviews, true);
    expect(preview.shown.map((r) => r.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(preview.viewAll).toBeNull();
  });

  it.each([0, 1, 3])('when there are %i, then all show and there is no View all button', (count) => {
    const preview = reviewsPreview(reviews.slice(0, count), false);
    expect(preview.shown).toHaveLength(count);
    expect(preview.viewAll).toBeNull();
  });

  it('when the list is sorted, then the input is left as it was', () => {
    const input = [...reviews];
    reviewsPreview(input, false);
    expect(input).toEqual(reviews);
  });
});

describe('review details', () => {
  it('when checklist ids are shown, then known ones get their label keys and unknown ones are dropped', () => {
    expect(checklistLabels(['well-lit', 'free-candy', 'big-drums'])).toEqual([
      { key: 'finder:review.checklistItems.well-lit' },
      { key: 'finder:review.checklistItems.big-drums' },
    ]);
  });

  it.each([
    ['day', { key: 'finder:review.day' }],
    ['night', { key: 'finder:review.night' }],
    [null, null],
    ['dusk', null],
  ])('when the visit time is %s, then its label is %o', (visitTime, label) => {
    expect(visitTimeLabel(visitTime)).toEqual(label);
  });

  it('when a date is shown, then it is in the reader language, and nothing for a bad date', () => {
    expect(displayDate('2025-10-21T12:00:00Z', 'en-US')).toBe('Oct 21, 2025');
    expect(displayDate('2025-10-21T12:00:00Z', 'fr')).toBe('21 oct. 2025');
    expect(displayDate('not a date', 'en')).toBe('');
  });
});
