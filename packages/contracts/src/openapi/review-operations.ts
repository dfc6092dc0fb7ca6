import { z } from 'zod';
import { idSchema } from '../common.ts';
import {
  adminReviewReportListSchema,
  createReviewAbuseReportSchema,
  createReviewRequestSchema,
  decideReviewReportRequestSchema,
  listReviewsQuerySchema,
  ownerReplyRequestSchema,
  reviewListResponseSchema,
  publicReviewSchema,
  reviewAbuseReportSchema,
  reviewSchema,
} from '../review.ts';
import { defineOperations, jsonBody } from './operation.ts';

const laundromatIdParams = z.object({
  id: idSchema.meta({ description: "The laundromat's id." }),
});

const reviewIdParams = z.object({
  reviewId: idSchema.meta({ description: "The review's id." }),
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
  putOwnerReply: {
    method: 'put',
    path: '/api/reviews/{reviewId}/reply',
    summary: "Reply to a review as the laundromat's verified owner",
    description:
      'One public reply per review: sending it again replaces the text. Only the verified owner of the ' +
      "review's laundromat or an admin may reply (403); the reviewer is told by e-mail when it is first " +
      'posted. Every change is audited.',
    access: 'signed-in',
    params: reviewIdParams,
    body: jsonBody(ownerReplyRequestSchema),
    answers: { 200: { description: 'The review with its reply.', schema: publicReviewSchema } },
    errors: [400, 403, 404],
  },
  deleteOwnerReply: {
    method: 'delete',
    path: '/api/reviews/{reviewId}/reply',
    summary: "Remove the owner's reply to a review",
    description:
      'Only the verified owner or an admin (403). Removing a reply that does not exist is harmless.',
    access: 'signed-in',
    params: reviewIdParams,
    answers: { 200: { description: 'The review without a reply.', schema: publicReviewSchema } },
    errors: [403, 404],
  },
  reportReviewAbuse: {
    method: 'post',
    path: '/api/reviews/{reviewId}/abuse-reports',
    summary: "Report a review of one's own laundromat as abusive",
    description:
      "Only the verified owner of the review's laundromat (403). A reason category and an optional note of " +
      'at most 1,000 characters; one open report per review and owner (a second is a 409). An admin decides ' +
      'whether the review stays; the owner can never remove it. The report is audited.',
    access: 'signed-in',
    params: reviewIdParams,
    body: jsonBody(createReviewAbuseReportSchema),
    answers: { 201: { description: 'The report, open.', schema: reviewAbuseReportSchema } },
    errors: [400, 403, 404, 409],
  },
  listReviewReports: {
    method: 'get',
    path: '/api/admin/review-reports',
    summary: 'Open reports of abusive reviews',
    description: 'Oldest first, each with the review, its laundromat and the owner’s reason.',
    access: 'admin',
    answers: { 200: { description: 'The open reports.', schema: adminReviewReportListSchema } },
    errors: [],
  },
  decideReviewReport: {
    method: 'post',
    path: '/api/admin/review-reports/{id}/decision',
    summary: 'Keep or remove a reported review',
    description:
      'With a reason. Remove hides the review from everyone (it stays stored) and settles every open report ' +
      'of it; keep settles this report. A report already decided is a 409. The decision is audited.',
    access: 'admin',
    params: z.object({ id: idSchema.meta({ description: "The report's id." }) }),
    body: jsonBody(decideReviewReportRequestSchema),
    answers: { 200: { description: 'The report with its decision.', schema: reviewAbuseReportSchema } },
    errors: [400, 404, 409],
  },
});
