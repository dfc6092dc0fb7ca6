import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

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
