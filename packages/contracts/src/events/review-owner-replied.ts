import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const reviewOwnerRepliedV1 = 'review.owner-replied.v1';

/**
 * A laundromat's owner replied to a review for the first time (an edit of the reply is not announced):
 * identity mails the reviewer in their language, unless they turned these mails off.
 */
export const reviewOwnerRepliedV1DataSchema = z.object({
  reviewId: z.uuid(),
  laundromatId: z.uuid(),
  laundromatName: z.string(),
  /** Who wrote the review; an erased account's review is anonymous and no event is sent for it. */
  reviewerUserId: z.uuid(),
  replyText: z.string(),
  repliedAt: z.iso.datetime({ offset: true }),
});
export type ReviewOwnerRepliedV1Data = z.infer<typeof reviewOwnerRepliedV1DataSchema>;

export const reviewOwnerRepliedV1Schema = defineEventSchema(
  reviewOwnerRepliedV1,
  reviewOwnerRepliedV1DataSchema,
);
