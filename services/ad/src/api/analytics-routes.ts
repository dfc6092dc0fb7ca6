import type { Router } from 'express';
import { currentUser, notFound, requireUser } from '@laundry/platform';
import { campaignAnalyticsQuerySchema, idSchema } from '@laundry/contracts';
import type { Db } from '@laundry/platform';
import {
  analyticsCsv,
  campaignAnalytics,
  type AnalyticsStore,
} from '../domain/delivery/campaign-analytics.ts';
import { campaignNotFoundMessage } from '../domain/campaigns.ts';
import type { AdvertiserStore } from '../domain/advertiser-store.ts';
import type { CampaignStore } from '../domain/campaign-store.ts';

export function analyticsRoutes(
  router: Router,
  deps: { db: Db; advertisers: AdvertiserStore; campaigns: CampaignStore; analytics: AnalyticsStore },
): void {
  router.get('/api/campaigns/:id/analytics', requireUser, async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw notFound(campaignNotFoundMessage);
    const { format, ...rest } = req.query;
    const report = await campaignAnalytics(
      deps,
      currentUser(req),
      id.data,
      campaignAnalyticsQuerySchema.parse(rest),
    );
    res.set('Cache-Control', 'private, no-store');
    if (format === 'csv') {
      res.type('text/csv').attachment(`campaign-${id.data}.csv`).send(analyticsCsv(report));
      return;
    }
    res.json(report);
  });
}
