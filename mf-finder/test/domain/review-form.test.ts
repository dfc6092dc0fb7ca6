import { describe, expect, it } from 'vitest';
import {
  checkReviewSubmission,
  initialReviewFormValues,
  toggleChecklistItem,
  toReviewCandidate,
  type ReviewFormValues,
} from '../../src/domain/review-form.ts';

const form = (changes: Partial<ReviewFormValues> = {}): ReviewFormValues => ({
  ...initialReviewFormValues(),
  ...changes,
});

describe('review submission (docs/product.md, Validation)', () => {
  it('when the visitor is not signed in, then the sign-in message comes first, whatever the form holds', () => {
    expect(checkReviewSubmission(form(), false)).toEqual({ kind: 'signInRequired' });
    expect(checkReviewSubmission(form({ overallRating: 5 }), false)).toEqual({ kind: 'signInRequired' });
  });

  it('when the overall rating is 0, then a rating is required and the field says so', () => {
    const check = checkReviewSubmission(form({ reviewText: 'Nice' }), true);
    expect(check).toEqual({
      kind: 'ratingRequired',
      errors: { overallRating: { key: 'finder:review.overallRequired' } },
    });
  });

  it('when only the overall rating is given, then the request holds it and an empty checklist', () => {
    expect(checkReviewSubmission(form({ overallRating: 4 }), true)).toEqual({
      kind: 'ok',
      request: { overallRating: 4, checklistItems: [] },
    });
  });

  it('when every field is filled, then the request carries each of them, texts trimmed', () => {
    const check = checkReviewSubmission(
      form({
        overallRating: 5,
        priceRating: 3,
        safetyRating: 4,
        cleanlinessRating: 5,
        reliabilityRating: 2,
        accessibilityRating: 1,
        visitTime: 'night',
        checklistItems: ['well-lit', 'safe-night'],
        observedWashPrice: ' 4.50 ',
        observedDryPrice: '2.00',
        reviewText: '  Clean and bright.  ',
        tips: 'Bring coins',
      }),
      true,
    );
    expect(check).toEqual({
      kind: 'ok',
      request: {
        overallRating: 5,
        priceRating: 3,
        safetyRating: 4,
        cleanlinessRating: 5,
        reliabilityRating: 2,
        accessibilityRating: 1,
        visitTime: 'night',
        checklistItems: ['well-lit', 'safe-night'],
        observedWashPrice: '4.50',
        observedDryPrice: '2.00',
        reviewText: 'Clean and bright.',
        tips: 'Bring coins',
      },
    });
  });

  it('when the review text is longer than the contract allows, then it is too long with the limit', () => {
    const check = checkReviewSubmission(form({ overallRating: 3, reviewText: 'x'.repeat(5001) }), true);
    expect(check).toEqual({
      kind: 'invalid',
      errors: { reviewText: { key: 'finder:review.tooLong', values: { max: 5000 } } },
    });
  });

  it('when sub-ratings are not chosen and texts are blank, then they are left out of the request', () => {
    expect(toReviewCandidate(form({ overallRating: 2, tips: '   ', visitTime: '' }))).toEqual({
      overallRating: 2,
      checklistItems: [],
    });
  });
});

describe('checklist toggle', () => {
  it.each([
    [[], 'well-lit', ['well-lit']],
    [['well-lit'], 'well-lit', []],
    [['well-lit'], 'big-drums', ['well-lit', 'big-drums']],
  ])('when %j is toggled with %s, then it becomes %j', (items, id, expected) => {
    expect(toggleChecklistItem(items, id)).toEqual(expected);
  });
});
