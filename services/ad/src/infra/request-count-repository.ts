import { isBillingCurrency } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import type { CompetingBids } from '../domain/delivery/reach-estimate.ts';
import { unplacedCell, type RequestCountStore } from '../domain/delivery/request-counts.ts';

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
      // A cell counts when its centre is within the circle, or the circle lies within the cell; the cell of
      // requests without a position only counts everywhere (its made-up centre is no place).
      const within = area
        ? `AND cell_lat <> ${unplacedCell.cellLat} AND ((cell_lat = floor($2::float8 * 10) AND cell_lng = floor($3::float8 * 10))
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
      const [competitors, [row]] = await Promise.all([
        db.query<{
          currency: string | null;
          perImpression: boolean;
          averagePriceE4: string;
          campaigns: string;
        }>(
          // The currency is the advertiser's (read from the row as a whole, so a database without the column
          // yet reads every campaign as US dollars, as they all were).
          `SELECT to_jsonb(a) ->> 'billing_currency' AS currency, coalesce(c.cost_per_impression, 0) > 0 AS "perImpression",
                  round(avg(CASE WHEN c.cost_per_impression > 0 THEN c.cost_per_impression
                                 ELSE c.cost_per_click END) * 10000) AS "averagePriceE4",
                  count(*) AS campaigns
           FROM campaigns c JOIN advertisers a ON a.id = c.advertiser_id
           WHERE c.status = 'active' AND c.moderation_status = 'approved'
           GROUP BY 1, 2`,
        ),
        db.query<{ impressions: string; clicks: string }>(
          `SELECT coalesce(sum(impressions), 0) AS impressions, coalesce(sum(clicks), 0) AS clicks
           FROM ad_stats_daily WHERE day >= $1::date`,
          [since],
        ),
      ]);
      const groups = new Map<string, CompetingBids>();
      for (const group of competitors) {
        const code = group.currency?.trim().toUpperCase() ?? 'USD';
        const currency = isBillingCurrency(code) ? code : 'USD';
        const billedEvent = group.perImpression ? 'impression' : 'click';
        const key = `${currency}|${billedEvent}`;
        const campaigns = Number(group.campaigns);
        const averagePriceE4 = Number(group.averagePriceE4);
        const known = groups.get(key);
        // Two stored spellings of one code (' usd', 'USD') are one group, averaged by their campaigns.
        groups.set(
          key,
          known
            ? {
                ...known,
                averagePriceE4:
                  (known.averagePriceE4 * known.campaigns + averagePriceE4 * campaigns) /
                  (known.campaigns + campaigns),
                campaigns: known.campaigns + campaigns,
              }
            : { currency, billedEvent, averagePriceE4, campaigns },
        );
      }
      return {
        competitors: [...groups.values()],
        impressions: Number(row?.impressions ?? 0),
        clicks: Number(row?.clicks ?? 0),
      };
    },
    /** The currency of the person's own advertiser profile, else their team's; US dollars without one. */
    async billingCurrencyOfUser(db: Db, userId: string) {
      const [row] = await db.query<{ currency: string | null }>(
        `SELECT a.billing_currency AS currency FROM advertisers a
         WHERE a.user_id = $1 OR a.id = (SELECT m.advertiser_id FROM advertiser_members m WHERE m.user_id = $1)
         ORDER BY a.user_id = $1 DESC LIMIT 1`,
        [userId],
      );
      const code = row?.currency?.trim().toUpperCase() ?? '';
      return isBillingCurrency(code) ? code : 'USD';
    },
  };
}
