import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';
import { suggestionKinds } from '../laundromat-suggestion.ts';
import type { NotificationType } from '../notification.ts';

export const laundromatOwnerNoticeRaisedV1 = 'laundromat.owner-notice-raised.v1';

/** The owner notifications, each of which the owner may turn off (notificationTypes of notification.ts). */
export const ownerNoticeTypes = [
  'owner.review',
  'owner.suggestion',
  'owner.out-of-order',
  'owner.claim-decided',
] as const satisfies readonly NotificationType[];
export type OwnerNoticeType = (typeof ownerNoticeTypes)[number];

/**
 * Something happened that a laundromat's owner (or, for a claim decided, its claimant) is told by e-mail:
 * a new review, a suggested edit, a machine reported out of order, the decision on their claim. The service
 * it happened in records it in the same transaction; identity mails it in the owner's language unless they
 * turned that type off. `noticeId` names the thing (the review's, the suggestion's, the report's, the
 * claim's id with its type), so a redelivered event finds its mail taken and sends nothing again.
 */
export const laundromatOwnerNoticeRaisedV1DataSchema = z.object({
  noticeId: z.string().regex(/^[a-z-]+:[A-Za-z0-9_.:-]{1,90}$/),
  type: z.enum(ownerNoticeTypes),
  /** Whom the mail goes to: the verified owner, or for owner.claim-decided the claimant. */
  ownerUserId: z.uuid(),
  laundromatId: z.uuid(),
  /** Null when the publishing service does not keep names: the mail says 'your laundromat' then. */
  laundromatName: z.string().nullable(),
  /** owner.review: the overall stars (1-5). */
  rating: z.number().int().min(1).max(5).optional(),
  /** owner.suggestion: what was suggested. */
  suggestionKind: z.enum(suggestionKinds).optional(),
  /** owner.out-of-order: how many machines the visitor reported out of order. */
  outOfOrder: z.object({ washers: z.number().int().min(0), dryers: z.number().int().min(0) }).optional(),
  /** owner.claim-decided: the decision, and the reason given with a rejection. */
  claimStatus: z.enum(['approved', 'rejected']).optional(),
  reason: z.string().max(2000).nullable().optional(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type LaundromatOwnerNoticeRaisedV1Data = z.infer<typeof laundromatOwnerNoticeRaisedV1DataSchema>;

export const laundromatOwnerNoticeRaisedV1Schema = defineEventSchema(
  laundromatOwnerNoticeRaisedV1,
  laundromatOwnerNoticeRaisedV1DataSchema,
);
