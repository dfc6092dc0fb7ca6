import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const reviewCreatedV1 = 'review.created.v1';

const rating = z.number().int().min(1).max(5);

export const reviewCreatedV1DataSchema = z.object({
  reviewId: z.uuid(),
  laundromatId: z.uuid(),
  userId: z.uuid(),
  overallRating: rating,
  priceRating: rating.nullable(),
  safetyRating: rating.nullable(),
  cleanlinessRating: rating.nullable(),
  reliabilityRating: rating.nullable(),
  accessibilityRating: rating.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const reviewCreatedV1Schema = defineEventSchema(reviewCreatedV1, reviewCreatedV1DataSchema);
export type ReviewCreatedV1 = z.infer<typeof reviewCreatedV1Schema>;
