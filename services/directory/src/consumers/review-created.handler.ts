import type { Logger } from '@laundry/platform/logging';
import type { Db } from '@laundry/platform/db';
import { idempotentHandler } from '@laundry/platform/bus';
import type { EventOf, reviewCreatedV1 } from '@laundry/contracts';
import { addReview, averagesOf, talliesOf } from '../domain/review-ratings.ts';
import type { RatingRepository } from '../domain/rating-store.ts';

/**
 * review.created.v1 → the laundromat's averageRating, totalReviews and five sub-scores, and the day's
 * review count of its owner's insights. The event id is recorded in the same transaction as both, so a
 * redelivered event counts once; a malformed event throws and is retried, then dead-lettered by the bus.
 */
export function reviewCreatedHandler(deps: { db: Db; ratings: RatingRepository; logger: Logger }) {
  return idempotentHandler<EventOf<typeof reviewCreatedV1>>({
    db: deps.db,
    consumer: 'directory.review-created',
    handler: async ({ data: review }, tx) => {
      const stored = await deps.ratings.lockRatings(tx, review.laundromatId);
      if (!stored) {
        // The review service checked the laundromat existed; it has been removed since. Nothing to rate.
        deps.logger.warn(
          { reviewId: review.reviewId, laundromatId: review.laundromatId },
          'review of an unknown laundromat ignored',
        );
        return;
      }
      const tallies = addReview(talliesOf(stored), review);
      await deps.ratings.saveRatings(tx, review.laundromatId, tallies, averagesOf(tallies));
      // The owner's insights: one review more on the laundromat's day of it, with its stars.
      await deps.ratings.countReview(tx, review.laundromatId, review.createdAt, review.overallRating);
    },
  });
}
