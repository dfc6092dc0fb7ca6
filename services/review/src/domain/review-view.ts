import { anonymousAuthorName, type PublicReview, type Review } from '@laundry/contracts';
import type { ReviewRow } from './review-store.ts';

export function toReview(row: ReviewRow): Review {
  const {
    sortTime: _sortTime,
    createdAt,
    ownerReplyText,
    ownerRepliedAt,
    ownerReplyUpdatedAt,
    removedAt: _removedAt,
    ...fields
  } = row;
  const ownerReply =
    ownerReplyText !== null && ownerRepliedAt && ownerReplyUpdatedAt
      ? {
          text: ownerReplyText,
          repliedAt: ownerRepliedAt.toISOString(),
          updatedAt: ownerReplyUpdatedAt.toISOString(),
        }
      : null;
  return { ...fields, createdAt: createdAt.toISOString(), ownerReply };
}

/** What anyone may read: the author is never named or identified ('Anonymous User'). */
export function toPublicReview(row: ReviewRow): PublicReview {
  const { userId: _userId, ...review } = toReview(row);
  return { ...review, authorName: anonymousAuthorName };
}
