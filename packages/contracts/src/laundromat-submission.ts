import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { nearbyDuplicateSchema } from './nearby-duplicates.ts';
import { queryIntWithDefaultSchema } from './query-params.ts';

/** The admins' queue of laundromats users submitted, a page at a time. */
export const submissionPageLimits = { default: 50, max: 100 } as const;

/** GET /api/laundromats/submissions: pending submissions, oldest first. */
export const listSubmissionsQuerySchema = z.object({
  limit: queryIntWithDefaultSchema(
    `limit must be a whole number between 1 and ${submissionPageLimits.max}`,
    1,
    submissionPageLimits.max,
    submissionPageLimits.default,
  ),
  /** Opaque; the previous page's nextCursor. */
  cursor: z.string().trim().min(1).max(200).optional(),
});
export type ListSubmissionsQuery = z.infer<typeof listSubmissionsQuerySchema>;

/** One laundromat waiting for an admin's decision: what was submitted, by whom and when. */
export const laundromatSubmissionSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  currency: z.string(),
  submittedById: idSchema.nullable(),
  /** The address the submitter was signed in with when they submitted it. */
  submittedByEmail: z.string().nullable(),
  submittedAt: isoDateTimeSchema,
  /**
   * Listed laundromats and other pending submissions of a similar name within nearbyDuplicateRadiusMeters,
   * nearest first: the admin checks these before approving.
   */
  likelyDuplicates: z.array(nearbyDuplicateSchema),
});
export type LaundromatSubmission = z.infer<typeof laundromatSubmissionSchema>;

export const laundromatSubmissionListSchema = z.object({
  items: z.array(laundromatSubmissionSchema),
  /** Every pending submission, not only this page's. */
  total: z.number().int().min(0),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type LaundromatSubmissionList = z.infer<typeof laundromatSubmissionListSchema>;

export const rejectionReasonRequired = 'A reason for the rejection is required';

/** POST /api/laundromats/{id}/reject: why it is not listed, for the record and the submitter. */
export const rejectLaundromatRequestSchema = z.object({
  reason: z
    .string({ error: rejectionReasonRequired })
    .trim()
    .min(1, { error: rejectionReasonRequired })
    .max(2000, { error: 'The reason must be at most 2000 characters' }),
});
export type RejectLaundromatRequest = z.infer<typeof rejectLaundromatRequestSchema>;
