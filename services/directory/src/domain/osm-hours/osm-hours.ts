import OpeningHours, { type nominatim_object, type optional_conf } from 'opening_hours';
import { zoneOffsetMs } from './zoned-clock.ts';

/**
 * Laundromat hours are their OpenStreetMap `opening_hours` value, read by the OSM reference library
 * (opening_hours.js) and by nothing else, so every answer (card, detail, the 'open now' filter) is the
 * library's.
 */

/** Where a laundromat is, for public holidays (country, region) and sun times (point). */
export interface HoursPlace {
  latitude: number;
  longitude: number;
  /** An ISO 3166-1 alpha-2 code or an English country name, as the laundromats table keeps it. */
  country?: string | null;
  /** The region (state) for regional holidays, when known. */
  region?: string | null;
  timeZone: string;
}

/** Time ranges (mode 0), read as the opening_hours key, messages in English. */
const optionalConversionParams: optional_conf = {
  mode: 0 as optional_conf['mode'],
  tag_key: 'opening_hours',
  map_value: undefined,
  warnings_severity: undefined,
  locale: 'en',
};

/**
 * Codes Intl names like a country but that are not one today: 'Germany' must be DE, not DD (East
 * Germany), 'France' FR, not FX (Metropolitan France).
 */
const RETIRED_OR_GROUP_CODES = new Set([
  'AN',
  'BU',
  'CS',
  'DD',
  'EU',
  'EZ',
  'FX',
  'NT',
  'QO',
  'SU',
  'TP',
  'UN',
  'YU',
  'ZR',
  'ZZ',
]);

/** English country name (lower case) → alpha-2 code, built once from the platform's own names. */
let countryCodes: Map<string, string> | undefined;

function countryCodeOf(country: string | null | undefined): string | undefined {
  const given = country?.trim();
  if (!given) return undefined;
  if (/^[a-z]{2}$/i.test(given)) return given.toLowerCase();
  if (!countryCodes) {
    countryCodes = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (let a = 65; a <= 90; a += 1)
      for (let b = 65; b <= 90; b += 1) {
        const code = String.fromCharCode(a, b);
        if (RETIRED_OR_GROUP_CODES.has(code)) continue;
        const name = names.of(code);
        if (name && name !== code && !countryCodes.has(name.toLowerCase()))
          countryCodes.set(name.toLowerCase(), code.toLowerCase());
      }
    for (const [alias, code] of [
      ['usa', 'us'],
      ['united states of america', 'us'],
      ['uk', 'gb'],
      ['england', 'gb'],
      ['scotland', 'gb'],
      ['wales', 'gb'],
    ] as const)
      countryCodes.set(alias, code);
  }
  return countryCodes.get(given.toLowerCase());
}

/** The library's message for a value it refuses, or null when it reads the value. */
export function openingHoursProblem(value: string): string | null {
  try {
    new OpeningHours(value, null, optionalConversionParams);
    return null;
  } catch (err) {
    return String(err instanceof Error ? err.message : err).trim();
  }
}

const SUN_WORDS = /sun|dawn|dusk/i;
const MAX_COMPILED = 5_000;
const compiled = new Map<string, OpeningHours>();

/**
 * The library's reading of `value` for a place, compiled once per value and place: parsing costs far more
 * than asking. Sun times: the library takes the hours of sunrise from the process's clock, and our dates
 * carry the laundromat's wall clock (zoned-clock.ts), so the point is moved west by the zone's offset
 * (4 minutes a degree) and the library's sunrise lands on the laundromat's wall clock.
 * Throws the library's error when the value is refused.
 */
export function compileOpeningHours(value: string, place: HoursPlace, at: Date): OpeningHours {
  const countryCode = countryCodeOf(place.country);
  let longitude = 0;
  let latitude = 0;
  if (SUN_WORDS.test(value)) {
    const offsetMinutes =
      (zoneOffsetMs(place.timeZone, at.getTime()) + at.getTimezoneOffset() * 60_000) / 60_000;
    longitude = Math.round((place.longitude - offsetMinutes / 4) * 1000) / 1000;
    longitude = ((((longitude + 180) % 360) + 360) % 360) - 180;
    latitude = Math.round(place.latitude * 1000) / 1000;
  }
  const key = `${countryCode ?? ''}|${place.region ?? ''}|${latitude}|${longitude}|${value}`;
  let reading = compiled.get(key);
  if (!reading) {
    // The library reads the point only when given as text (numbers leave sun times at 06:00 and 18:00).
    const nominatim = {
      lat: String(latitude),
      lon: String(longitude),
      address: { country_code: countryCode ?? '', state: place.region ?? '' },
    } as unknown as nominatim_object;
    try {
      reading = new OpeningHours(value, nominatim, optionalConversionParams);
      if (/\b[PS]H\b/.test(value)) reading.getState(at);
    } catch (err) {
      // The library has no holiday table for this country (or none was given) and refuses to evaluate
      // the value: its holiday rules are left out rather than the laundromat having no hours at all. A
      // value refused for what it says is refused still.
      if (!/\b[PS]H\b/.test(value)) throw err;
      reading = new OpeningHours(withoutHolidayRules(value), nominatim, optionalConversionParams);
    }
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(key, reading);
  }
  return reading;
}

/** The value without its rules that name public (PH) or school (SH) holidays; 'unknown' when none is left. */
function withoutHolidayRules(value: string): string {
  const rules = value
    .split(/;|\|\|/)
    .map((rule) => rule.trim())
    .filter((rule) => rule !== '' && !/\b[PS]H\b/.test(rule));
  return rules.length > 0 ? rules.join('; ') : 'unknown';
}
