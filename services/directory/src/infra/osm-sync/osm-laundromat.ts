import { currencies, currencyOfCountryCode, defaultCurrency, maxLengths } from '@laundry/contracts';
import { openingHoursProblem } from '../../domain/osm-hours/osm-hours.ts';
import { osmOpeningHoursToHours } from '../../domain/osm-hours/weekly-hours.ts';
import type { NewLaundromatRow } from '../laundromat-bulk-insert.ts';
import { createNearestCityFinder, type NearbyCity } from './nearest-city.ts';
import { fromOverpass, type OsmFeature } from './osm-feature.ts';
import type { MapElement } from './osm-sync.ts';

/**
 * Reading an opening_hours value with the library costs about a millisecond, and an area has few distinct
 * values ('Mo-Su 07:00-22:00' thousands of times), so each is read once per run; the bound keeps a sync of
 * a continent from holding every odd value.
 */
function memoised<R>(
  read: (value: string | undefined) => R,
  limit = 20_000,
): (value: string | undefined) => R {
  const cache = new Map<string | undefined, R>();
  return (value) => {
    if (cache.has(value)) return cache.get(value) as R;
    const result = read(value);
    if (cache.size >= limit) cache.clear();
    cache.set(value, result);
    return result;
  };
}

/** The value when the library reads it and it fits the column, else null. */
const usableOpeningHours = memoised(function usableOpeningHours(value: string | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.length > 255 || openingHoursProblem(trimmed) !== null) return null;
  return trimmed;
});
const weeklyHours = memoised(osmOpeningHoursToHours);

export type SkipReason =
  'not a laundry or dry-cleaning shop' | 'no coordinates' | 'invalid coordinates' | 'no OSM id';

export type MappedFeature =
  | { ok: true; row: NewLaundromatRow; unnamed: boolean; hoursProblem?: string }
  | { ok: false; reason: SkipReason };

/** A nearest city farther than this is not "the" city of the laundromat, though its country still is. */
const CITY_RADIUS_KM = 25;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const normalised = value.trim().toLowerCase();
  if (['yes', 'true', '1', 'only', 'designated'].includes(normalised)) return true;
  if (['no', 'false', '0'].includes(normalised)) return false;
  return undefined;
}

function anyFlag(tags: Record<string, string>, keys: readonly string[]): boolean | undefined {
  const values = keys.map((key) => flag(tags[key])).filter((v): v is boolean => v !== undefined);
  return values.length === 0 ? undefined : values.includes(true);
}

/** OSM allows several values separated by ';'; the first one is the main one. */
function firstValue(value: string | undefined, maxLength: number): string | null {
  const first = value?.split(';')[0]?.trim();
  return first ? first.slice(0, maxLength) : null;
}

function addressOf(tags: Record<string, string>): string {
  if (tags['addr:full']) return tags['addr:full'];
  const street = [tags['addr:housenumber'], tags['addr:street'] ?? tags['addr:place']]
    .filter(Boolean)
    .join(' ');
  return [street, tags['addr:postcode']].filter(Boolean).join(', ');
}

function countryName(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code.slice(0, maxLengths.country);
  try {
    return (regionNames.of(code.toUpperCase()) ?? code).slice(0, maxLengths.country);
  } catch {
    return code;
  }
}

function currencyFor(countryCode: string | undefined): string {
  const currency = countryCode ? currencyOfCountryCode(countryCode) : null;
  return currency && (currencies as readonly string[]).includes(currency) ? currency : defaultCurrency;
}

/**
 * Maps one OSM laundry (shop=laundry) or dry cleaner (shop=dry_cleaning) to a laundromat row. Objects
 * without a name are kept under a generic name, since a nameless laundromat on the map is still useful.
 * Payment and amenity tags that are absent leave the table defaults (coins accepted, self-service).
 */
export function mapOsmFeature(
  feature: OsmFeature,
  nearestCity: (latitude: number, longitude: number) => NearbyCity | undefined,
): MappedFeature {
  const { tags, latitude, longitude } = feature;
  const shop = tags.shop;
  if (shop !== 'laundry' && shop !== 'dry_cleaning')
    return { ok: false, reason: 'not a laundry or dry-cleaning shop' };
  if (!feature.ref) return { ok: false, reason: 'no OSM id' };
  if (latitude === undefined || longitude === undefined) return { ok: false, reason: 'no coordinates' };
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180))
    return { ok: false, reason: 'invalid coordinates' };

  const isDryCleaning = shop === 'dry_cleaning' || flag(tags.dry_cleaning) === true;
  const givenName = tags.name ?? tags['name:en'] ?? tags.brand;
  const name = (givenName ?? (shop === 'dry_cleaning' ? 'Dry Cleaner' : 'Laundromat')).slice(
    0,
    maxLengths.name,
  );

  const nearby = tags['addr:city'] && tags['addr:country'] ? undefined : nearestCity(latitude, longitude);
  const countryCode = tags['addr:country'] ?? nearby?.countryCode;
  const city =
    tags['addr:city'] ??
    tags['addr:town'] ??
    tags['addr:village'] ??
    (nearby && nearby.distanceKm <= CITY_RADIUS_KM ? nearby.name : undefined);
  const { hours, problem } = weeklyHours(tags.opening_hours);
  const acceptsCard = anyFlag(tags, [
    'payment:cards',
    'payment:credit_cards',
    'payment:debit_cards',
    'payment:contactless',
  ]);

  const row: NewLaundromatRow = {
    name,
    address: addressOf(tags),
    city: city?.slice(0, maxLengths.city) ?? null,
    country: countryCode ? countryName(countryCode) : null,
    latitude,
    longitude,
    phone: firstValue(tags.phone ?? tags['contact:phone'], maxLengths.phone),
    website: firstValue(tags.website ?? tags['contact:website'] ?? tags.url, maxLengths.url),
    hours,
    // Kept whenever the OSM library reads it: the open status is the library's reading of this value.
    openingHours: usableOpeningHours(tags.opening_hours),
    region: firstValue(tags['addr:state'], 100),
    isDryCleaning,
    // A dry cleaner is staffed unless the tags say otherwise.
    isSelfService: flag(tags.self_service) ?? !isDryCleaning,
    isWashAndFold: anyFlag(tags, ['laundry_service', 'service:wash_and_fold', 'service:laundry']) ?? false,
    acceptsCoin: flag(tags['payment:coins']),
    acceptsCard,
    acceptsNfc: flag(tags['payment:contactless']),
    isWheelchairAccessible: tags.wheelchair === 'yes',
    hasWifi: tags.internet_access === 'wlan' || tags.internet_access === 'yes' ? true : undefined,
    hasAc: flag(tags.air_conditioning),
    hasRestroom: flag(tags.toilets),
    currency: currencyFor(countryCode),
    status: 'approved',
    isDemo: false,
    source: 'osm',
    sourceRef: feature.ref,
  };
  return { ok: true, row, unnamed: givenName === undefined, ...(problem ? { hoursProblem: problem } : {}) };
}

/** The same mapping for the elements of an Overpass answer, as the sync reads them. */
export function overpassElementMapper(): MapElement {
  const nearestCity = createNearestCityFinder();
  return (element) => {
    const mapped = mapOsmFeature(fromOverpass(element), nearestCity);
    return mapped.ok ? { ok: true, row: mapped.row } : mapped;
  };
}
