import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { verificationDocumentTypes } from './constants/domain.ts';
import { creativeSchema } from './campaign-creatives.ts';

export const contentModerationReviewSchema = z.object({
  id: idSchema,
  campaignId: idSchema,
  reviewType: z.string().min(1),
  status: z.string().max(20).default('pending'),
  flaggedContent: z.unknown().nullable(),
  riskScore: z.number().int().nullable(),
  autoModerated: z.boolean().default(false),
  reviewerNotes: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  requiredChanges: z.string().nullable(),
  reviewerId: idSchema.nullable(),
  reviewedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type ContentModerationReview = z.infer<typeof contentModerationReviewSchema>;

export const advertiserVerificationSchema = z.object({
  id: idSchema,
  advertiserId: idSchema,
  verificationType: z.string().min(1),
  status: z.string().max(20).default('pending'),
  documentType: z.string().nullable(),
  documentNumber: z.string().nullable(),
  issuingAuthority: z.string().nullable(),
  documentUrl: z.string().nullable(),
  verificationMethod: z.string().nullable(),
  verifiedBy: idSchema.nullable(),
  verificationNotes: z.string().nullable(),
  expiresAt: isoDateTimeSchema.nullable(),
  verifiedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdvertiserVerification = z.infer<typeof advertiserVerificationSchema>;

/** POST /api/admin/moderation/{reviewId}: an admin's decision on a campaign waiting for review. */
export const moderationDecisionRequestSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve'), notes: optionalNote('Notes') }),
    z.object({
      decision: z.literal('reject'),
      reason: requiredNote('A reason for the rejection is required'),
    }),
    z.object({
      decision: z.literal('request_changes'),
      reason: requiredNote('Say which changes are needed'),
    }),
  ],
  { error: 'Decision must be one of approve, reject, request_changes' },
);
export type ModerationDecisionRequest = z.infer<typeof moderationDecisionRequestSchema>;

/** One campaign in the admin's moderation queue, with what the automatic check flagged. */
/** The fields of a campaign's (or a creative's) content that a change to goes back to review. */
export const contentFields = ['title', 'description', 'imageUrl', 'targetUrl'] as const;

/**
 * One field an edit changes, with its approved value and the new one (null where there is none: an empty
 * description, a creative added or removed). `creative` is null for the campaign's own content, else the
 * creative's place among the further creatives (1 for the first), as the advertiser ordered them.
 */
export const contentChangeSchema = z.object({
  field: z.enum(contentFields),
  creative: z.number().int().min(1).nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ContentChange = z.infer<typeof contentChangeSchema>;

export const moderationQueueItemSchema = z.object({
  reviewId: idSchema,
  campaignId: idSchema,
  advertiserId: idSchema,
  businessName: z.string(),
  advertiserWebsite: z.string().nullable(),
  advertiserVerified: z.boolean(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  targetUrl: z.string().nullable(),
  /** The further creatives under review, beside the campaign's own content above. */
  creatives: z.array(creativeSchema).default([]),
  reviewType: z.enum(['new', 'edit']),
  /** An edit of approved content: each field it changes, old and new; absent for a new campaign. */
  changes: z.array(contentChangeSchema).optional(),
  riskScore: z.number().int(),
  /** Each finding of the automatic check: what was found, where, and how many points it added. */
  flaggedContent: z.array(z.object({ field: z.string(), reason: z.string(), points: z.number().int() })),
  status: z.string(),
  createdAt: isoDateTimeSchema,
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;

/** The fields that come with the document of POST /api/advertisers/me/verification (a multipart form). */
export const verificationRequestSchema = z.object({
  documentType: z.enum(verificationDocumentTypes, {
    error: `Document type must be one of ${verificationDocumentTypes.join(', ')}`,
  }),
  documentNumber: z
    .string()
    .trim()
    .max(100, { error: 'Document number must be at most 100 characters' })
    .default(''),
  issuingAuthority: z
    .string()
    .trim()
    .max(255, { error: 'Issuing authority must be at most 255 characters' })
    .default(''),
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

/** POST /api/admin/verifications/{id}: an admin verifies the business or rejects the document. */
export const verificationDecisionRequestSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('verify'), notes: optionalNote('Notes') }),
    z.object({ decision: z.literal('reject'), notes: requiredNote('Say why the document is rejected') }),
  ],
  { error: 'Decision must be one of verify, reject' },
);
export type VerificationDecisionRequest = z.infer<typeof verificationDecisionRequestSchema>;

/** One submission in the admin's verification queue. */
export const verificationQueueItemSchema = advertiserVerificationSchema.extend({
  businessName: z.string(),
  contactEmail: z.string(),
  website: z.string().nullable(),
});
export type VerificationQueueItem = z.infer<typeof verificationQueueItemSchema>;

function requiredNote(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(2000, { error: 'Keep it under 2000 characters' });
}

function optionalNote(label: string) {
  return z
    .string()
    .trim()
    .max(2000, { error: `${label} must be at most 2000 characters` })
    .default('');
}
