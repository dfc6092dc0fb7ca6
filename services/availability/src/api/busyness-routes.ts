import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { busynessLimits, idSchema, type DirectoryClient } from '@laundry/contracts';
import { busynessGrid, type BusynessStore } from '../domain/busyness.ts';

const WEEK_MS = 7 * 24 * 3_600_000;

/** GET /api/laundromats/:id/busyness: how busy it usually is, per weekday and hour of its local time. */
export function busynessRoutes(
  router: Router,
  deps: { busyness: BusynessStore; directory: DirectoryClient },
) {
  router.get('/api/laundromats/:id/busyness', async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw notFound('Laundromat not found');
    const laundromat = await deps.directory.laundromatPoint(id.data);
    if (!laundromat) throw notFound('Laundromat not found');
    const now = new Date();
    const hours = await deps.busyness.hours(
      id.data,
      new Date(now.getTime() - busynessLimits.weeks * WEEK_MS),
    );
    // A listing without a zone (older rows) reads in UTC rather than failing the chart.
    res.set('Cache-Control', 'public, max-age=300');
    res.json(busynessGrid({ laundromatId: id.data, timeZone: laundromat.timeZone ?? 'UTC', hours, now }));
  });
}
