import type { Router } from 'express';
import { currentUser } from '@laundry/platform';
import { route } from '@laundry/platform/http';
import { reachEstimateRequestSchemaFor } from '@laundry/contracts';
import { adReachOperations as operations } from '@laundry/contracts/operations';
import { reachEstimate } from '../domain/delivery/reach-estimate.ts';
import type { Db } from '@laundry/platform/db';
import type { RequestCountStore } from '../domain/delivery/request-counts.ts';

/**
 * POST /api/campaigns/reach-estimate: the campaign form's estimate (it changes nothing). Its bid and budget
 * are in the advertiser's billing currency, so the bid is checked against that currency's minimum here (a
 * 400 naming it: 'Minimum cost per click is ¥15').
 */
export function reachRoutes(router: Router, deps: { db: Db; requestCounts: RequestCountStore }): void {
  route(router, operations.estimateReach, async ({ body }, req, res) => {
    const currency = await deps.requestCounts.billingCurrencyOfUser(deps.db, currentUser(req).id);
    const input = reachEstimateRequestSchemaFor(currency).parse(body);
    res.set('Cache-Control', 'private, no-store').json(await reachEstimate(deps, input, currency));
  });
}
