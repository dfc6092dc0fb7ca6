import type { Router } from 'express';
import { notFound, AppError } from '@laundry/platform/errors';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { availabilityAlertOperations as operations } from '@laundry/contracts/operations';
import { createAlert, pushUnavailableMessage, type AlertDeps } from '../domain/availability-alerts.ts';

export function alertRoutes(router: Router, deps: AlertDeps): void {
  // The page subscribes with this key; the same for everyone, so it may be cached a little.
  route(router, operations.getPushKey, (_input, _req, res) => {
    if (!deps.push) throw new AppError(503, pushUnavailableMessage, 'PUSH_UNAVAILABLE');
    res.set('Cache-Control', 'public, max-age=300');
    res.json({ publicKey: deps.push.publicKey });
  });

  route(
    router,
    operations.createAvailabilityAlert,
    { invalidParams: () => notFound('Laundromat not found') },
    async ({ params, body }, req, res) => {
      res.set('Cache-Control', 'no-store');
      res.status(201).json(await createAlert(deps, currentUser(req), params.id, body));
    },
  );
}
