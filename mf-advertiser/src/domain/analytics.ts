import type { CampaignAnalytics } from '@laundry/contracts';
import { e4ToDollars } from '@laundry/contracts/money';
import { ns, type I18nText } from './i18n-text.ts';

/**
 * The campaign analytics page's pure rules: which window and granularity the controls ask
 * GET /api/campaigns/{id}/analytics for, the answer's sparse series made whole for a chart, and the names
 * the page gives placements. Days are UTC calendar days, as the service's daily rollups are.
 */

export type Granularity = 'day' | 'hour';
export const rangePresets = ['last7', 'last30', 'last90'] as const;
export type RangePreset = (typeof rangePresets)[number];

export type AnalyticsRange =
  | { kind: RangePreset }
  | {
      kind: 'custom';
      /** YYYY-MM-DD, the first day shown. */
      from: string;
      /** YYYY-MM-DD, the last day shown (the service reads a whole date up to its end). */
      to: string;
    };

const presetDays: Record<RangePreset, number> = { last7: 7, last30: 30, last90: 90 };
const dayMs = 86_400_000;
const hourMs = 3_600_000;
/** The service's limits: hourly figures for at most 31 days, any report for at most 366. */
export const maxHourlyDays = 31;
export const maxRangeDays = 366;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

const validDate = (date: string) => isoDate.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / dayMs);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** The first and last day the range covers; a preset ends today (UTC). */
export function rangeDates(range: AnalyticsRange, now: Date): { from: string; to: string } {
  if (range.kind === 'custom') return { from: range.from, to: range.to };
  const to = utcDay(now);
  return { from: addDays(to, 1 - presetDays[range.kind]), to };
}

/** How many calendar days the range covers, both ends included (0 when it is not a valid range). */
export function rangeDays(range: AnalyticsRange, now: Date): number {
  const { from, to } = rangeDates(range, now);
  if (!validDate(from) || !validDate(to)) return 0;
  return Math.max(0, dayNumber(to) - dayNumber(from) + 1);
}

/** Hourly figures are offered for a range of at most 31 days. */
export const hourlyAllowed = (range: AnalyticsRange, now: Date) => {
  const days = rangeDays(range, now);
  return days > 0 && days <= maxHourlyDays;
};

export type CustomRangeProblem = 'missing' | 'order' | 'tooLong';

/** What is wrong with a custom from–to, or null when the service will take it. */
export function customRangeProblem(from: string, to: string): CustomRangeProblem | null {
  if (!validDate(from) || !validDate(to)) return 'missing';
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) return 'order';
  if (days > maxRangeDays) return 'tooLong';
  return null;
}

export const customRangeProblemKeys: Record<CustomRangeProblem, string> = {
  missing: ns('analytics.range.problems.missing'),
  order: ns('analytics.range.problems.order'),
  tooLong: ns('analytics.range.problems.tooLong'),
};

/**
 * The query string for the range: whole dates (the last one read to its end by the service), and hours only
 * where the service allows them; a longer range falls back to days.
 */
export function analyticsQuery(range: AnalyticsRange, granularity: Granularity, now: Date): string {
  const { from, to } = rangeDates(range, now);
  return new URLSearchParams({
    from,
    to,
    granularity: effectiveGranularity(range, granularity, now),
  }).toString();
}

/** Hours only where the service allows them. */
export const effectiveGranularity = (
  range: AnalyticsRange,
  granularity: Granularity,
  now: Date,
): Granularity => (granularity === 'hour' && hourlyAllowed(range, now) ? 'hour' : 'day');

/**
 * The page's address keeps its choice (?range=last7&by=hour, or range=custom&from=&to=), so a reload or a
 * shared link shows the same figures; anything unreadable is the last 30 days, by day.
 */
export function readRangeParams(params: URLSearchParams): {
  range: AnalyticsRange;
  granularity: Granularity;
} {
  const kind = params.get('range');
  const granularity: Granularity = params.get('by') === 'hour' ? 'hour' : 'day';
  if (kind === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (customRangeProblem(from, to) === null) return { range: { kind: 'custom', from, to }, granularity };
  }
  const preset = rangePresets.find((name) => name === kind) ?? 'last30';
  return { range: { kind: preset }, granularity };
}

export function rangeParams(range: AnalyticsRange, granularity: Granularity): Record<string, string> {
  const params: Record<string, string> =
    range.kind === 'custom' ? { range: 'custom', from: range.from, to: range.to } : { range: range.kind };
  if (granularity === 'hour') params.by = 'hour';
  return params;
}

/** The JSON report's address. */
export const analyticsUrl = (campaignId: string, query: string) =>
  `/api/campaigns/${encodeURIComponent(campaignId)}/analytics?${query}`;

/** The same report as the CSV file the service writes (one row per period). */
export const analyticsCsvUrl = (campaignId: string, query: string) =>
  `${analyticsUrl(campaignId, query)}&format=csv`;

export interface SeriesPoint {
  /** The period's start, ISO (UTC). */
  period: string;
  impressions: number;
  clicks: number;
  /** Clicks per impression, 0 when nothing was shown (as the service answers it). */
  ctr: number;
  spend: number;
  /** The same spend exactly, in E4. */
  spendE4: number;
}

const floorTo = (time: number, granularity: Granularity) =>
  granularity === 'day' ? Math.floor(time / dayMs) * dayMs : Math.floor(time / hourMs) * hourMs;

/**
 * The service answers only the periods that had events; a chart needs every period of the window, each
 * empty one as zeros. Periods run from the window's first to the last one begun by `now` (a day or hour
 * still to come is not drawn as a zero). Capped at what 366 days of hours would be, so a bad answer cannot
 * make the page draw forever.
 */
export function completeSeries(
  report: Pick<CampaignAnalytics, 'from' | 'to' | 'granularity'> & { series: readonly SeriesPoint[] },
  now: Date,
): SeriesPoint[] {
  const step = report.granularity === 'day' ? dayMs : hourMs;
  const start = floorTo(Date.parse(report.from), report.granularity);
  const end = Math.min(Date.parse(report.to), now.getTime());
  const known = new Map(report.series.map((point) => [Date.parse(point.period), point]));
  const points: SeriesPoint[] = [];
  for (let time = start; time < end && points.length < maxRangeDays * 24; time += step) {
    const point = known.get(time);
    points.push(
      point
        ? { ...point, period: new Date(time).toISOString() }
        : { period: new Date(time).toISOString(), impressions: 0, clicks: 0, ctr: 0, spend: 0, spendE4: 0 },
    );
  }
  if (points.length === 0) return report.series.map((point) => ({ ...point }));
  return points;
}

/** Whether a report has anything to draw: an impression, a click, or an event kept out of billing. */
export const hasActivity = (
  totals: Pick<CampaignAnalytics['totals'], 'impressions' | 'clicks' | 'invalid'>,
) => totals.impressions > 0 || totals.clicks > 0 || totals.invalid > 0;

/**
 * The chart's figures: counts as they are, spend in dollars, CTR in percent, and no CTR at all (a gap in
 * the line, not 0 %) for a period without impressions.
 */
export function chartSeries(points: readonly SeriesPoint[]) {
  return {
    impressions: points.map((point) => point.impressions),
    clicks: points.map((point) => point.clicks),
    ctrPercent: points.map((point) => (point.impressions > 0 ? Number((point.ctr * 100).toFixed(4)) : null)),
    spend: points.map((point) => point.spend),
  };
}

/** The busiest period by a figure (the first of equals), for a chart's spoken summary; null when all are 0. */
export function peakOf(points: readonly SeriesPoint[], figure: 'impressions' | 'clicks' | 'spend') {
  let peak: SeriesPoint | null = null;
  for (const point of points) if (point[figure] > 0 && (!peak || point[figure] > peak[figure])) peak = point;
  return peak;
}

/** The placements the service seeds (issue: home-sidebar, home-page, laundromat-detail), by name. */
const placementKeys: Record<string, string> = {
  'home-sidebar': ns('analytics.placements.homeSidebar'),
  'home-page': ns('analytics.placements.homePage'),
  'laundromat-detail': ns('analytics.placements.laundromatDetail'),
};

/** A placement's translated name; one the page does not know shows its key as it is. */
export function placementName(placement: string): I18nText {
  const key = placementKeys[placement];
  return key ? { key } : { key: ns('analytics.placements.other'), values: { placement } };
}

/** A laundromat without a name (not found, or the directory not answering): its id, shortened. */
export const shortId = (id: string) => (id.length > 8 ? `${id.slice(0, 8)}…` : id);

/**
 * The dashboard's overview asks for at most ten campaigns' reports: the most recently created active
 * ones.
 */
export function overviewCampaigns<T extends { status: string; createdAt: string }>(
  campaigns: readonly T[],
  limit = 10,
): T[] {
  return campaigns
    .filter((campaign) => campaign.status === 'active')
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, limit);
}

/**
 * Totals across several reports (money added exactly, as the reports' integer spendE4), CTR from the sums;
 * null before the first answer.
 */
export function sumTotals(totals: readonly Omit<CampaignAnalytics['totals'], 'conversions'>[]) {
  if (totals.length === 0) return null;
  const sum = { impressions: 0, clicks: 0, invalid: 0, spend: 0, spendE4: 0, ctr: 0 };
  for (const item of totals) {
    sum.impressions += item.impressions;
    sum.clicks += item.clicks;
    sum.invalid += item.invalid;
    sum.spendE4 += item.spendE4;
  }
  sum.spend = e4ToDollars(sum.spendE4);
  sum.ctr = sum.impressions > 0 ? sum.clicks / sum.impressions : 0;
  return sum;
}

/**
 * A sparkline's path in a width × height box (y grows downwards), one point per value, scaled to the
 * largest; a flat line along the bottom when all are zero, '' for no values.
 */
export function sparklinePath(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const max = Math.max(...values);
  const stepX = values.length > 1 ? width / (values.length - 1) : 0;
  const y = (value: number) => (max > 0 ? height - (value / max) * height : height);
  const round = (n: number) => Math.round(n * 100) / 100;
  return values
    .map((value, index) => `${index === 0 ? 'M' : 'L'}${round(index * stepX)} ${round(y(value))}`)
    .join(' ');
}
