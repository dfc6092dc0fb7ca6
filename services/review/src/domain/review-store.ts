import type { Db } from '@laundry/platform/db';
import type { CreateReviewRequest, Review } from '@laundry/contracts';

export interface NewReview extends CreateReviewRequest {
  laundromatId: string;
  userId: string;
  createdAt: Date;
}

/** A stored review and the exact sort key of its row, which a Date (milliseconds) would round. */
export interface ReviewRow extends Omit<Review, 'createdAt'> {
  createdAt: Date;
  sortTime: string;
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
}
