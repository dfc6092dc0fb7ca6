import type { Router } from 'express';
import { currentUser } from '@laundry/platform/auth';
import { notFound } from '@laundry/platform/errors';
import { route } from '@laundry/platform/http';
import { ownerListingOperations as operations } from '@laundry/contracts/operations';
import { insightsCsv, readOwnerInsights, type InsightsStore } from '../domain/owner-insights.ts';
import { invalidLaundromatId as invalidParams } from './laundromat-routes.ts';

/**
 * The finder's beacon of views and taps, and the verified owner's insights made of them. The beacon is a
 * write like any other at the gateway, so its per-address write limit applies; it stores a count only.
 */
export function ownerInsightsRoutes(
  router: Router,
  deps: { insights: InsightsStore; beforeRead?: () => Promise<void> },
): void {
  route(router, operations.recordInteraction, { invalidParams }, async ({ params, body }, _req, res) => {
    if (!(await deps.insights.recordInteraction(params.id, body.kind)))
      throw notFound('Laundromat not found');
    res.status(204).end();
  });

  route(router, operations.ownerInsights, { invalidParams }, async ({ params, query }, req, res) => {
    // This process's appearances not yet written are written first, so the figures include them.
    await deps.beforeRead?.();
    const insights = await readOwnerInsights(deps.insights, currentUser(req), params.id, query);
    res.set('Cache-Control', 'private, no-store');
    if (query.format === 'csv' || (query.format === undefined && req.accepts(['json', 'csv']) === 'csv')) {
      res
        .type('text/csv')
        .attachment(`insights-${insights.from}-${insights.to}.csv`)
        .send(insightsCsv(insights));
      return;
    }
    res.json(insights);
  });
}
