import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { checklistItemIds, reviewPageLimits, visitTimes } from './constants/domain.ts';
import { queryIntWithDefaultSchema } from './query-params.ts';

export const visitTimeSchema = z.enum(visitTimes, { error: "Visit time must be 'day' or 'night'" });
export const checklistItemIdSchema = z.enum(checklistItemIds, { error: 'Unknown checklist item' });

const overallRatingMessage = 'Overall rating is required';
const subRatingSchema = z
  .number({ error: 'Rating must be a number between 1 and 5' })
  .int({ error: 'Rating must be a whole number' })
  .min(1, { error: 'Rating must be between 1 and 5' })
  .max(5, { error: 'Rating must be between 1 and 5' });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish();

/**
 * POST /api/laundromats/{id}/reviews (docs/product.md, Validation); laundromatId comes from the path, userId
 * from the session.
 */
export const createReviewRequestSchema = z.object({
  overallRating: z
    .number({ error: overallRatingMessage })
    .int({ error: 'Rating must be a whole number' })
    .min(1, { error: overallRatingMessage })
    .max(5, { error: 'Rating must be between 1 and 5' }),
  priceRating: subRatingSchema.nullish(),
  safetyRating: subRatingSchema.nullish(),
  cleanlinessRating: subRatingSchema.nullish(),
  reliabilityRating: subRatingSchema.nullish(),
  accessibilityRating: subRatingSchema.nullish(),
  visitTime: visitTimeSchema.nullish(),
  /** Duplicates are dropped. */
  checklistItems: z
    .array(checklistItemIdSchema)
    .max(checklistItemIds.length * 2)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  observedWashPrice: optionalText('Observed wash price', 50),
  observedDryPrice: optionalText('Observed dry price', 50),
  reviewText: optionalText('Review', 5000),
  tips: optionalText('Tips', 2000),
});
export type CreateReviewRequest = z.infer<typeof createReviewRequestSchema>;
export type CreateReviewForm = z.input<typeof createReviewRequestSchema>;

export const reviewSchema = z.object({
  id: idSchema,
  laundromatId: idSchema,
  userId: idSchema,
  overallRating: subRatingSchema,
  priceRating: subRatingSchema.nullable(),
  safetyRating: subRatingSchema.nullable(),
  cleanlinessRating: subRatingSchema.nullable(),
  reliabilityRating: subRatingSchema.nullable(),
  accessibilityRating: subRatingSchema.nullable(),
  visitTime: visitTimeSchema.nullable(),
  checklistItems: z.array(z.string()).default([]),
  observedWashPrice: z.string().nullable(),
  observedDryPrice: z.string().nullable(),
  reviewText: z.string().nullable(),
  tips: z.string().nullable(),
  photos: z.array(z.string()).default([]),
  isVerified: z.boolean().default(false),
  createdAt: isoDateTimeSchema,
});
export type Review = z.infer<typeof reviewSchema>;

/** Every review is shown under this name (docs/product.md, Data); the client translates it. */
export const anonymousAuthorName = 'Anonymous User';

/** A review as anyone may read it: nothing about its author but the anonymous name. */
export const publicReviewSchema = reviewSchema
  .omit({ userId: true })
  .extend({ authorName: z.literal(anonymousAuthorName) });
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET /api/laundromats/{id}/reviews query. */
export const listReviewsQuerySchema = z.object({
  limit: queryIntWithDefaultSchema(
    `limit must be a whole number between 1 and ${reviewPageLimits.max}`,
    1,
    reviewPageLimits.max,
    reviewPageLimits.default,
  ),
  /** Opaque; taken from the previous page's Link rel="next". */
  cursor: z.string().trim().min(1).max(200).optional(),
});
export type ListReviewsQuery = z.output<typeof listReviewsQuerySchema>;

/**
 * GET /api/laundromats/{id}/reviews: a list (docs/product.md, API calls), newest first, `limit` at a time.
 * When more exist, a `Link: <…?limit=…&cursor=…>; rel="next"` header gives the next page.
 */
export const reviewListResponseSchema = z.array(publicReviewSchema);
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;
