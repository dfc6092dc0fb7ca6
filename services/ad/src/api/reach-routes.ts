import type { Router } from 'express';
import { route } from '@laundry/platform/http';
import { adReachOperations as operations } from '@laundry/contracts/operations';
import { reachEstimate } from '../domain/delivery/reach-estimate.ts';
import type { Db } from '@laundry/platform/db';
import type { RequestCountStore } from '../domain/delivery/request-counts.ts';

/** POST /api/campaigns/reach-estimate: the campaign form's estimate (it changes nothing). */
export function reachRoutes(router: Router, deps: { db: Db; requestCounts: RequestCountStore }): void {
  route(router, operations.estimateReach, async ({ body }, _req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await reachEstimate(deps, body));
  });
}
