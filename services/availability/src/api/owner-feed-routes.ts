import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { currentUser } from '@laundry/platform/auth';
import { auditContextOf, auditedRoute, route } from '@laundry/platform/http';
import { ownerFeedOperations as operations } from '@laundry/contracts/operations';
import {
  assertOwner,
  createOwnerFeedKey,
  listOwnerFeedKeys,
  ownerOutOfOrder,
  revokeOwnerFeedKey,
  rotateOwnerFeedKey,
  type OwnerFeedDeps,
} from '../domain/owner-feeds.ts';
import { markOutOfOrderFixed } from '../domain/out-of-order.ts';

const invalidParams = () => notFound('Laundromat not found');
const invalidKeyParams = () => notFound('Feed key not found');

/** The verified owner's machine feed keys and 'Mark fixed' for visitors' out-of-order reports. */
export function ownerFeedRoutes(router: Router, deps: OwnerFeedDeps): void {
  route(router, operations.listOwnerFeedKeys, { invalidParams }, async ({ params }, req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await listOwnerFeedKeys(deps, currentUser(req), params.id));
  });

  // Refused or failed attempts are audited too: the owner check runs inside.
  const keyAudit = (action: string) =>
    auditedRoute(deps, (req) => ({
      action,
      resource: 'feed-key',
      resourceId: String(req.params.keyId ?? req.params.id),
    }));

  route(
    router,
    operations.createOwnerFeedKey,
    { ...keyAudit('availability.feed-key.create'), invalidParams },
    async ({ params, body }, req, res) => {
      res.set('Cache-Control', 'no-store');
      const key = await createOwnerFeedKey(
        deps,
        currentUser(req),
        auditContextOf(req),
        params.id,
        body.label,
      );
      res.status(201).json(key);
    },
  );

  route(
    router,
    operations.rotateOwnerFeedKey,
    { ...keyAudit('availability.feed-key.rotate'), invalidParams: invalidKeyParams },
    async ({ params }, req, res) => {
      res.set('Cache-Control', 'no-store');
      const key = await rotateOwnerFeedKey(
        deps,
        currentUser(req),
        auditContextOf(req),
        params.id,
        params.keyId,
      );
      res.status(201).json(key);
    },
  );

  route(
    router,
    operations.revokeOwnerFeedKey,
    { ...keyAudit('availability.feed-key.revoke'), invalidParams: invalidKeyParams },
    async ({ params }, req, res) => {
      await revokeOwnerFeedKey(deps, currentUser(req), auditContextOf(req), params.id, params.keyId);
      res.status(204).end();
    },
  );

  route(router, operations.getOwnerOutOfOrder, { invalidParams }, async ({ params }, req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await ownerOutOfOrder(deps, currentUser(req), params.id));
  });

  route(
    router,
    operations.markOwnerOutOfOrderFixed,
    {
      ...auditedRoute(deps, (req) => ({
        action: 'availability.out-of-order.fixed',
        resource: 'laundromat',
        resourceId: String(req.params.id),
      })),
      invalidParams,
    },
    async ({ params }, req, res) => {
      const user = currentUser(req);
      await assertOwner(deps, user, params.id);
      const { userId: _userId, ...context } = auditContextOf(req);
      res.json(await markOutOfOrderFixed(deps, user, context, params.id));
    },
  );
}
