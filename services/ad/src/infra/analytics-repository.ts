import type { AnalyticsStore, AnalyticsWindow } from '../domain/delivery/campaign-analytics.ts';

interface Counts {
  impressions: number;
  clicks: number;
  spend: number;
}

/** One row of the grouped report: which grouping set it belongs to, its key and its sums. */
interface GroupedRow extends Counts {
  kind: 'totals' | 'series' | 'placement' | 'city' | 'laundromat';
  period: string | null;
  placement: string | null;
  city: string | null;
  country: string | null;
  laundromatId: string | null;
  invalid: number;
}

const withCtr = <T extends Counts>(row: T) => ({
  ...row,
  ctr: row.impressions > 0 ? Number((row.clicks / row.impressions).toFixed(6)) : 0,
});

const nilUuid = '00000000-0000-0000-0000-000000000000';
const hourMs = 3_600_000;
const dayMs = 86_400_000;
const topCount = 10;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Which rollup rows a window reads. The hourly rows read are those from the hour `from` falls in up to
 * `to` (the hour `to` falls in included). For a report by day, the whole UTC days among them come from the
 * daily rollups, and only the partial days at the edges from the hourly ones; by hour, all are hourly.
 */
export function rollupRanges(window: AnalyticsWindow) {
  const firstHour = Math.floor(window.from.getTime() / hourMs) * hourMs;
  const endHour = Math.ceil(window.to.getTime() / hourMs) * hourMs;
  const firstDay = Math.ceil(firstHour / dayMs) * dayMs;
  const endDay = Math.floor(endHour / dayMs) * dayMs;
  if (window.granularity === 'hour' || firstDay >= endDay) {
    return { hours: [[firstHour, endHour]] as [number, number][], days: undefined };
  }
  const hours = (
    [
      [firstHour, firstDay],
      [endDay, endHour],
    ] as [number, number][]
  ).filter(([start, end]) => start < end);
  return { hours, days: [isoDay(firstDay), isoDay(endDay)] as [string, string] };
}

/**
 * The report in one query: the window's rollup rows (see rollupRanges) summed by GROUPING SETS into the
 * totals, the series, the placements, the cities and the laundromats, the last two cut to their top ten in
 * SQL (so ties fall in the database's own order, as before), one read of the rows for all five.
 */
function reportSql(hourRanges: number, daily: boolean): string {
  const hourly = Array.from(
    { length: hourRanges },
    (_, i) => `(hour >= $${4 + 2 * i}::timestamptz AND hour < $${5 + 2 * i}::timestamptz)`,
  ).join(' OR ');
  const dailyRows = daily
    ? `SELECT (day::timestamp AT TIME ZONE 'UTC') AS at, placement_key, country, city, laundromat_id, impressions,
              clicks, invalid, spend
       FROM ad_stats_daily WHERE campaign_id = $1 AND day >= $${4 + 2 * hourRanges}::date
         AND day < $${5 + 2 * hourRanges}::date
       UNION ALL`
    : '';
  return `
    WITH source AS (
      ${dailyRows}
      SELECT hour AS at, placement_key, country, city, laundromat_id, impressions, clicks, invalid, spend
      FROM ad_stats_hourly WHERE campaign_id = $1 AND (${hourly || 'false'})
    ),
    grouped AS (
      SELECT CASE GROUPING(period, placement_key, city, country, laundromat_id)
               WHEN 31 THEN 'totals' WHEN 15 THEN 'series' WHEN 23 THEN 'placement' WHEN 25 THEN 'city'
               ELSE 'laundromat' END AS kind,
             period, placement_key, city, country, laundromat_id,
             COALESCE(SUM(impressions), 0)::float8 AS impressions, COALESCE(SUM(clicks), 0)::float8 AS clicks,
             COALESCE(SUM(spend), 0)::float8 AS spend, COALESCE(SUM(invalid), 0)::float8 AS invalid
      FROM (SELECT date_trunc($2, at, 'UTC') AS period, * FROM source) s
      GROUP BY GROUPING SETS ((), (period), (placement_key), (city, country), (laundromat_id))
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
           placement_key AS placement, city, country, laundromat_id AS "laundromatId", impressions, clicks, spend,
           invalid
    FROM ranked
    WHERE kind NOT IN ('city', 'laundromat') OR rank <= $3
    ORDER BY kind, rank`;
}

export function createAnalyticsRepository(): AnalyticsStore {
  return {
    async report(db, campaignId, window) {
      const { hours, days } = rollupRanges(window);
      const rows = await db.query<GroupedRow>(reportSql(hours.length, days !== undefined), [
        campaignId,
        window.granularity,
        topCount,
        ...hours.flatMap(([start, end]) => [new Date(start).toISOString(), new Date(end).toISOString()]),
        ...(days ?? []),
      ]);
      const of = (kind: GroupedRow['kind']) => rows.filter((row) => row.kind === kind);
      const counts = ({ impressions, clicks, spend }: GroupedRow) => ({ impressions, clicks, spend });
      const total = of('totals')[0]!;
      return {
        totals: withCtr({ ...counts(total), invalid: total.invalid }),
        series: of('series').map((row) => withCtr({ period: row.period!, ...counts(row) })),
        byPlacement: of('placement').map((row) => withCtr({ placement: row.placement!, ...counts(row) })),
        topCities: of('city').map((row) =>
          withCtr({ city: row.city!, country: row.country!, ...counts(row) }),
        ),
        topLaundromats: of('laundromat').map((row) =>
          withCtr({ laundromatId: row.laundromatId!, ...counts(row) }),
        ),
      };
    },
  };
}
