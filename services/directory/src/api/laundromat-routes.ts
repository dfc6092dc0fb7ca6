import type { Request, Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { route, sendJsonText } from '@laundry/platform/http';
import { currentUser } from '@laundry/platform/auth';
import { formatZodError, laundromatNamesQuerySchema } from '@laundry/contracts';
import { directoryOperations as operations } from '@laundry/contracts/operations';
import {
  listLaundromats,
  searchLaundromats,
  type Geocoding,
  type ListedIds,
} from '../domain/find-laundromats.ts';
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

/** A malformed id cannot name any laundromat, so it is answered like an unknown one. */
export const invalidLaundromatId = () => notFound('Laundromat not found');
const invalidParams = invalidLaundromatId;

export function laundromatRoutes(
  router: Router,
  deps: SubmissionDeps & {
    geocoding: Geocoding;
    nearby: NearbyLaundromats;
    listed?: ListedIds;
    /** The survivor of a laundromat merged into another. */
    mergedInto?: (id: string) => Promise<string | undefined>;
  },
): void {
  const points = createPointsCache(() => readLaundromatPoints(deps.laundromats));

  route(router, operations.listLaundromats, async ({ query }, _req, res) => {
    sendJsonText(res, await listLaundromats(deps.laundromats, query, new Date(), deps.listed));
  });

  route(router, operations.searchLaundromats, async ({ query }, _req, res) => {
    sendJsonText(
      res,
      await searchLaundromats(deps.laundromats, deps.geocoding, query, new Date(), deps.listed),
    );
  });

  // Every listed laundromat's point, for the Explore page's world map; before /:id, which would take 'points'.
  route(router, operations.listLaundromatPoints, async (_input, req, res) => {
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
  route(router, operations.listLaundromatSubmissions, async ({ query }, _req, res) => {
    res.json(await listSubmissions(deps.laundromats, deps.nearby, query));
  });

  // The add form's 'Is it one of these?'; before /:id as well.
  route(router, operations.findNearbyDuplicates, async ({ query }, _req, res) => {
    res.json(await findNearbyDuplicates(deps.nearby, query));
  });

  route(router, operations.getLaundromat, { invalidParams }, async ({ params }, req, res) => {
    // A duplicate merged into another answers with the survivor, so old links and saved cards lead there.
    const survivor = await deps.mergedInto?.(params.id);
    if (survivor) {
      res.redirect(301, `/api/laundromats/${survivor}`);
      return;
    }
    res.json(await getLaundromat(deps.laundromats, req.user, params.id));
  });

  // Not among the directory's public paths: the photo service names the laundromats of a list of photos.
  router.get('/internal/laundromats/names', async (req, res) => {
    const { ids } = laundromatNamesQuerySchema.parse(req.query);
    res.json({ names: Object.fromEntries(await deps.laundromats.namesOf(ids)) });
  });

  route(router, operations.submitLaundromat, async ({ body }, req, res) => {
    res.status(201).json(await submitLaundromat(deps, currentUser(req), body));
  });

  route(router, operations.approveLaundromat, { invalidParams }, async ({ params }, req, res) => {
    res.json(await approveLaundromat(deps, currentUser(req), auditContext(req), params.id));
    // Listed from now on: the map of every laundromat shows it without waiting for the cache to expire.
    points.invalidate();
  });

  // The body is read here rather than by the kit: a refused one is recorded in the audit log first.
  route(
    router,
    operations.rejectLaundromat,
    { invalidParams, unparsed: ['body'] },
    async ({ params }, req, res) => {
      const admin = currentUser(req);
      const context = auditContext(req);
      const input = operations.rejectLaundromat.body.schema.safeParse(req.body ?? {});
      if (!input.success) {
        // Answered as every 400 is; the audit entry carries its first message.
        await recordRefusedDecision(
          deps,
          admin,
          context,
          'reject',
          params.id,
          formatZodError(input.error).message,
        );
        throw input.error;
      }
      res.json(await rejectLaundromat(deps, admin, context, params.id, input.data));
    },
  );
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
