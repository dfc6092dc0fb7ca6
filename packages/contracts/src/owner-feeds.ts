import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { createdFeedKeySchema } from './availability.ts';

/** A feed heard from within this many minutes is healthy; a longer silence makes it stale. */
export const feedHealthyMinutes = 15;

/**
 * When an owner rotates a key, the old one keeps working this long: time to paste the new key into the
 * payment system without a gap in the feed. Revoking a key (a leaked one) ends it at once.
 */
export const feedKeyRotationOverlapMinutes = 60;

/** One of the laundromat's feed keys as its owner sees it: never the key itself, which is shown once. */
export const ownerFeedKeySchema = z.object({
  id: idSchema,
  label: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  /** When it stops (or stopped) working: a rotated key's end lies up to an hour ahead; null while valid. */
  revokedAt: isoDateTimeSchema.nullable(),
  /** Whether a message with it is accepted now. */
  active: z.boolean(),
  /** Its last accepted message; null before the first. */
  lastMessageAt: isoDateTimeSchema.nullable(),
  /** Heard from within the last 15 minutes. */
  healthy: z.boolean(),
});
export type OwnerFeedKey = z.infer<typeof ownerFeedKeySchema>;

/** GET /api/owner/laundromats/{id}/feed-keys: newest first, with the feed's state as a whole. */
export const ownerFeedKeyListSchema = z.object({
  laundromatId: idSchema,
  items: z.array(ownerFeedKeySchema),
  /** The newest message of any key; null when the feed was never heard. */
  lastMessageAt: isoDateTimeSchema.nullable(),
  /** none: never heard; healthy: heard within 15 minutes; stale: silent longer. */
  feed: z.enum(['none', 'healthy', 'stale']),
});
export type OwnerFeedKeyList = z.infer<typeof ownerFeedKeyListSchema>;

/** A rotation's answer: the new key (shown once) and when the old one stops working. */
export const rotatedFeedKeySchema = createdFeedKeySchema.extend({
  replaces: z.object({ id: idSchema, revokedAt: isoDateTimeSchema }),
});
export type RotatedFeedKey = z.infer<typeof rotatedFeedKeySchema>;

export const ownerFeedKeyParamsSchema = z.object({
  id: idSchema.meta({ description: "The laundromat's id." }),
  keyId: idSchema.meta({ description: "The key's id." }),
});

/** What visitors last said is broken at the owner's laundromat, since the last 'Mark fixed'; null if nothing. */
export const ownerOutOfOrderSchema = z.object({
  laundromatId: idSchema,
  current: z
    .object({
      washers: z.number().int().min(0),
      dryers: z.number().int().min(0),
      reportedAt: isoDateTimeSchema,
    })
    .nullable(),
});
export type OwnerOutOfOrder = z.infer<typeof ownerOutOfOrderSchema>;
