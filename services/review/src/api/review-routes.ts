import type { Request, Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { reviewOperations } from '@laundry/contracts/operations';
import { postReview, type PostReviewDeps } from '../domain/post-review.ts';
import { listReviews } from '../domain/list-reviews.ts';
import { deleteOwnerReply, putOwnerReply, type RequestAudit } from '../domain/owner-reply.ts';
import {
  decideReport,
  listOpenReports,
  reportReview,
  type ReviewReportDeps,
} from '../domain/review-reports.ts';

/** A malformed id cannot name any laundromat, so it is answered like an unknown one. */
const invalidParams = () => notFound('Laundromat not found');
const invalidReviewId = () => notFound('Review not found');
const invalidReportId = () => notFound('Report not found');

function auditContext(req: Request): RequestAudit {
  return {
    ipAddress: req.clientAddress ?? null,
    userAgent: req.get('user-agent') ?? null,
    endpoint: req.originalUrl.split('?')[0]!,
    httpMethod: req.method,
  };
}

export function reviewRoutes(router: Router, deps: PostReviewDeps & ReviewReportDeps): void {
  route(router, reviewOperations.listReviews, { invalidParams }, async ({ params, query }, _req, res) => {
    const page = await listReviews(deps.reviews, params.id, query);
    if (page.nextCursor) {
      const next = new URLSearchParams({ limit: String(query.limit), cursor: page.nextCursor });
      res.links({ next: `/api/laundromats/${params.id}/reviews?${next}` });
    }
    res.json(page.items);
  });

  route(router, reviewOperations.postReview, { invalidParams }, async ({ params, body }, req, res) => {
    res.status(201).json(await postReview(deps, currentUser(req), params.id, body));
  });

  route(
    router,
    reviewOperations.putOwnerReply,
    { invalidParams: invalidReviewId },
    async ({ params, body }, req, res) => {
      res.json(await putOwnerReply(deps, currentUser(req), auditContext(req), params.reviewId, body));
    },
  );

  route(
    router,
    reviewOperations.deleteOwnerReply,
    { invalidParams: invalidReviewId },
    async ({ params }, req, res) => {
      res.json(await deleteOwnerReply(deps, currentUser(req), auditContext(req), params.reviewId));
    },
  );

  route(
    router,
    reviewOperations.reportReviewAbuse,
    { invalidParams: invalidReviewId },
    async ({ params, body }, req, res) => {
      res
        .status(201)
        .json(await reportReview(deps, currentUser(req), auditContext(req), params.reviewId, body));
    },
  );

  route(router, reviewOperations.listReviewReports, async (_input, _req, res) => {
    res.json(await listOpenReports(deps));
  });

  route(
    router,
    reviewOperations.decideReviewReport,
    { invalidParams: invalidReportId },
    async ({ params, body }, req, res) => {
      res.json(await decideReport(deps, currentUser(req), auditContext(req), params.id, body));
    },
  );
}
