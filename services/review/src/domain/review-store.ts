import type { Db } from '@laundry/platform/db';
import type { CreateReviewRequest, Review } from '@laundry/contracts';

export interface NewReview extends CreateReviewRequest {
  laundromatId: string;
  userId: string;
  createdAt: Date;
}

/** A stored review and the exact sort key of its row, which a Date (milliseconds) would round. */
export interface ReviewRow extends Omit<Review, 'createdAt' | 'ownerReply'> {
  createdAt: Date;
  sortTime: string;
  ownerReplyText: string | null;
  ownerRepliedAt: Date | null;
  ownerReplyUpdatedAt: Date | null;
  /** Set when an admin removed the review after a report: no public list shows it then. */
  removedAt: Date | null;
}

/** A review with its laundromat's verified owner (null when nobody owns it). */
export interface ReviewForReply {
  review: ReviewRow;
  ownerUserId: string | null;
}

/** Position after which the next page starts: the last row's (created_at, id). */
export interface ReviewPageKey {
  sortTime: string;
  id: string;
}

/** Where reviews are kept; infra/review-repository.ts implements it. */
export interface ReviewRepository {
  /** Undefined when the user already reviewed this laundromat on the same UTC day. */
  insert(tx: Db, review: NewReview): Promise<ReviewRow | undefined>;
  /** Newest first, limit rows after the key (or from the newest). */
  listForLaundromat(laundromatId: string, limit: number, after?: ReviewPageKey): Promise<ReviewRow[]>;
  /** Locks the review's row for the transaction; undefined when no such review. */
  findForReply(tx: Db, reviewId: string): Promise<ReviewForReply | undefined>;
  /** Sets (first time: repliedAt too) or replaces the reply. */
  setReply(tx: Db, reviewId: string, reply: { text: string; userId: string; at: Date }): Promise<ReviewRow>;
  removeReply(tx: Db, reviewId: string): Promise<ReviewRow>;
  /** Hides the review from every public list after an admin's decision; the row stays. */
  removeForAbuse(tx: Db, reviewId: string, reason: string, at: Date): Promise<void>;
}
