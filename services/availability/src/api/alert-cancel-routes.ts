import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { availabilityAlertCancelOperations as operations } from '@laundry/contracts/operations';
import {
  alertNotFoundMessage,
  cancelAlert,
  waitingAlerts,
  type AlertDeps,
} from '../domain/availability-alerts.ts';

/** A person's waiting 'Tell me when a washer is free' alerts at a laundromat, and cancelling one. */
export function alertCancelRoutes(router: Router, deps: AlertDeps): void {
  route(
    router,
    operations.listMyAvailabilityAlerts,
    { invalidParams: () => notFound('Laundromat not found') },
    async ({ params }, req, res) => {
      res.set('Cache-Control', 'no-store');
      res.json({ items: await waitingAlerts(deps, currentUser(req), params.id) });
    },
  );

  route(
    router,
    operations.cancelAvailabilityAlert,
    { invalidParams: () => notFound(alertNotFoundMessage) },
    async ({ params }, req, res) => {
      await cancelAlert(deps, currentUser(req), params.id, params.alertId);
      res.status(204).end();
    },
  );
}
