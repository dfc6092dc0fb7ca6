import { describe, expect, it } from 'vitest';
import {
  anonymousAuthorName,
  checklistItemIds,
  checklistItems,
  createReviewRequestSchema,
  listReviewsQuerySchema,
  publicReviewSchema,
} from '../src/index.ts';
import { messagesOf } from './support.ts';

describe('createReviewRequestSchema', () => {
  it.each([
    ['overallRating is missing', {}, 'Overall rating is required'],
    ['overallRating is 0', { overallRating: 0 }, 'Overall rating is required'],
    ['overallRating is 6', { overallRating: 6 }, 'Rating must be between 1 and 5'],
    ['a sub-rating is 0', { overallRating: 4, safetyRating: 0 }, 'Rating must be between 1 and 5'],
    [
      'visitTime is unknown',
      { overallRating: 4, visitTime: 'evening' },
      "Visit time must be 'day' or 'night'",
    ],
    [
      'a checklist id is unknown',
      { overallRating: 4, checklistItems: ['free-coffee'] },
      'Unknown checklist item',
    ],
  ])('when %s, then it fails with its message', (_case, input, message) => {
    expect(messagesOf(createReviewRequestSchema, input)).toContain(message);
  });

  it('when only the overall rating is given, then checklistItems defaults to empty', () => {
    expect(createReviewRequestSchema.parse({ overallRating: 5 })).toEqual({
      overallRating: 5,
      checklistItems: [],
    });
  });

  it('when every field is given, then it passes and duplicate checklist ids collapse', () => {
    const parsed = createReviewRequestSchema.parse({
      overallRating: 4,
      priceRating: 3,
      safetyRating: 5,
      cleanlinessRating: 4,
      reliabilityRating: 2,
      accessibilityRating: 1,
      visitTime: 'night',
      checklistItems: ['well-lit', 'safe-night', 'well-lit'],
      observedWashPrice: '$3.50',
      observedDryPrice: '$1.25/30min',
      reviewText: 'Clean and bright.',
      tips: 'Bring quarters.',
    });
    expect(parsed.checklistItems).toEqual(['well-lit', 'safe-night']);
  });

  it('when the checklist constants are read, then they hold the nine ids and their labels', () => {
    expect(checklistItems.map((i) => i.id)).toEqual([...checklistItemIds]);
    expect(checklistItems).toHaveLength(9);
    expect(checklistItems.find((i) => i.id === 'big-drums')?.label).toBe('Large Drums Available');
  });
});

describe('publicReviewSchema', () => {
  const review = {
    id: '6f1d1d2a-0b7e-4c55-9a11-2f1c3d4e5f60',
    laundromatId: '7a2e2e3b-1c8f-4d66-8b22-3a2d4e5f6071',
    overallRating: 4,
    priceRating: null,
    safetyRating: null,
    cleanlinessRating: null,
    reliabilityRating: null,
    accessibilityRating: null,
    visitTime: null,
    checklistItems: [],
    observedWashPrice: null,
    observedDryPrice: null,
    reviewText: null,
    tips: null,
    photos: [],
    isVerified: false,
    createdAt: '2026-11-22T10:00:00.000Z',
  };

  it('when a review is shown, then its author is Anonymous User and the user id is not part of it', () => {
    const parsed = publicReviewSchema.parse({ ...review, authorName: 'Anonymous User', userId: 'dropped' });

    expect(parsed.authorName).toBe(anonymousAuthorName);
    expect(parsed).not.toHaveProperty('userId');
  });

  it('when the author is named, then it fails', () => {
    expect(publicReviewSchema.safeParse({ ...review, authorName: 'Alice' }).success).toBe(false);
  });
});

describe('listReviewsQuerySchema', () => {
  it('when nothing is given, then a page holds 50', () => {
    expect(listReviewsQuerySchema.parse({})).toEqual({ limit: 50 });
  });

  it.each([['0'], ['101'], ['2.5'], ['many']])(
    'when limit is %s, then it fails with its message',
    (limit) => {
      expect(messagesOf(listReviewsQuerySchema, { limit })).toContain(
        'limit must be a whole number between 1 and 100',
      );
    },
  );
});
