import type { Db } from '@laundry/platform/db';
import type { RatingAverages, RatingTallies, StoredRatings } from './review-ratings.ts';

/** A laundromat's rating tallies, read and written inside the consumer's transaction. */
export interface RatingRepository {
  /** Locks the laundromat's row for the rest of the transaction; undefined when there is no such row. */
  lockRatings(tx: Db, laundromatId: string): Promise<StoredRatings | undefined>;
  saveRatings(tx: Db, laundromatId: string, tallies: RatingTallies, averages: RatingAverages): Promise<void>;
  /** One review more, with its stars, on the laundromat's own day of it: its owner's insights count it. */
  countReview(tx: Db, laundromatId: string, createdAt: string, stars: number): Promise<void>;
}
