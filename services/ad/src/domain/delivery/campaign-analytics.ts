import type { Db, Identity } from '@laundry/platform';
import { badRequest, notFound } from '@laundry/platform';
import type { CampaignAnalytics, CampaignAnalyticsQuery } from '@laundry/contracts';
import { requireAdvertiser } from '../advertisers.ts';
import type { AdvertiserStore } from '../advertiser-store.ts';
import type { CampaignStore } from '../campaign-store.ts';
import { campaignNotFoundMessage } from '../campaigns.ts';
import { formatE4 } from '@laundry/contracts/money';

export interface AnalyticsWindow {
  from: Date;
  to: Date;
  granularity: 'hour' | 'day';
}

/** The hourly rollups read back by window; infra/analytics-repository.ts implements it in SQL. */
export interface AnalyticsStore {
  report(
    db: Db,
    campaignId: string,
    window: AnalyticsWindow,
  ): Promise<Omit<CampaignAnalytics, 'from' | 'to' | 'granularity'>>;
}

const dayMs = 86_400_000;
export const maxWindowDays = 366;

/** A whole date means its whole day: 'to=2026-11-30' reads up to the end of the 30th. */
function windowOf(query: CampaignAnalyticsQuery, now: Date): AnalyticsWindow {
  const to = query.to
    ? new Date(query.to.length === 10 ? Date.parse(query.to) + dayMs : Date.parse(query.to))
    : now;
  const from = query.from ? new Date(Date.parse(query.from)) : new Date(to.getTime() - 30 * dayMs);
  if (from >= to) throw badRequest('The start of the window must be before its end.', 'INVALID_WINDOW');
  if (to.getTime() - from.getTime() > maxWindowDays * dayMs) {
    throw badRequest(`A report covers at most ${maxWindowDays} days.`, 'INVALID_WINDOW');
  }
  if (query.granularity === 'hour' && to.getTime() - from.getTime() > 31 * dayMs) {
    throw badRequest(
      'Hourly figures cover at most 31 days; choose days for a longer window.',
      'INVALID_WINDOW',
    );
  }
  return { from, to, granularity: query.granularity };
}

export async function campaignAnalytics(
  deps: { db: Db; advertisers: AdvertiserStore; campaigns: CampaignStore; analytics: AnalyticsStore },
  user: Identity,
  campaignId: string,
  query: CampaignAnalyticsQuery,
  now = new Date(),
): Promise<CampaignAnalytics> {
  const advertiser = await requireAdvertiser(deps, user);
  if (!(await deps.campaigns.findOwned(deps.db, advertiser.id, campaignId)))
    throw notFound(campaignNotFoundMessage);
  const window = windowOf(query, now);
  const report = await deps.analytics.report(deps.db, campaignId, window);
  return {
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    granularity: window.granularity,
    ...report,
  };
}

/**
 * The report as a CSV file: one row per period, with the totals' columns. The spend is written from the
 * series' exact spendE4 with four decimals, by digits, never back through the dollars' float; the
 * click-through rate is a ratio, not money, rounded as a float.
 */
export function analyticsCsv(report: CampaignAnalytics): string {
  const rows = [
    'period,impressions,clicks,ctr,spend',
    ...report.series.map((p) =>
      [p.period, p.impressions, p.clicks, p.ctr.toFixed(4), formatE4(p.spendE4, 4)].join(','),
    ),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
