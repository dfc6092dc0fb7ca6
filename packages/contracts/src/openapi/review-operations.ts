import { z } from 'zod';
import { idSchema } from '../common.ts';
import {
  createReviewRequestSchema,
  listReviewsQuerySchema,
  reviewListResponseSchema,
  reviewSchema,
} from '../review.ts';
import { defineOperations, jsonBody } from './operation.ts';

const laundromatIdParams = z.object({
  id: idSchema.meta({ description: "The laundromat's id." }),
});

/** Reviews of a laundromat. */
export const reviewOperations = defineOperations('review', {
  listReviews: {
    method: 'get',
    path: '/api/laundromats/{id}/reviews',
    summary: "A laundromat's reviews, newest first",
    description: 'Anonymous. When more exist, the `Link` header gives the next page.',
    access: 'anyone',
    params: laundromatIdParams,
    query: listReviewsQuerySchema,
    answers: {
      200: {
        description: 'One page of reviews.',
        schema: reviewListResponseSchema,
        headers: z.object({
          Link: z.string().optional().meta({ description: '`<…?limit=…&cursor=…>; rel="next"`' }),
        }),
      },
    },
    errors: [400, 404],
  },
  postReview: {
    method: 'post',
    path: '/api/laundromats/{id}/reviews',
    summary: 'Review a laundromat',
    description: 'One review per person per laundromat per day; a second one the same day is a 429.',
    access: 'signed-in',
    params: laundromatIdParams,
    body: jsonBody(createReviewRequestSchema),
    answers: { 201: { description: 'The review.', schema: reviewSchema } },
    errors: [400, 404, 429],
  },
});
