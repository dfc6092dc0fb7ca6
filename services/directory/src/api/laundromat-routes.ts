import type { Router } from 'express';
import { currentUser, notFound, requireRole, requireUser, sendJsonText } from '@laundry/platform';
import {
  createLaundromatRequestSchema,
  idSchema,
  listLaundromatsQuerySchema,
  searchLaundromatsQuerySchema,
} from '@laundry/contracts';
import { listLaundromats, searchLaundromats, type Geocoding } from '../domain/find-laundromats.ts';
import {
  approveLaundromat,
  getLaundromat,
  submitLaundromat,
  type SubmissionDeps,
} from '../domain/submit-laundromat.ts';

export function laundromatRoutes(router: Router, deps: SubmissionDeps & { geocoding: Geocoding }): void {
  router.get('/api/laundromats', async (req, res) => {
    sendJsonText(res, await listLaundromats(deps.laundromats, listLaundromatsQuerySchema.parse(req.query)));
  });

  router.get('/api/laundromats/search', async (req, res) => {
    const query = searchLaundromatsQuerySchema.parse(req.query);
    sendJsonText(res, await searchLaundromats(deps.laundromats, deps.geocoding, query));
  });

  router.get('/api/laundromats/:id', async (req, res) => {
    res.json(await getLaundromat(deps.laundromats, req.user, laundromatId(req.params)));
  });

  router.post('/api/laundromats', requireUser, async (req, res) => {
    const input = createLaundromatRequestSchema.parse(req.body ?? {});
    res.status(201).json(await submitLaundromat(deps, currentUser(req), input));
  });

  router.post('/api/laundromats/:id/approve', requireRole('admin'), async (req, res) => {
    res.json(await approveLaundromat(deps, currentUser(req), laundromatId(req.params)));
  });
}

/** A malformed id cannot name any laundromat, so it is answered like an unknown one. */
export function laundromatId(params: Record<string, unknown>, key = 'id'): string {
  const parsed = idSchema.safeParse(params[key]);
  if (!parsed.success) throw notFound('Laundromat not found');
  return parsed.data;
}
