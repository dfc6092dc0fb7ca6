import { createReviewRequestSchema, type CreateReviewRequest } from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';

export const subRatingFields = [
  'priceRating',
  'safetyRating',
  'cleanlinessRating',
  'reliabilityRating',
  'accessibilityRating',
] as const;
export type SubRatingField = (typeof subRatingFields)[number];

const textFields = ['observedWashPrice', 'observedDryPrice', 'reviewText', 'tips'] as const;
type TextField = (typeof textFields)[number];

/** What the form holds: 0 is a rating not chosen yet, '' a visit time or text not given. */
export type ReviewFormValues = Record<'overallRating' | SubRatingField, number> &
  Record<TextField, string> & {
    visitTime: '' | 'day' | 'night';
    checklistItems: string[];
  };

export type ReviewFormErrors = Partial<Record<keyof ReviewFormValues, I18nText>>;

export function initialReviewFormValues(): ReviewFormValues {
  return {
    overallRating: 0,
    priceRating: 0,
    safetyRating: 0,
    cleanlinessRating: 0,
    reliabilityRating: 0,
    accessibilityRating: 0,
    visitTime: '',
    checklistItems: [],
    observedWashPrice: '',
    observedDryPrice: '',
    reviewText: '',
    tips: '',
  };
}

export const reviewMessageKeys = {
  overallRequired: 'finder:review.overallRequired',
  tooLong: 'finder:review.tooLong',
  invalid: 'finder:review.invalid',
  signInRequiredTitle: 'finder:messages.auth.signInRequiredTitle',
  signInForReview: 'finder:messages.auth.signInForReview',
  ratingRequiredTitle: 'finder:messages.reviews.ratingRequiredTitle',
  ratingRequiredText: 'finder:messages.reviews.ratingRequiredText',
} as const;

/** Adds the item when it is missing, removes it when it is there. */
export function toggleChecklistItem(items: readonly string[], id: string): string[] {
  return items.includes(id) ? items.filter((item) => item !== id) : [...items, id];
}

/** The request body the values describe: ratings not chosen and blank texts are left out. */
export function toReviewCandidate(values: ReviewFormValues): Record<string, unknown> {
  const candidate: Record<string, unknown> = {
    overallRating: values.overallRating,
    checklistItems: values.checklistItems,
  };
  for (const field of subRatingFields) if (values[field] > 0) candidate[field] = values[field];
  if (values.visitTime !== '') candidate.visitTime = values.visitTime;
  for (const field of textFields) if (values[field].trim() !== '') candidate[field] = values[field];
  return candidate;
}

function errorText(field: string, message: string): I18nText {
  if (field === 'overallRating') return { key: reviewMessageKeys.overallRequired };
  const max = /at most (\d+) characters/.exec(message)?.[1];
  return max
    ? { key: reviewMessageKeys.tooLong, values: { max: Number(max) } }
    : { key: reviewMessageKeys.invalid };
}

export type ReviewSubmission =
  /** docs/product.md, Validation: 'Sign in required: Please sign in to submit a review'. */
  | { kind: 'signInRequired' }
  /**
   * docs/product.md, Validation: overall rating 0 gives 'Rating required: Please provide an overall rating'.
   */
  | { kind: 'ratingRequired'; errors: ReviewFormErrors }
  | { kind: 'invalid'; errors: ReviewFormErrors }
  | { kind: 'ok'; request: CreateReviewRequest };

/** What pressing Submit does: the sign-in gate first, then the contract's validation (the server's too). */
export function checkReviewSubmission(values: ReviewFormValues, isSignedIn: boolean): ReviewSubmission {
  if (!isSignedIn) return { kind: 'signInRequired' };
  const parsed = createReviewRequestSchema.safeParse(toReviewCandidate(values));
  if (parsed.success) return { kind: 'ok', request: parsed.data };
  const errors: ReviewFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof ReviewFormValues;
    errors[field] ??= errorText(field, issue.message);
  }
  return errors.overallRating ? { kind: 'ratingRequired', errors } : { kind: 'invalid', errors };
}
