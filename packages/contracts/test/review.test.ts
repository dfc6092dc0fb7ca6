import { describe, expect, it } from 'vitest';
import { checklistItemIds, checklistItems, createReviewRequestSchema } from '../src/index.ts';
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

  it('when the checklist constants are read, then they hold the nine ids and labels of spec §3', () => {
    expect(checklistItems.map((i) => i.id)).toEqual([...checklistItemIds]);
    expect(checklistItems).toHaveLength(9);
    expect(checklistItems.find((i) => i.id === 'big-drums')?.label).toBe('Large Drums Available');
  });
});
