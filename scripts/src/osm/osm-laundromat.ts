import { currencies, defaultCurrency, maxLengths } from '@laundry/contracts';
import type { NewLaundromatRow } from '../../../services/directory/src/infra/laundromat-bulk-insert.ts';
import type { OsmFeature } from './osm-extract.ts';
import type { NearbyCity } from './nearest-city.ts';
import { osmOpeningHoursToHours } from './osm-opening-hours.ts';
import { countries, type TCountryCode } from 'countries-list';

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
  const country = countryCode ? countries[countryCode.toUpperCase() as TCountryCode] : undefined;
  return country?.currency.find((c) => (currencies as readonly string[]).includes(c)) ?? defaultCurrency;
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
  const { hours, problem } = osmOpeningHoursToHours(tags.opening_hours);
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
