import type { Request, Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { sendJsonText } from '@laundry/platform/http';
import { currentUser, requireRole, requireUser } from '@laundry/platform/auth';
import {
  createLaundromatRequestSchema,
  formatZodError,
  idSchema,
  listLaundromatsQuerySchema,
  listSubmissionsQuerySchema,
  rejectLaundromatRequestSchema,
  searchLaundromatsQuerySchema,
} from '@laundry/contracts';
import { listLaundromats, searchLaundromats, type Geocoding } from '../domain/find-laundromats.ts';
import { getLaundromat, submitLaundromat, type SubmissionDeps } from '../domain/submit-laundromat.ts';
import {
  approveLaundromat,
  listSubmissions,
  recordRefusedDecision,
  rejectLaundromat,
} from '../domain/decide-submission.ts';
import type { AuditContext } from '../domain/admin-audit.ts';

export function laundromatRoutes(router: Router, deps: SubmissionDeps & { geocoding: Geocoding }): void {
  router.get('/api/laundromats', async (req, res) => {
    sendJsonText(res, await listLaundromats(deps.laundromats, listLaundromatsQuerySchema.parse(req.query)));
  });

  router.get('/api/laundromats/search', async (req, res) => {
    const query = searchLaundromatsQuerySchema.parse(req.query);
    sendJsonText(res, await searchLaundromats(deps.laundromats, deps.geocoding, query));
  });

  // Before /:id, which would otherwise take 'submissions' for an id.
  router.get('/api/laundromats/submissions', requireRole('admin'), async (req, res) => {
    res.json(await listSubmissions(deps.laundromats, listSubmissionsQuerySchema.parse(req.query)));
  });

  router.get('/api/laundromats/:id', async (req, res) => {
    res.json(await getLaundromat(deps.laundromats, req.user, laundromatId(req.params)));
  });

  router.post('/api/laundromats', requireUser, async (req, res) => {
    const input = createLaundromatRequestSchema.parse(req.body ?? {});
    res.status(201).json(await submitLaundromat(deps, currentUser(req), input));
  });

  router.post('/api/laundromats/:id/approve', requireRole('admin'), async (req, res) => {
    res.json(await approveLaundromat(deps, currentUser(req), auditContext(req), laundromatId(req.params)));
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
function auditContext(req: Request): AuditContext {
  return {
    ipAddress: req.clientAddress ?? null,
    userAgent: req.get('user-agent') ?? null,
    endpoint: req.originalUrl.split('?')[0]!,
    httpMethod: req.method,
  };
}
