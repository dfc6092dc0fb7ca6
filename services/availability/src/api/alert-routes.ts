import type { Router } from 'express';
import { notFound, AppError } from '@laundry/platform/errors';
import { currentUser, requireUser } from '@laundry/platform/auth';
import { createAvailabilityAlertRequestSchema, idSchema } from '@laundry/contracts';
import { createAlert, pushUnavailableMessage, type AlertDeps } from '../domain/availability-alerts.ts';

export function alertRoutes(router: Router, deps: AlertDeps): void {
  // The page subscribes with this key; the same for everyone, so it may be cached a little.
  router.get('/api/availability/push-key', (_req, res) => {
    if (!deps.push) throw new AppError(503, pushUnavailableMessage, 'PUSH_UNAVAILABLE');
    res.set('Cache-Control', 'public, max-age=300');
    res.json({ publicKey: deps.push.publicKey });
  });

  router.post('/api/laundromats/:id/availability/alerts', requireUser, async (req, res) => {
    const parsed = idSchema.safeParse(req.params.id);
    if (!parsed.success) throw notFound('Laundromat not found');
    const input = createAvailabilityAlertRequestSchema.parse(req.body ?? {});
    res.set('Cache-Control', 'no-store');
    res.status(201).json(await createAlert(deps, currentUser(req), parsed.data, input));
  });
}
