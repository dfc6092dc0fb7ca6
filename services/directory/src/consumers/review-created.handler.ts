import { idempotentHandler, type Db, type EventHandler, type Logger } from '@laundry/platform';
import { parseEvent, reviewCreatedV1 } from '@laundry/contracts';
import { addReview, averagesOf, talliesOf } from '../domain/review-ratings.ts';
import type { RatingRepository } from '../infra/rating-repository.ts';

/**
 * review.created.v1 → the laundromat's averageRating, totalReviews and five sub-scores. The event id is
 * recorded in the same transaction as the new ratings, so a redelivered event counts once; a malformed
 * event throws and is retried, then dead-lettered by the bus.
 */
export function reviewCreatedHandler(deps: {
  db: Db;
  ratings: RatingRepository;
  logger: Logger;
}): EventHandler {
  return idempotentHandler({
    db: deps.db,
    consumer: 'directory.review-created',
    handler: async (envelope, tx) => {
      const { data: review } = parseEvent(reviewCreatedV1, envelope);
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
    },
  });
}
