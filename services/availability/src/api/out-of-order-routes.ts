import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { currentUser } from '@laundry/platform/auth';
import { auditContextOf, auditedRoute, route } from '@laundry/platform/http';
import { availabilityOutOfOrderOperations as operations } from '@laundry/contracts/operations';
import { listOutOfOrder, markOutOfOrderFixed, type OutOfOrderDeps } from '../domain/out-of-order.ts';

/** The admin console's list of machines visitors reported out of order, and 'Mark fixed'. */
export function outOfOrderRoutes(router: Router, deps: OutOfOrderDeps): void {
  route(router, operations.listOutOfOrderMachines, async (_input, _req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await listOutOfOrder(deps));
  });

  // A refused or failed attempt by a signed-in person is audited: the admin check runs inside.
  const audit = auditedRoute(deps, (req) => ({
    action: 'availability.out-of-order.fixed',
    resource: 'laundromat',
    resourceId: String(req.params.id),
  }));
  route(
    router,
    operations.markOutOfOrderFixed,
    { ...audit, invalidParams: () => notFound('Laundromat not found') },
    async ({ params }, req, res) => {
      const { userId: _userId, ...context } = auditContextOf(req);
      res.json(await markOutOfOrderFixed(deps, currentUser(req), context, params.id));
    },
  );
}
