import type { RequestCountStore } from '../domain/delivery/request-counts.ts';

/** Earth's mean radius: the distance from a point to a cell's centre, as the area picker draws circles. */
const earthRadiusKm = 6371;

export function createRequestCountRepository(): RequestCountStore {
  return {
    async add(db, counts) {
      if (counts.length === 0) return;
      await db.query(
        `INSERT INTO ad_request_counts (day, cell_lat, cell_lng, requests, filled)
         SELECT * FROM unnest($1::date[], $2::smallint[], $3::smallint[], $4::int[], $5::int[])
         ON CONFLICT (day, cell_lat, cell_lng) DO UPDATE
           SET requests = ad_request_counts.requests + EXCLUDED.requests,
               filled = ad_request_counts.filled + EXCLUDED.filled`,
        [
          counts.map((c) => c.day),
          counts.map((c) => c.cellLat),
          counts.map((c) => c.cellLng),
          counts.map((c) => c.requests),
          counts.map((c) => c.filled),
        ],
      );
    },

    async dailyTotals(db, area, since) {
      // A cell counts when its centre is within the circle, or the circle lies within the cell.
      const within = area
        ? `AND ((cell_lat = floor($2::float8 * 10) AND cell_lng = floor($3::float8 * 10))
             OR 2 * ${earthRadiusKm} * asin(sqrt(
                  power(sin(radians((cell_lat + 0.5) / 10.0 - $2::float8) / 2), 2) +
                  cos(radians($2::float8)) * cos(radians((cell_lat + 0.5) / 10.0)) *
                  power(sin(radians((cell_lng + 0.5) / 10.0 - $3::float8) / 2), 2))) <= $4::float8)`
        : '';
      const rows = await db.query<{ day: string; requests: string; filled: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(requests) AS requests, sum(filled) AS filled
         FROM ad_request_counts WHERE day >= $1::date ${within}
         GROUP BY day ORDER BY day`,
        area ? [since, area.latitude, area.longitude, area.radiusKm] : [since],
      );
      return rows.map((row) => ({
        day: row.day,
        requests: Number(row.requests),
        filled: Number(row.filled),
      }));
    },

    async market(db, since) {
      const [row] = await db.query<{ averageCpcE4: string | null; impressions: string; clicks: string }>(
        `SELECT (SELECT round(avg(cost_per_click) * 10000) FROM campaigns
                 WHERE status = 'active' AND moderation_status = 'approved') AS "averageCpcE4",
                coalesce(sum(impressions), 0) AS impressions, coalesce(sum(clicks), 0) AS clicks
         FROM ad_stats_daily WHERE day >= $1::date`,
        [since],
      );
      return {
        averageCpcE4: row?.averageCpcE4 === null || row === undefined ? null : Number(row.averageCpcE4),
        impressions: Number(row?.impressions ?? 0),
        clicks: Number(row?.clicks ?? 0),
      };
    },
  };
}
