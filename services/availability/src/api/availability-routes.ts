import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { availabilityOperations as operations } from '@laundry/contracts/operations';
import { availabilityOf, confirmReport, type ReportDeps, type ReportIntake } from '../domain/reports.ts';
import {
  bearerToken,
  issueFeedKey,
  revokeFeedKey,
  type FeedKeyCache,
  type MachineFeedIntake,
} from '../domain/feeds.ts';

/** A malformed id cannot name any laundromat, so it is answered like an unknown one. */
const invalidParams = () => notFound('Laundromat not found');

export function availabilityRoutes(
  router: Router,
  deps: ReportDeps & { machineFeed: MachineFeedIntake; reports: ReportIntake; feedKeys?: FeedKeyCache },
): void {
  route(router, operations.getAvailability, { invalidParams }, async ({ params }, req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await availabilityOf(deps, params.id, req.user?.id));
  });

  route(router, operations.reportAvailability, { invalidParams }, async ({ params, body }, req, res) => {
    res.status(201).json(await deps.reports.accept(currentUser(req), params.id, body));
  });

  route(
    router,
    operations.confirmAvailabilityReport,
    { invalidParams: () => notFound('Report not found') },
    async ({ params, body }, req, res) => {
      res
        .status(201)
        .json(await confirmReport(deps, currentUser(req), params.id, params.reportId, body.agree));
    },
  );

  // The key comes in the Authorization header; the intake refuses a missing, revoked or unknown one.
  route(router, operations.postMachineFeed, async ({ body }, req, res) => {
    res.json(await deps.machineFeed.accept(bearerToken(req.get('authorization')), body));
  });

  route(router, operations.issueFeedKey, { invalidParams }, async ({ params, body }, req, res) => {
    res.set('Cache-Control', 'no-store');
    res.status(201).json(await issueFeedKey(deps, currentUser(req), params.id, body.label));
  });

  route(
    router,
    operations.revokeFeedKey,
    { invalidParams: () => notFound('Feed key not found') },
    async ({ params }, _req, res) => {
      await revokeFeedKey(deps, params.keyId);
      res.status(204).end();
    },
  );
}
