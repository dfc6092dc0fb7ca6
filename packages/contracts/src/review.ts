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

/** PUT /api/reviews/{reviewId}/reply: the verified owner's public answer to a review. */
export const ownerReplyLimits = { max: 2000 } as const;
export const ownerReplyRequestSchema = z.object({
  text: z
    .string({ error: 'Reply must be text' })
    .trim()
    .min(1, { error: 'Reply must not be empty' })
    .max(ownerReplyLimits.max, { error: `Reply must be at most ${ownerReplyLimits.max} characters` }),
});
export type OwnerReplyRequest = z.infer<typeof ownerReplyRequestSchema>;

/** The one public reply of the laundromat's owner; `updatedAt` moves when it is edited. */
export const ownerReplySchema = z.object({
  text: z.string(),
  repliedAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type OwnerReply = z.infer<typeof ownerReplySchema>;

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
  ownerReply: ownerReplySchema.nullable().default(null),
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

/**
 * Why a laundromat's verified owner reports a review of it as abusive. The owner can only report: an admin
 * decides whether the review stays or is removed, so no owner can silence a critic alone.
 */
export const reviewAbuseReasons = [
  'spam',
  'offensive',
  'false-information',
  'personal-information',
  'conflict-of-interest',
  'other',
] as const;
export type ReviewAbuseReason = (typeof reviewAbuseReasons)[number];

export const reviewAbuseReportLimits = { note: 1000, decisionReason: 2000 } as const;

/** POST /api/reviews/{reviewId}/abuse-reports. An empty note is no note. */
export const createReviewAbuseReportSchema = z
  .object({
    reason: z.enum(reviewAbuseReasons, {
      error: `Reason must be one of: ${reviewAbuseReasons.join(', ')}`,
    }),
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(reviewAbuseReportLimits.note, {
        error: `The note must be at most ${reviewAbuseReportLimits.note} characters`,
      })
      .optional()
      .transform((note) => (note ? note : undefined)),
  })
  .strict();
export type CreateReviewAbuseReport = z.infer<typeof createReviewAbuseReportSchema>;

export const reviewAbuseReportStatuses = ['open', 'kept', 'removed'] as const;
export type ReviewAbuseReportStatus = (typeof reviewAbuseReportStatuses)[number];

/** A report as its owner and the admins see it. */
export const reviewAbuseReportSchema = z.object({
  id: idSchema,
  reviewId: idSchema,
  laundromatId: idSchema,
  reason: z.enum(reviewAbuseReasons),
  note: z.string().nullable(),
  status: z.enum(reviewAbuseReportStatuses),
  createdAt: isoDateTimeSchema,
  decidedAt: isoDateTimeSchema.nullable(),
  decisionReason: z.string().nullable(),
});
export type ReviewAbuseReport = z.infer<typeof reviewAbuseReportSchema>;

/** GET /api/admin/review-reports: the open reports, oldest first, each with the review it is about. */
export const adminReviewReportSchema = reviewAbuseReportSchema.extend({
  /** Null when the directory no longer lists the laundromat (or cannot answer right now). */
  laundromatName: z.string().nullable(),
  review: publicReviewSchema,
});
export type AdminReviewReport = z.infer<typeof adminReviewReportSchema>;
export const adminReviewReportListSchema = z.array(adminReviewReportSchema);

/** POST /api/admin/review-reports/{id}/decision: keep the review or remove it, always with the reason. */
export const decideReviewReportRequestSchema = z
  .object({
    decision: z.enum(['keep', 'remove'], { error: 'decision must be keep or remove' }),
    reason: z
      .string({ error: 'The reason must be text' })
      .trim()
      .min(1, { error: 'Give the reason for the decision' })
      .max(reviewAbuseReportLimits.decisionReason, {
        error: `The reason must be at most ${reviewAbuseReportLimits.decisionReason} characters`,
      }),
  })
  .strict();
export type DecideReviewReportRequest = z.infer<typeof decideReviewReportRequestSchema>;
