import type { Db } from '@laundry/platform';
import type { CampaignContent, CampaignRow, CampaignStore } from '../domain/campaign-store.ts';
import { formatE4 } from '@laundry/contracts/money';
import { sqlE4 } from './sql-money.ts';

// Money leaves the numeric columns as exact integers of E4 and goes back in as decimal text; its currency is
// the advertiser's, which cannot change once a campaign exists.
const columns = `
  id, advertiser_id AS "advertiserId",
  (SELECT a.billing_currency FROM advertisers a WHERE a.id = campaigns.advertiser_id) AS currency, title, description, image_url AS "imageUrl", target_url AS "targetUrl",
  target_countries AS "targetCountries", target_cities AS "targetCities", radius_km::float8 AS "radiusKm",
  target_latitude AS "targetLatitude", target_longitude AS "targetLongitude", frequency_cap AS "frequencyCap",
  creatives, schedule, time_zone AS "timeZone",
  ${sqlE4('daily_budget')} AS "dailyBudgetE4", ${sqlE4('total_budget')} AS "totalBudgetE4",
  ${sqlE4('cost_per_click')} AS "costPerClickE4", ${sqlE4('cost_per_impression')} AS "costPerImpressionE4",
  status, moderation_status AS "moderationStatus", moderation_note AS "moderationNote",
  to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate",
  total_impressions::int AS "totalImpressions", total_clicks::int AS "totalClicks",
  ${sqlE4('total_spent')} AS "totalSpentE4", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The content's parameters $2..$19, in the order both INSERT and UPDATE name them. */
function contentParams(c: CampaignContent): unknown[] {
  return [
    c.title,
    c.description || null,
    c.imageUrl || null,
    c.targetUrl,
    c.targetCountries,
    JSON.stringify(c.targetCities),
    c.targetLatitude,
    c.targetLongitude,
    c.radiusKm === null ? null : c.radiusKm.toFixed(3),
    formatE4(c.dailyBudgetE4),
    formatE4(c.totalBudgetE4),
    formatE4(c.costPerClickE4),
    c.costPerImpressionE4 === null ? null : formatE4(c.costPerImpressionE4),
    c.startDate,
    c.endDate,
    c.frequencyCap,
    JSON.stringify(c.creatives),
    c.schedule === null ? null : JSON.stringify(c.schedule),
  ];
}

const targetPoint = `CASE WHEN $8::float8 IS NULL THEN NULL
  ELSE ST_SetSRID(ST_MakePoint($9::float8, $8::float8), 4326)::geography END`;

export function createCampaignRepository(): CampaignStore {
  const one = async (db: Db, where: string, params: unknown[], lock = false) => {
    const [row] = await db.query<CampaignRow>(
      `SELECT ${columns} FROM campaigns WHERE ${where}${lock ? ' FOR UPDATE' : ''}`,
      params,
    );
    return row;
  };
  return {
    listForAdvertiser: (db, advertiserId) =>
      db.query<CampaignRow>(
        `SELECT ${columns} FROM campaigns WHERE advertiser_id = $1 ORDER BY created_at DESC, id DESC`,
        [advertiserId],
      ),
    findOwned: (db, advertiserId, id) => one(db, 'id = $1 AND advertiser_id = $2', [id, advertiserId]),
    lockOwned: (tx, advertiserId, id) => one(tx, 'id = $1 AND advertiser_id = $2', [id, advertiserId], true),
    lock: (tx, id) => one(tx, 'id = $1', [id], true),

    async insert(tx, advertiserId, content, status, moderationStatus) {
      const [row] = await tx.query<CampaignRow>(
        `INSERT INTO campaigns (advertiser_id, title, description, image_url, target_url, target_countries,
                                target_cities, target_latitude, target_longitude, radius_km, daily_budget,
                                total_budget, cost_per_click, cost_per_impression, start_date, end_date,
                                frequency_cap, creatives, schedule, time_zone, status, moderation_status,
                                target_point)
         VALUES ($1, $2, $3, $4, $5, $6::text[], $7::jsonb, $8, $9, $10::numeric, $11::numeric, $12::numeric,
                 $13::numeric, $14::numeric, $15::date, $16::date, $17::int, $18::jsonb, $19::jsonb,
                 COALESCE($19::jsonb ->> 'timeZone', 'UTC'), $20, $21, ${targetPoint})
         RETURNING ${columns}`,
        [advertiserId, ...contentParams(content), status, moderationStatus],
      );
      return row!;
    },

    async updateContent(tx, id, content, moderationStatus, moderationNote = null) {
      const [row] = await tx.query<CampaignRow>(
        `UPDATE campaigns SET title = $2, description = $3, image_url = $4, target_url = $5,
                target_countries = $6::text[], target_cities = $7::jsonb, target_latitude = $8,
                target_longitude = $9, radius_km = $10::numeric, daily_budget = $11::numeric,
                total_budget = $12::numeric, cost_per_click = $13::numeric, cost_per_impression = $14::numeric,
                start_date = $15::date, end_date = $16::date, frequency_cap = $17::int, creatives = $18::jsonb,
                schedule = $19::jsonb, time_zone = COALESCE($19::jsonb ->> 'timeZone', time_zone),
                moderation_status = $20, moderation_note = $21,
                target_point = ${targetPoint}, updated_at = now()
         WHERE id = $1 RETURNING ${columns}`,
        [id, ...contentParams(content), moderationStatus, moderationNote],
      );
      return row!;
    },

    async markPromoted(tx, id, laundromatId) {
      await tx.query('UPDATE campaigns SET promoted_laundromat_id = $2 WHERE id = $1', [id, laundromatId]);
    },

    async promotedLaundromat(db, id) {
      const [row] = await db.query<{ laundromatId: string | null }>(
        'SELECT promoted_laundromat_id AS "laundromatId" FROM campaigns WHERE id = $1',
        [id],
      );
      return row?.laundromatId ?? undefined;
    },

    async setStatus(tx, id, status) {
      const [row] = await tx.query<CampaignRow>(
        `UPDATE campaigns SET status = $2, updated_at = now() WHERE id = $1 RETURNING ${columns}`,
        [id, status],
      );
      return row!;
    },

    async setModeration(tx, id, status, note) {
      const [row] = await tx.query<CampaignRow>(
        `UPDATE campaigns SET moderation_status = $2, moderation_note = $3, updated_at = now()
         WHERE id = $1 RETURNING ${columns}`,
        [id, status, note],
      );
      return row!;
    },

    async committedBudgetE4(db, advertiserId, exceptId) {
      const [row] = await db.query<{ e4: number }>(
        `SELECT ${sqlE4("COALESCE(SUM(CASE WHEN status = 'ended' THEN total_spent ELSE total_budget END), 0)")} AS e4
         FROM campaigns WHERE advertiser_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`,
        [advertiserId, exceptId ?? null],
      );
      return row!.e4;
    },

    endExpired(tx, today, advertiserId) {
      return tx.query<CampaignRow>(
        `UPDATE campaigns SET status = 'ended', updated_at = now()
         WHERE status <> 'ended' AND end_date < $1::date AND ($2::uuid IS NULL OR advertiser_id = $2::uuid)
         RETURNING ${columns}`,
        [today, advertiserId ?? null],
      );
    },
  };
}
