import type { Request, Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { sendJsonText } from '@laundry/platform/http';
import { currentUser, requireRole, requireUser } from '@laundry/platform/auth';
import {
  createLaundromatRequestSchema,
  formatZodError,
  idSchema,
  laundromatNamesQuerySchema,
  listLaundromatsQuerySchema,
  listSubmissionsQuerySchema,
  nearbyDuplicatesQuerySchema,
  rejectLaundromatRequestSchema,
  searchLaundromatsQuerySchema,
} from '@laundry/contracts';
import { listLaundromats, searchLaundromats, type Geocoding } from '../domain/find-laundromats.ts';
import { createPointsCache, pointsCacheSeconds, readLaundromatPoints } from '../domain/laundromat-points.ts';
import { getLaundromat, submitLaundromat, type SubmissionDeps } from '../domain/submit-laundromat.ts';
import {
  approveLaundromat,
  listSubmissions,
  recordRefusedDecision,
  rejectLaundromat,
} from '../domain/decide-submission.ts';
import type { AuditContext } from '../domain/admin-audit.ts';
import { findNearbyDuplicates, type NearbyLaundromats } from '../domain/nearby-duplicates.ts';

export function laundromatRoutes(
  router: Router,
  deps: SubmissionDeps & { geocoding: Geocoding; nearby: NearbyLaundromats },
): void {
  const points = createPointsCache(() => readLaundromatPoints(deps.laundromats));

  router.get('/api/laundromats', async (req, res) => {
    sendJsonText(res, await listLaundromats(deps.laundromats, listLaundromatsQuerySchema.parse(req.query)));
  });

  router.get('/api/laundromats/search', async (req, res) => {
    const query = searchLaundromatsQuerySchema.parse(req.query);
    sendJsonText(res, await searchLaundromats(deps.laundromats, deps.geocoding, query));
  });

  // Every listed laundromat's point, for the Explore page's world map; before /:id, which would take 'points'.
  router.get('/api/laundromats/points', async (req, res) => {
    const answer = await points.get();
    // Public, and the same for everyone: a browser keeps it a minute, then revalidates it with the ETag.
    res.set({ 'Cache-Control': `public, max-age=${pointsCacheSeconds}`, ETag: answer.etag });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    sendJsonText(res, answer.json);
  });

  // Before /:id, which would otherwise take 'submissions' for an id.
  router.get('/api/laundromats/submissions', requireRole('admin'), async (req, res) => {
    const query = listSubmissionsQuerySchema.parse(req.query);
    res.json(await listSubmissions(deps.laundromats, deps.nearby, query));
  });

  // The add form's 'Is it one of these?'; before /:id as well.
  router.get('/api/laundromats/nearby-duplicates', async (req, res) => {
    res.json(await findNearbyDuplicates(deps.nearby, nearbyDuplicatesQuerySchema.parse(req.query)));
  });

  router.get('/api/laundromats/:id', async (req, res) => {
    res.json(await getLaundromat(deps.laundromats, req.user, laundromatId(req.params)));
  });

  // Not among the directory's public paths: the photo service names the laundromats of a list of photos.
  router.get('/internal/laundromats/names', async (req, res) => {
    const { ids } = laundromatNamesQuerySchema.parse(req.query);
    res.json({ names: Object.fromEntries(await deps.laundromats.namesOf(ids)) });
  });

  router.post('/api/laundromats', requireUser, async (req, res) => {
    const input = createLaundromatRequestSchema.parse(req.body ?? {});
    res.status(201).json(await submitLaundromat(deps, currentUser(req), input));
  });

  router.post('/api/laundromats/:id/approve', requireRole('admin'), async (req, res) => {
    res.json(await approveLaundromat(deps, currentUser(req), auditContext(req), laundromatId(req.params)));
    // Listed from now on: the map of every laundromat shows it without waiting for the cache to expire.
    points.invalidate();
  });

  router.post('/api/laundromats/:id/reject', requireRole('admin'), async (req, res) => {
    const id = laundromatId(req.params);
    const admin = currentUser(req);
    const context = auditContext(req);
    const input = rejectLaundromatRequestSchema.safeParse(req.body ?? {});
    if (!input.success) {
      // Answered as every 400 is; the audit entry carries its first message.
      await recordRefusedDecision(deps, admin, context, 'reject', id, formatZodError(input.error).message);
      throw input.error;
    }
    res.json(await rejectLaundromat(deps, admin, context, id, input.data));
  });
}

/** A malformed id cannot name any laundromat, so it is answered like an unknown one. */
export function laundromatId(params: Record<string, unknown>, key = 'id'): string {
  const parsed = idSchema.safeParse(params[key]);
  if (!parsed.success) throw notFound('Laundromat not found');
  return parsed.data;
}

/** The request as the audit log records it: the client's address the gateway vouched for, and what was called. */
export function auditContext(req: Request): AuditContext {
  return {
    ipAddress: req.clientAddress ?? null,
    userAgent: req.get('user-agent') ?? null,
    endpoint: req.originalUrl.split('?')[0]!,
    httpMethod: req.method,
  };
}
