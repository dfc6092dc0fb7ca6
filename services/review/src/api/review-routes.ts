import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { currentUser, requireUser } from '@laundry/platform/auth';
import { createReviewRequestSchema, idSchema, listReviewsQuerySchema } from '@laundry/contracts';
import { postReview, type PostReviewDeps } from '../domain/post-review.ts';
import { listReviews } from '../domain/list-reviews.ts';

export function reviewRoutes(router: Router, deps: PostReviewDeps): void {
  router.get('/api/laundromats/:id/reviews', async (req, res) => {
    const id = laundromatId(req.params);
    const query = listReviewsQuerySchema.parse(req.query);
    const page = await listReviews(deps.reviews, id, query);
    if (page.nextCursor) {
      const next = new URLSearchParams({ limit: String(query.limit), cursor: page.nextCursor });
      res.links({ next: `/api/laundromats/${id}/reviews?${next}` });
    }
    res.json(page.items);
  });

  router.post('/api/laundromats/:id/reviews', requireUser, async (req, res) => {
    const id = laundromatId(req.params);
    const input = createReviewRequestSchema.parse(req.body ?? {});
    res.status(201).json(await postReview(deps, currentUser(req), id, input));
  });
}

/** A malformed id cannot name any laundromat, so it is answered like an unknown one. */
function laundromatId(params: Record<string, unknown>): string {
  const parsed = idSchema.safeParse(params.id);
  if (!parsed.success) throw notFound('Laundromat not found');
  return parsed.data;
}
