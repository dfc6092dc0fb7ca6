import type { AnalyticsStore } from '../domain/delivery/campaign-analytics.ts';

interface Counts {
  impressions: number;
  clicks: number;
  spend: number;
}

const withCtr = <T extends Counts>(row: T) => ({
  ...row,
  ctr: row.impressions > 0 ? Number((row.clicks / row.impressions).toFixed(6)) : 0,
});

const sums = `SUM(impressions)::float8 AS impressions, SUM(clicks)::float8 AS clicks, SUM(spend)::float8 AS spend`;
const nilUuid = '00000000-0000-0000-0000-000000000000';

export function createAnalyticsRepository(): AnalyticsStore {
  return {
    async report(db, campaignId, window) {
      const params = [campaignId, window.from.toISOString(), window.to.toISOString()];
      const where = `campaign_id = $1 AND hour >= date_trunc('hour', $2::timestamptz) AND hour < $3::timestamptz`;
      const [totals, series, byPlacement, topCities, topLaundromats] = await Promise.all([
        db.query<Counts & { invalid: number }>(
          `SELECT COALESCE(SUM(impressions), 0)::float8 AS impressions, COALESCE(SUM(clicks), 0)::float8 AS clicks,
                  COALESCE(SUM(spend), 0)::float8 AS spend, COALESCE(SUM(invalid), 0)::float8 AS invalid
           FROM ad_stats_hourly WHERE ${where}`,
          params,
        ),
        // Grouped by the truncated hour first, so each period is formatted once rather than once per row.
        db.query<Counts & { period: string }>(
          `SELECT to_char(s.period AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS period, s.impressions,
                  s.clicks, s.spend
           FROM (SELECT date_trunc($4, hour) AS period, ${sums} FROM ad_stats_hourly WHERE ${where} GROUP BY 1) s
           ORDER BY s.period`,
          [...params, window.granularity],
        ),
        db.query<Counts & { placement: string }>(
          `SELECT placement_key AS placement, ${sums} FROM ad_stats_hourly WHERE ${where}
           GROUP BY 1 ORDER BY impressions DESC, 1`,
          params,
        ),
        db.query<Counts & { city: string; country: string }>(
          `SELECT city, country, ${sums} FROM ad_stats_hourly WHERE ${where} AND city <> ''
           GROUP BY 1, 2 ORDER BY impressions DESC, clicks DESC, 1 LIMIT 10`,
          params,
        ),
        db.query<Counts & { laundromatId: string }>(
          `SELECT laundromat_id AS "laundromatId", ${sums} FROM ad_stats_hourly
           WHERE ${where} AND laundromat_id <> '${nilUuid}'
           GROUP BY 1 ORDER BY impressions DESC, clicks DESC, 1 LIMIT 10`,
          params,
        ),
      ]);
      return {
        totals: withCtr(totals[0]!),
        series: series.map(withCtr),
        byPlacement: byPlacement.map(withCtr),
        topCities: topCities.map(withCtr),
        topLaundromats: topLaundromats.map(withCtr),
      };
    },
  };
}
