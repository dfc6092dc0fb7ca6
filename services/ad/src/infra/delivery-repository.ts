import { factorTextToBasisPoints } from '@laundry/contracts';
import type {
  ChargeableCampaign,
  DeliveryStore,
  PlacementRow,
  ServableCampaignRow,
  ServableCampaignState,
} from '../domain/delivery/delivery-store.ts';
import { e4ToDollars } from '@laundry/contracts/money';
import { sqlE4 } from './sql-money.ts';
import type { AccountStanding } from '../domain/ad-eligibility.ts';

const nilUuid = '00000000-0000-0000-0000-000000000000';

/** What one charged event costs: a CPM campaign pays per impression, the others per click. */
const price = `(CASE WHEN COALESCE(c.cost_per_impression, 0) > 0 THEN c.cost_per_impression ELSE c.cost_per_click END)`;

/**
 * Approved, active, in-date campaigns of active advertisers with budget left for one more charge. $1 is the
 * app's clock, never the database's: the day it falls on in each campaign's time zone is the day whose spend
 * and dates count, as lockForCharge reads them, so what is served is what a charge would accept.
 */
const servable = `FROM campaigns c
  JOIN advertisers a ON a.id = c.advertiser_id AND a.is_active
  LEFT JOIN account_standing s ON s.user_id = a.user_id
  LEFT JOIN campaign_daily_spend d
    ON d.campaign_id = c.id AND d.day = ($1::timestamptz AT TIME ZONE c.time_zone)::date
  WHERE c.status = 'active' AND c.moderation_status = 'approved'
    AND (c.start_date IS NULL OR c.start_date <= ($1::timestamptz AT TIME ZONE c.time_zone)::date)
    AND (c.end_date IS NULL OR c.end_date >= ($1::timestamptz AT TIME ZONE c.time_zone)::date)
    -- Budget left for at least one more charge, at the price this campaign pays.
    AND c.total_spent + ${price} <= c.total_budget
    AND COALESCE(d.spent, 0) + ${price} <= c.daily_budget`;

/**
 * The owner's standing for the serving rule (ad-eligibility.ts), which decides in the domain: the sum of
 * what the owner's campaigns accrued is only read while they have no payment method, the one case it limits.
 */
const standingColumns = `s.email_verified_at IS NOT NULL AS "emailVerified",
  COALESCE(s.has_payment_method, false) AS "hasPaymentMethod",
  CASE WHEN COALESCE(s.has_payment_method, false) THEN 0
       ELSE ${sqlE4('(SELECT COALESCE(SUM(o.total_spent), 0) FROM campaigns o WHERE o.advertiser_id = c.advertiser_id)')}
  END AS "accruedE4",
  ${sqlE4(price)} AS "priceE4",
  ${sqlE4('LEAST(c.total_budget - c.total_spent, c.daily_budget - COALESCE(d.spent, 0))')} AS "roomE4"`;

/** T with its `Money` fields read as exact E4 (`costPerClick` as `costPerClickE4`). */
type MoneyInE4<T, Money extends keyof T> = Omit<T, Money> & { [K in Money as `${K & string}E4`]: T[K] };

/**
 * Money of a servable campaign is read exactly as E4 and turned into float units of its currency here, once: the engine
 * only ranks and paces with it (see ServableCampaignRow), while charges read E4 in lockForCharge.
 */
function servableState<T extends { spentTodayE4: number }>({ spentTodayE4, ...row }: T) {
  return { ...row, spentToday: e4ToDollars(spentTodayE4) };
}

function servableRow(
  row: MoneyInE4<
    Omit<ServableCampaignRow, 'costPerClickE4' | 'costPerImpressionE4'>,
    'costPerClick' | 'costPerImpression' | 'dailyBudget' | 'spentToday'
  >,
): ServableCampaignRow {
  const { costPerClickE4, costPerImpressionE4, dailyBudgetE4, ...rest } = servableState(row);
  return {
    ...rest,
    costPerClickE4,
    costPerImpressionE4,
    costPerClick: e4ToDollars(costPerClickE4),
    costPerImpression: costPerImpressionE4 === null ? null : e4ToDollars(costPerImpressionE4),
    dailyBudget: e4ToDollars(dailyBudgetE4),
  };
}

const creativeCounts = `COALESCE((SELECT jsonb_object_agg(cs.creative_id, jsonb_build_array(cs.impressions, cs.clicks))
  FROM ad_creative_stats cs WHERE cs.campaign_id = c.id), '{}'::jsonb) AS "creativeCounts"`;

const spentTodayE4 = `${sqlE4('COALESCE(d.spent, 0)')} AS "spentTodayE4"`;

export function createDeliveryRepository(): DeliveryStore {
  return {
    async loadServable(db, now, ids) {
      const rows = await db.query<Parameters<typeof servableRow>[0]>(
        `SELECT c.id, c.advertiser_id AS "advertiserId", a.user_id AS "advertiserUserId",
                a.billing_currency AS currency, c.title, c.description,
                c.image_url AS "imageUrl", c.target_url AS "targetUrl", c.target_countries AS "targetCountries",
                c.target_cities AS "targetCities", c.target_latitude AS "targetLatitude",
                c.target_longitude AS "targetLongitude", c.radius_km::float8 AS "radiusKm",
                ${sqlE4('c.cost_per_click')} AS "costPerClickE4",
                ${sqlE4('c.cost_per_impression')} AS "costPerImpressionE4",
                c.total_impressions::float8 AS impressions, c.total_clicks::float8 AS clicks,
                c.frequency_cap AS "frequencyCap", c.time_zone AS "timeZone", c.creatives, c.schedule,
                ${creativeCounts},
                ${sqlE4('c.daily_budget')} AS "dailyBudgetE4", ${spentTodayE4},
                c.updated_at::text AS version
         ${servable} ${ids ? 'AND c.id = ANY($2::uuid[])' : ''}`,
        ids ? [now.toISOString(), ids] : [now.toISOString()],
      );
      return rows.map(servableRow);
    },

    async loadServableState(db, now) {
      const rows = await db.query<
        MoneyInE4<Omit<ServableCampaignState, 'standing'>, 'spentToday'> & AccountStanding
      >(
        `SELECT c.id, c.updated_at::text AS version, a.billing_currency AS currency,
                c.total_impressions::float8 AS impressions,
                c.total_clicks::float8 AS clicks, ${spentTodayE4}, ${creativeCounts}, ${standingColumns}
         ${servable}`,
        [now.toISOString()],
      );
      return rows.map(({ emailVerified, hasPaymentMethod, accruedE4, ...row }) => ({
        ...servableState(row),
        standing: { emailVerified, hasPaymentMethod, accruedE4 },
      }));
    },

    async placements(db) {
      const rows = await db.query<Omit<PlacementRow, 'factorBp'> & { factor: string }>(
        'SELECT id, key, is_active AS "isActive", premium_multiplier::text AS factor FROM ad_placements ORDER BY key',
      );
      // The factor leaves its numeric column as text and becomes basis points digit by digit, never a float.
      return rows.map(({ factor, ...row }) => ({ ...row, factorBp: factorTextToBasisPoints(factor) }));
    },

    async lockForCharge(tx, campaignId, now) {
      const [row] = await tx.query<ChargeableCampaign>(
        `SELECT c.id, c.advertiser_id AS "advertiserId", a.user_id AS "advertiserUserId",
                a.billing_currency AS currency, c.target_url AS "targetUrl",
                c.creatives,
                (c.status = 'active' AND c.moderation_status = 'approved' AND a.is_active
                  AND (c.start_date IS NULL OR c.start_date <= ($2::timestamptz AT TIME ZONE c.time_zone)::date)
                  AND (c.end_date IS NULL OR c.end_date >= ($2::timestamptz AT TIME ZONE c.time_zone)::date))
                  AS servable,
                json_build_object('emailVerified', s.email_verified_at IS NOT NULL,
                                  'hasPaymentMethod', COALESCE(s.has_payment_method, false)) AS owner,
                ${sqlE4('c.cost_per_click')} AS "costPerClickE4",
                ${sqlE4('c.cost_per_impression')} AS "costPerImpressionE4",
                ${sqlE4('c.total_budget')} AS "totalBudgetE4", ${sqlE4('c.total_spent')} AS "totalSpentE4",
                ${sqlE4('c.daily_budget')} AS "dailyBudgetE4",
                ${sqlE4(`COALESCE((SELECT d.spent FROM campaign_daily_spend d
                           WHERE d.campaign_id = c.id
                             AND d.day = ($2::timestamptz AT TIME ZONE c.time_zone)::date), 0)`)}
                  AS "spentTodayE4",
                to_char(($2::timestamptz AT TIME ZONE c.time_zone)::date, 'YYYY-MM-DD') AS day
         FROM campaigns c JOIN advertisers a ON a.id = c.advertiser_id
           LEFT JOIN account_standing s ON s.user_id = a.user_id
         WHERE c.id = $1 FOR UPDATE OF c`,
        [campaignId, now.toISOString()],
      );
      return row;
    },

    async insertEvent(tx, e, placementId) {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO ad_events (decision_id, campaign_id, placement_id, event_type, user_id, user_agent, ip_address,
                                user_latitude, user_longitude, user_city, user_country, referrer_url, page_url,
                                laundromat_id, cost, revenue, invalid_reason, created_at, creative_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::numeric / 10000,
                 $15::numeric / 10000, $16, $17, $18)
         ON CONFLICT (decision_id, event_type) WHERE invalid_reason IS NULL DO NOTHING
         RETURNING id`,
        [
          e.decisionId,
          e.campaignId,
          placementId,
          e.eventType,
          e.userId,
          e.userAgent,
          e.ipAddress,
          e.latitude,
          e.longitude,
          e.city?.slice(0, 100) ?? null,
          e.country?.slice(0, 100) ?? null,
          e.referrerUrl,
          e.pageUrl,
          e.laundromatId,
          e.costE4,
          e.invalidReason,
          e.createdAt.toISOString(),
          e.creativeId,
        ],
      );
      return row?.id;
    },

    async insertForgedClick(db, click) {
      await db.query(
        `INSERT INTO ad_events (decision_id, campaign_id, event_type, user_id, user_agent, ip_address, referrer_url,
                                invalid_reason, created_at)
         VALUES (gen_random_uuid(), (SELECT id FROM campaigns WHERE id = $1::uuid), 'click', $2, $3, $4, $5,
                 'forged_token', $6)`,
        [
          click.claimedCampaignId ?? null,
          click.userId,
          click.userAgent,
          click.ipAddress,
          click.referrerUrl,
          click.createdAt.toISOString(),
        ],
      );
    },

    async impressionCounted(db, decisionId, at) {
      // The partial unique index on (decision_id, event_type) of valid events answers this.
      const [row] = await db.query<{ counted: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM ad_events
                        WHERE decision_id = $1 AND event_type = 'impression' AND invalid_reason IS NULL
                          AND created_at <= $2) AS counted`,
        [decisionId, at.toISOString()],
      );
      return row?.counted ?? false;
    },

    async applyEvent(tx, e, day) {
      const valid = e.invalidReason === null;
      const impressions = valid && e.eventType === 'impression' ? 1 : 0;
      const clicks = valid && e.eventType === 'click' ? 1 : 0;
      if (valid) {
        await tx.query(
          `UPDATE campaigns SET total_spent = total_spent + $2::numeric / 10000,
                  total_impressions = total_impressions + $3, total_clicks = total_clicks + $4
           WHERE id = $1`,
          [e.campaignId, e.costE4, impressions, clicks],
        );
        await tx.query(
          `INSERT INTO campaign_daily_spend (campaign_id, day, spent, impressions, clicks)
           VALUES ($1, $2::date, $3::numeric / 10000, $4, $5)
           ON CONFLICT (campaign_id, day) DO UPDATE SET spent = campaign_daily_spend.spent + EXCLUDED.spent,
             impressions = campaign_daily_spend.impressions + EXCLUDED.impressions,
             clicks = campaign_daily_spend.clicks + EXCLUDED.clicks`,
          [e.campaignId, day, e.costE4, impressions, clicks],
        );
        await tx.query(
          `INSERT INTO ad_creative_stats (campaign_id, creative_id, impressions, clicks) VALUES ($1, $2, $3, $4)
           ON CONFLICT (campaign_id, creative_id) DO UPDATE SET
             impressions = ad_creative_stats.impressions + EXCLUDED.impressions,
             clicks = ad_creative_stats.clicks + EXCLUDED.clicks`,
          [e.campaignId, e.creativeId, impressions, clicks],
        );
      }
      // The hourly and the daily (UTC day) rollups in one statement: one round trip for both.
      await tx.query(
        `WITH hourly AS (
           INSERT INTO ad_stats_hourly (campaign_id, hour, placement_key, country, city, laundromat_id, impressions,
                                        clicks, invalid, spend)
           VALUES ($1, date_trunc('hour', $2::timestamptz, 'UTC'), $3, $4, $5, $6, $7, $8, $9, $10::numeric / 10000)
           ON CONFLICT (campaign_id, hour, placement_key, country, city, laundromat_id) DO UPDATE SET
             impressions = ad_stats_hourly.impressions + EXCLUDED.impressions,
             clicks = ad_stats_hourly.clicks + EXCLUDED.clicks,
             invalid = ad_stats_hourly.invalid + EXCLUDED.invalid,
             spend = ad_stats_hourly.spend + EXCLUDED.spend
         )
         INSERT INTO ad_stats_daily (campaign_id, day, placement_key, country, city, laundromat_id, impressions,
                                     clicks, invalid, spend)
         VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date, $3, $4, $5, $6, $7, $8, $9, $10::numeric / 10000)
         ON CONFLICT (campaign_id, day, placement_key, country, city, laundromat_id) DO UPDATE SET
           impressions = ad_stats_daily.impressions + EXCLUDED.impressions,
           clicks = ad_stats_daily.clicks + EXCLUDED.clicks,
           invalid = ad_stats_daily.invalid + EXCLUDED.invalid,
           spend = ad_stats_daily.spend + EXCLUDED.spend`,
        [
          e.campaignId,
          e.createdAt.toISOString(),
          e.placementKey,
          e.country ?? '',
          e.city ?? '',
          e.laundromatId ?? nilUuid,
          impressions,
          clicks,
          valid ? 0 : 1,
          e.costE4,
        ],
      );
    },

    async targetUrl(db, campaignId) {
      const [row] = await db.query<{ targetUrl: string }>(
        'SELECT target_url AS "targetUrl" FROM campaigns WHERE id = $1',
        [campaignId],
      );
      return row?.targetUrl;
    },
  };
}
