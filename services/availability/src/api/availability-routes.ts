import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { currentUser, requireRole, requireUser } from '@laundry/platform/auth';
import {
  createAvailabilityReportRequestSchema,
  createFeedKeyRequestSchema,
  feedKeyParamsSchema,
  idSchema,
  machineFeedRequestSchema,
  reportConfirmationRequestSchema,
  reportParamsSchema,
} from '@laundry/contracts';
import { availabilityOf, confirmReport, postReport, type ReportDeps } from '../domain/reports.ts';
import { acceptMachineFeed, bearerToken, issueFeedKey, revokeFeedKey } from '../domain/feeds.ts';

export function availabilityRoutes(router: Router, deps: ReportDeps): void {
  router.get('/api/laundromats/:id/availability', async (req, res) => {
    const id = laundromatId(req.params);
    res.set('Cache-Control', 'no-store');
    res.json(await availabilityOf(deps, id, req.user?.id));
  });

  router.post('/api/laundromats/:id/availability/reports', requireUser, async (req, res) => {
    const id = laundromatId(req.params);
    const input = createAvailabilityReportRequestSchema.parse(req.body ?? {});
    res.status(201).json(await postReport(deps, currentUser(req), id, input));
  });

  router.post(
    '/api/laundromats/:id/availability/reports/:reportId/confirmations',
    requireUser,
    async (req, res) => {
      const params = reportParamsSchema.safeParse(req.params);
      if (!params.success) throw notFound('Report not found');
      const { agree } = reportConfirmationRequestSchema.parse(req.body ?? {});
      res
        .status(201)
        .json(await confirmReport(deps, currentUser(req), params.data.id, params.data.reportId, agree));
    },
  );

  router.post('/api/feeds/machines', async (req, res) => {
    // The key first: a caller without a valid one learns nothing about what a valid message looks like.
    const key = bearerToken(req.get('authorization'));
    const message = machineFeedRequestSchema.parse(req.body ?? {});
    res.json(await acceptMachineFeed(deps, key, message));
  });

  router.post('/api/admin/laundromats/:id/feed-keys', requireRole('admin'), async (req, res) => {
    const id = laundromatId(req.params);
    const { label } = createFeedKeyRequestSchema.parse(req.body ?? {});
    res.set('Cache-Control', 'no-store');
    res.status(201).json(await issueFeedKey(deps, currentUser(req), id, label));
  });

  router.delete('/api/admin/feed-keys/:keyId', requireRole('admin'), async (req, res) => {
    const params = feedKeyParamsSchema.safeParse(req.params);
    if (!params.success) throw notFound('Feed key not found');
    await revokeFeedKey(deps, params.data.keyId);
    res.status(204).end();
  });
}

/** A malformed id cannot name any laundromat, so it is answered like an unknown one. */
function laundromatId(params: Record<string, unknown>): string {
  const parsed = idSchema.safeParse(params.id);
  if (!parsed.success) throw notFound('Laundromat not found');
  return parsed.data;
}
