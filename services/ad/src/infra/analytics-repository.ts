import type { AnalyticsStore, AnalyticsWindow } from '../domain/delivery/campaign-analytics.ts';
import { adConversionKinds, type CampaignConversions } from '@laundry/contracts';
import { e4ToDollars } from '@laundry/contracts/money';
import type { Db } from '@laundry/platform/db';
import { sqlE4 } from './sql-money.ts';

interface Counts {
  impressions: number;
  clicks: number;
  spend: number;
  spendE4: number;
}

/** One row of the grouped report: which grouping set it belongs to, its key and its sums (spend in E4). */
interface GroupedRow extends Omit<Counts, 'spend'> {
  kind: 'totals' | 'series' | 'placement' | 'city' | 'laundromat';
  period: string | null;
  placement: string | null;
  city: string | null;
  country: string | null;
  laundromatId: string | null;
  invalid: number;
}

// The click-through rate is a ratio, not money: a float rounded to six decimals.
const withCtr = <T extends Counts>(row: T) => ({
  ...row,
  ctr: row.impressions > 0 ? Number((row.clicks / row.impressions).toFixed(6)) : 0,
});

const nilUuid = '00000000-0000-0000-0000-000000000000';
const hourMs = 3_600_000;
const dayMs = 86_400_000;
const topCount = 10;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

type Range = [start: number, end: number];

/**
 * Which rollup rows a window reads. The hours it covers run from the hour `from` falls in up to `to` (the
 * hour `to` falls in included). The whole UTC days among them come from the daily rollups and only the
 * partial days at the edges from the hourly ones (`hours`, `days`): all the totals and breakdowns, and the
 * series by day, are read from those. A series by hour needs every hour: `seriesHours`, read for it alone.
 */
export function rollupRanges(window: AnalyticsWindow): {
  hours: Range[];
  days: [string, string] | undefined;
  seriesHours: Range | undefined;
} {
  const firstHour = Math.floor(window.from.getTime() / hourMs) * hourMs;
  const endHour = Math.ceil(window.to.getTime() / hourMs) * hourMs;
  const firstDay = Math.ceil(firstHour / dayMs) * dayMs;
  const endDay = Math.floor(endHour / dayMs) * dayMs;
  const seriesHours: Range | undefined = window.granularity === 'hour' ? [firstHour, endHour] : undefined;
  if (firstDay >= endDay) return { hours: [[firstHour, endHour]], days: undefined, seriesHours };
  const hours = (
    [
      [firstHour, firstDay],
      [endDay, endHour],
    ] as Range[]
  ).filter(([start, end]) => start < end);
  return { hours, days: [isoDay(firstDay), isoDay(endDay)], seriesHours };
}

const sums = `COALESCE(SUM(impressions), 0)::float8 AS impressions, COALESCE(SUM(clicks), 0)::float8 AS clicks,
  ${sqlE4('COALESCE(SUM(spend), 0)')} AS "spendE4", COALESCE(SUM(invalid), 0)::float8 AS invalid`;

/**
 * The report in one query. The window's rollup rows (see rollupRanges) are summed by GROUPING SETS into the
 * totals, the placements, the cities and the laundromats, and the series by day: one read of the rows for
 * all of them. A series by hour is summed from the hourly rows beside them. Cities and laundromats are cut
 * to their top ten in SQL, so ties fall in the database's own order. Parameters: $1 the campaign, $2 the
 * granularity, $3 the top count, then the ranges in the order `reportParams` gives them.
 */
function reportSql(ranges: ReturnType<typeof rollupRanges>): string {
  let next = 4;
  const param = (type: string) => `$${next++}::${type}`;
  const hourly = ranges.hours
    .map(() => `(hour >= ${param('timestamptz')} AND hour < ${param('timestamptz')})`)
    .join(' OR ');
  const daily = ranges.days
    ? `SELECT (day::timestamp AT TIME ZONE 'UTC') AS at, placement_key, country, city, laundromat_id, impressions,
              clicks, invalid, spend
       FROM ad_stats_daily WHERE campaign_id = $1 AND day >= ${param('date')} AND day < ${param('date')}
       UNION ALL`
    : '';
  const byHour = ranges.seriesHours !== undefined;
  const series = byHour
    ? `UNION ALL
       SELECT 'series', to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), NULL, NULL, NULL, NULL,
              ${sums}, row_number() OVER (ORDER BY hour)
       FROM ad_stats_hourly
       WHERE campaign_id = $1 AND hour >= ${param('timestamptz')} AND hour < ${param('timestamptz')}
       GROUP BY hour`
    : '';
  return `
    WITH source AS (
      ${daily}
      SELECT hour AS at, placement_key, country, city, laundromat_id, impressions, clicks, invalid, spend
      FROM ad_stats_hourly WHERE campaign_id = $1 AND (${hourly || 'false'})
    ),
    grouped AS (
      SELECT CASE WHEN GROUPING(placement_key) = 0 THEN 'placement' WHEN GROUPING(city) = 0 THEN 'city'
                  WHEN GROUPING(laundromat_id) = 0 THEN 'laundromat'
                  ${byHour ? '' : "WHEN GROUPING(period) = 0 THEN 'series'"} ELSE 'totals' END AS kind,
             ${byHour ? 'NULL::timestamptz AS period' : 'period'}, placement_key, city, country, laundromat_id, ${sums}
      FROM (SELECT date_trunc($2, at, 'UTC') AS period, * FROM source) s
      GROUP BY GROUPING SETS ((), ${byHour ? '' : '(period), '}(placement_key), (city, country), (laundromat_id))
    ),
    ranked AS (
      SELECT *, row_number() OVER (
               PARTITION BY kind
               ORDER BY period, impressions DESC, CASE WHEN kind <> 'placement' THEN clicks END DESC,
                        placement_key, city, laundromat_id) AS rank
      FROM grouped
      -- Cities and laundromats only where the ad was seen in one.
      WHERE city IS DISTINCT FROM '' AND laundromat_id IS DISTINCT FROM '${nilUuid}'
    )
    SELECT kind, to_char(period AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS period,
           placement_key AS placement, city, country, laundromat_id AS "laundromatId", impressions, clicks,
           "spendE4", invalid, rank
    FROM ranked
    WHERE kind NOT IN ('city', 'laundromat') OR rank <= $3
    ${series}
    ORDER BY kind, rank`;
}

/** The parameters of reportSql, in its order. */
function reportParams(campaignId: string, window: AnalyticsWindow, ranges: ReturnType<typeof rollupRanges>) {
  const iso = (at: number) => new Date(at).toISOString();
  return [
    campaignId,
    window.granularity,
    topCount,
    ...ranges.hours.flatMap(([start, end]) => [iso(start), iso(end)]),
    ...(ranges.days ?? []),
    ...(ranges.seriesHours ? ranges.seriesHours.map(iso) : []),
  ];
}

const noConversions = (): CampaignConversions => ({ directions: 0, call: 0, website: 0 });

/**
 * The window's conversions (ad_conversions), counted by period and kind over the same whole hours the
 * rollups cover: counts only, no click, token or visitor.
 */
async function conversionCounts(db: Db, campaignId: string, window: AnalyticsWindow) {
  const from = Math.floor(window.from.getTime() / hourMs) * hourMs;
  const to = Math.ceil(window.to.getTime() / hourMs) * hourMs;
  const rows = await db.query<{ period: string; kind: string; count: number }>(
    `SELECT to_char(date_trunc($2, created_at, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS period,
            kind, count(*)::int AS count
     FROM ad_conversions
     WHERE campaign_id = $1 AND created_at >= $3::timestamptz AND created_at < $4::timestamptz
     GROUP BY 1, kind`,
    [campaignId, window.granularity, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  const totals = noConversions();
  const byPeriod = new Map<string, CampaignConversions>();
  for (const row of rows) {
    const kind = adConversionKinds.find((known) => known === row.kind);
    if (!kind) continue;
    const period = byPeriod.get(row.period) ?? noConversions();
    period[kind] += Number(row.count);
    totals[kind] += Number(row.count);
    byPeriod.set(row.period, period);
  }
  return { totals, byPeriod };
}

/**
 * Each creative's valid impressions and clicks in the window, from the events themselves (an event before
 * creatives existed has none and counts as the campaign's own content). The campaign's own content comes
 * first, then its further creatives in their order, then any since removed that still have counts here.
 */
async function creativeCounts(db: Db, campaignId: string, window: AnalyticsWindow) {
  const [campaign] = await db.query<{ title: string; creatives: Array<{ id: string; title: string }> }>(
    'SELECT title, creatives FROM campaigns WHERE id = $1',
    [campaignId],
  );
  const rows = await db.query<{ creativeId: string; impressions: number; clicks: number }>(
    `SELECT COALESCE(creative_id, campaign_id) AS "creativeId",
            COUNT(*) FILTER (WHERE event_type = 'impression')::float8 AS impressions,
            COUNT(*) FILTER (WHERE event_type = 'click')::float8 AS clicks
     FROM ad_events
     WHERE campaign_id = $1 AND invalid_reason IS NULL AND created_at >= $2 AND created_at < $3
     GROUP BY 1`,
    [campaignId, window.from.toISOString(), window.to.toISOString()],
  );
  const counted = new Map(rows.map((row) => [row.creativeId, row]));
  const current = [
    { id: campaignId, title: campaign?.title ?? '' },
    ...(campaign?.creatives ?? []).map(({ id, title }) => ({ id, title })),
  ];
  const known = new Set(current.map((creative) => creative.id));
  const removed = rows
    .filter((row) => !known.has(row.creativeId))
    .map((row) => ({ id: row.creativeId, title: '' }));
  return [...current, ...removed].map(({ id, title }) => {
    const row = counted.get(id);
    const impressions = row?.impressions ?? 0;
    const clicks = row?.clicks ?? 0;
    return {
      creativeId: id,
      title,
      impressions,
      clicks,
      ctr: impressions > 0 ? Number((clicks / impressions).toFixed(6)) : 0,
    };
  });
}

export function createAnalyticsRepository(): AnalyticsStore {
  return {
    async report(db, campaignId, window) {
      const ranges = rollupRanges(window);
      const rows = await db.query<GroupedRow>(reportSql(ranges), reportParams(campaignId, window, ranges));
      const of = (kind: GroupedRow['kind']) => rows.filter((row) => row.kind === kind);
      // The exact sums become the API's dollars here, at the edge.
      const counts = ({ impressions, clicks, spendE4 }: GroupedRow) => ({
        impressions,
        clicks,
        spend: e4ToDollars(spendE4),
        spendE4,
      });
      const total = of('totals')[0]!;
      const conversions = await conversionCounts(db, campaignId, window);
      const series = of('series').map((row) =>
        withCtr({
          period: row.period!,
          ...counts(row),
          conversions: conversions.byPeriod.get(row.period!) ?? noConversions(),
        }),
      );
      // A conversion can fall in a period without a counted view or click (the click late the day before).
      const listed = new Set(series.map((row) => row.period));
      for (const [period, counted] of conversions.byPeriod) {
        if (listed.has(period)) continue;
        series.push({
          period,
          impressions: 0,
          clicks: 0,
          ctr: 0,
          spend: 0,
          spendE4: 0,
          conversions: counted,
        });
      }
      series.sort((a, b) => a.period.localeCompare(b.period));
      return {
        totals: withCtr({ ...counts(total), invalid: total.invalid, conversions: conversions.totals }),
        series,
        byPlacement: of('placement').map((row) => withCtr({ placement: row.placement!, ...counts(row) })),
        topCities: of('city').map((row) =>
          withCtr({ city: row.city!, country: row.country!, ...counts(row) }),
        ),
        topLaundromats: of('laundromat').map((row) =>
          withCtr({ laundromatId: row.laundromatId!, ...counts(row) }),
        ),
        byCreative: await creativeCounts(db, campaignId, window),
      };
    },
  };
}
