import { reviewCreatedV1 } from '@laundry/contracts';
import { creditFrom } from './credit-contribution.ts';

export const reviewCreatedHandler = creditFrom(reviewCreatedV1, (review) => ({
  kind: 'review',
  subjectId: review.reviewId,
  userId: review.userId,
}));
