import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { route } from '@laundry/platform/http';
import { busynessLimits, type DirectoryClient } from '@laundry/contracts';
import { availabilityOperations as operations } from '@laundry/contracts/operations';
import { busynessGrid, type BusynessStore } from '../domain/busyness.ts';

const WEEK_MS = 7 * 24 * 3_600_000;

/** GET /api/laundromats/:id/busyness: how busy it usually is, per weekday and hour of its local time. */
export function busynessRoutes(
  router: Router,
  deps: { busyness: BusynessStore; directory: DirectoryClient },
) {
  const laundromatNotFound = () => notFound('Laundromat not found');
  route(
    router,
    operations.getBusyness,
    { invalidParams: laundromatNotFound },
    async ({ params: { id } }, _req, res) => {
      const laundromat = await deps.directory.laundromatPoint(id);
      if (!laundromat) throw laundromatNotFound();
      const now = new Date();
      const hours = await deps.busyness.hours(id, new Date(now.getTime() - busynessLimits.weeks * WEEK_MS));
      // A listing without a zone (older rows) reads in UTC rather than failing the chart.
      res.set('Cache-Control', 'public, max-age=300');
      res.json(busynessGrid({ laundromatId: id, timeZone: laundromat.timeZone ?? 'UTC', hours, now }));
    },
  );
}
