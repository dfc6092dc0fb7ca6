import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { reviewOperations } from '@laundry/contracts/operations';
import { postReview, type PostReviewDeps } from '../domain/post-review.ts';
import { listReviews } from '../domain/list-reviews.ts';

/** A malformed id cannot name any laundromat, so it is answered like an unknown one. */
const invalidParams = () => notFound('Laundromat not found');

export function reviewRoutes(router: Router, deps: PostReviewDeps): void {
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
}
