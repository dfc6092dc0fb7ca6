import type { Db } from '@laundry/platform/db';
import type { BusynessStore, HourAggregate } from '../domain/busyness.ts';

/** Weight of a report by where it was made from, as the live state weighs it (siteWeights). */
const SITE_WEIGHT = `CASE distance_band WHEN 'on-site' THEN 1 WHEN 'unknown' THEN 0.5 WHEN 'near' THEN 0.35 ELSE 0.1 END`;
/** A report's occupancy (busyness.ts reportOccupancy), in SQL so the hour is summed where the rows are. */
const OCCUPANCY = `CASE kind
  WHEN 'all-free' THEN 0 WHEN 'full' THEN 1 WHEN 'some-free' THEN 0.5
  ELSE 1 - (coalesce(washers_free, 0) + coalesce(dryers_free, 0))::float
         / nullif(coalesce(washers_total, 0) + coalesce(dryers_total, 0), 0) END`;

export function createBusynessRepository(db: Db): BusynessStore {
  return {
    /**
     * Sums the reports of every hour from `since` (whole hours) again from the raw rows: running it twice,
     * or over an hour still filling, gives the same rows.
     */
    async aggregateReports(since: Date): Promise<number> {
      const rows = await db.query(
        `INSERT INTO busyness_hours (laundromat_id, hour_start, report_occupancy, report_weight)
         SELECT laundromat_id, to_timestamp(floor(extract(epoch FROM created_at) / 3600) * 3600) AS hour_start,
                sum(weight * occupancy), sum(weight)
         FROM (SELECT laundromat_id, created_at, ${SITE_WEIGHT} AS weight, ${OCCUPANCY} AS occupancy
               FROM availability_reports WHERE created_at >= to_timestamp(floor(extract(epoch FROM $1::timestamptz) / 3600) * 3600)) r
         WHERE occupancy IS NOT NULL
         GROUP BY 1, 2
         ON CONFLICT (laundromat_id, hour_start) DO UPDATE
           SET report_occupancy = excluded.report_occupancy, report_weight = excluded.report_weight
         RETURNING laundromat_id`,
        [since.toISOString()],
      );
      return rows.length;
    },

    /** One sample of every fresh feed: the share of its working machines in use, added to the current hour. */
    async sampleFeeds(now: Date, freshSince: Date): Promise<number> {
      const rows = await db.query(
        `INSERT INTO busyness_hours (laundromat_id, hour_start, feed_occupancy, feed_samples)
         SELECT laundromat_id, to_timestamp(floor(extract(epoch FROM $1::timestamptz) / 3600) * 3600),
                count(*) FILTER (WHERE status IN ('in_use', 'finishing'))::float
                  / count(*) FILTER (WHERE status <> 'out_of_order'), 1
         FROM machine_states
         GROUP BY laundromat_id
         HAVING max(reported_at) >= $2 AND count(*) FILTER (WHERE status <> 'out_of_order') > 0
         ON CONFLICT (laundromat_id, hour_start) DO UPDATE
           SET feed_occupancy = busyness_hours.feed_occupancy + excluded.feed_occupancy,
               feed_samples = busyness_hours.feed_samples + 1
         RETURNING laundromat_id`,
        [now.toISOString(), freshSince.toISOString()],
      );
      return rows.length;
    },

    /** The laundromat's hours from `since`, reports and feed samples together. */
    async hours(laundromatId: string, since: Date): Promise<HourAggregate[]> {
      const rows = await db.query<{ hourStart: Date; occupancySum: number; weight: number }>(
        `SELECT hour_start AS "hourStart", report_occupancy + feed_occupancy AS "occupancySum",
                report_weight + feed_samples AS weight
         FROM busyness_hours WHERE laundromat_id = $1 AND hour_start >= $2 ORDER BY hour_start`,
        [laundromatId, since.toISOString()],
      );
      return rows.map((row) => ({
        hourStart: new Date(row.hourStart),
        occupancySum: Number(row.occupancySum),
        weight: Number(row.weight),
      }));
    },

    async addFeedHours(laundromatId, hours) {
      if (hours.length === 0) return 0;
      // One statement for eight weeks of hours: the embedded database answers one query at a time.
      const rows = await db.query(
        `INSERT INTO busyness_hours (laundromat_id, hour_start, feed_occupancy, feed_samples)
         SELECT $1, h.hour_start, h.occupancy, h.samples
         FROM jsonb_to_recordset($2::jsonb) AS h(hour_start timestamptz, occupancy float8, samples integer)
         ON CONFLICT (laundromat_id, hour_start) DO NOTHING
         RETURNING hour_start`,
        [
          laundromatId,
          JSON.stringify(
            hours.map((hour) => ({
              hour_start: hour.hourStart.toISOString(),
              occupancy: hour.occupancySum,
              samples: hour.samples,
            })),
          ),
        ],
      );
      return rows.length;
    },

    async hasHoursBefore(laundromatId, before) {
      const [row] = await db.query<{ found: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM busyness_hours WHERE laundromat_id = $1 AND hour_start < $2) AS found`,
        [laundromatId, before.toISOString()],
      );
      return row?.found ?? false;
    },
  };
}
