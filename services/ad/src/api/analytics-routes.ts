import type { Router } from 'express';
import { currentUser, notFound } from '@laundry/platform';
import { route } from '@laundry/platform/http';
import { campaignAnalyticsQuerySchema } from '@laundry/contracts';
import { adOperations } from '@laundry/contracts/operations';
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
  // Any `format` but csv answers JSON, so the query is read here rather than refused for it.
  const options = { invalidParams: () => notFound(campaignNotFoundMessage), unparsed: ['query' as const] };
  route(router, adOperations.campaignAnalytics, options, async ({ params: { id } }, req, res) => {
    const { format, ...rest } = req.query;
    const report = await campaignAnalytics(
      deps,
      currentUser(req),
      id,
      campaignAnalyticsQuerySchema.parse(rest),
    );
    res.set('Cache-Control', 'private, no-store');
    if (format === 'csv') {
      res.type('text/csv').attachment(`campaign-${id}.csv`).send(analyticsCsv(report));
      return;
    }
    res.json(report);
  });
}
