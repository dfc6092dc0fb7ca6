import { createRequire } from 'node:module';
import { haversineMeters } from '../../domain/geo.ts';
import type { PlaceHints } from '../../domain/geocoder.ts';
import type { GeocodeResult } from './geocode-result.ts';
import { MAX_RESULTS } from './place-index.ts';
import type { Index } from './place-index.ts';
import { countryName, normalizePlaceName } from './place-names.ts';
import { largestCityNear, nearestCity, SECTION_PARENT_KM } from './reverse-lookup.ts';
import { readWorldPostalCodes } from './world-postal-codes.ts';
import type { PostalPlace, WorldPostalCodes } from './world-postal-codes.ts';

/**
 * Postal codes of the world: US ZIP codes and Canadian prefixes from `zipcodes`, the other countries from
 * the compact index in `world-postal-codes.ts`. The same code exists in many countries ('75001' is Paris
 * and Addison, Texas), so a code is only answered in the country the person names ('75001 France',
 * '10115, DE'), else the one whose town they typed with it ('75001 Paris'), else the country hint
 * (`country`), else the candidates nearest the `near` hint, else every candidate, largest town first.
 */

interface ZipEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

export interface ZipcodesModule {
  lookup(zip: string): ZipEntry | undefined;
}

export interface PostalData {
  zipcodes: ZipcodesModule;
  world: WorldPostalCodes;
}

const US_ZIP_PLUS_FOUR = /^(\d{5})-\d{4}$/;
const NUMERIC_CODE = /^\d{3,6}$/;
// Japanese codes are seven digits, written '100-0001' (or with the 〒 mark), kept as '1000001'.
const JAPANESE_CODE = /^〒?(\d{3})-?(\d{4})$/;
const CANADIAN_PREFIX = /^[a-z]\d[a-z]$/i;
const CANADIAN_SUFFIX = /^\d[a-z]\d$/i;

/** The postal data, loaded on the first call and kept. */
export function lazyPostalCodes(): () => PostalData {
  let data: PostalData | undefined;
  // `zipcodes` is a 5 MB object literal (about a second to parse) and the world index 2.8 MB of text:
  // both wait for the first postal query.
  return () => {
    data ??= {
      zipcodes: createRequire(import.meta.url)('zipcodes') as ZipcodesModule,
      world: readWorldPostalCodes(),
    };
    return data;
  };
}

interface PostalQuery {
  /** The code as looked up: '75001', 'M5V'. */
  code: string;
  /** The code as shown: 'M5V 3L9'. */
  shown: string;
  /** A country the person named, ISO alpha-2. */
  country?: string;
  /** The rest of the text (a town, a state), normalized; empty when none. */
  place: string;
}

function countryNamed(idx: Index, text: string): string | undefined {
  if (/^[a-z]{2}$/.test(text) && idx.topByCountry.has(text.toUpperCase())) return text.toUpperCase();
  return idx.countryByName.get(text);
}

/**
 * Reads '75001', '75001 Paris', 'Paris 75001, France', '10115, DE', 'M5V 3L9', '100-0001'; null when no code
 * is in it.
 */
export function parsePostalQuery(idx: Index, query: string): PostalQuery | null {
  const tokens = query.split(/[\s,]+/).filter(Boolean);
  let found: { at: number; length: number; code: string; shown: string } | undefined;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    const zipPlusFour = US_ZIP_PLUS_FOUR.exec(token);
    let hit: typeof found;
    const japanese = zipPlusFour ? null : JAPANESE_CODE.exec(token);
    if (zipPlusFour) hit = { at: i, length: 1, code: zipPlusFour[1] as string, shown: token };
    else if (japanese) {
      const [, head = '', tail = ''] = japanese;
      hit = { at: i, length: 1, code: `${head}${tail}`, shown: `${head}-${tail}` };
    } else if (NUMERIC_CODE.test(token)) hit = { at: i, length: 1, code: token, shown: token };
    else if (CANADIAN_PREFIX.test(token)) {
      const prefix = token.toUpperCase();
      hit =
        next && CANADIAN_SUFFIX.test(next)
          ? { at: i, length: 2, code: prefix, shown: `${prefix} ${next.toUpperCase()}` }
          : { at: i, length: 1, code: prefix, shown: prefix };
    } else if (/^[a-z]\d[a-z]\d[a-z]\d$/i.test(token)) {
      const upper = token.toUpperCase();
      hit = { at: i, length: 1, code: upper.slice(0, 3), shown: `${upper.slice(0, 3)} ${upper.slice(3)}` };
    }
    if (!hit) continue;
    // Two codes in one text is not a postal query ('100 200').
    if (found) return null;
    found = hit;
    i += hit.length - 1;
  }
  if (!found) return null;
  // The rest, with its commas: 'Paris, France' → ['paris', 'france'].
  const before = tokens.slice(0, found.at).join(' ');
  const after = tokens.slice(found.at + found.length).join(' ');
  const rest = normalizePlaceName(`${before} ${after}`);
  if (!rest) return { code: found.code, shown: found.shown, place: '' };
  const whole = countryNamed(idx, rest);
  if (whole) return { code: found.code, shown: found.shown, country: whole, place: '' };
  // A trailing country of one to three words: 'Paris France', 'Sydney New South Wales Australia' (no).
  const words = rest.split(' ');
  for (let k = Math.min(3, words.length - 1); k >= 1; k -= 1) {
    const country = countryNamed(idx, words.slice(-k).join(' '));
    if (country)
      return { code: found.code, shown: found.shown, country, place: words.slice(0, -k).join(' ') };
  }
  return { code: found.code, shown: found.shown, place: rest };
}

interface Candidate {
  country: string;
  latitude: number;
  longitude: number;
  /** Names the place is known by, normalized, to match a town typed with the code. */
  keys: string[];
  result: GeocodeResult;
}

function usCandidate(idx: Index, data: PostalData, code: string): Candidate | null {
  const entry = data.zipcodes.lookup(code);
  if (!entry || entry.country !== 'US') return null;
  const state = idx.usStateNames[entry.state] ?? entry.state;
  return {
    country: 'US',
    latitude: entry.latitude,
    longitude: entry.longitude,
    keys: [entry.city, state, entry.state].map(normalizePlaceName),
    result: {
      latitude: entry.latitude,
      longitude: entry.longitude,
      displayName: `${entry.city}, ${state} ${entry.zip}, United States`,
      country: countryName('US'),
      city: entry.city,
      state,
    },
  };
}

function canadianCandidate(idx: Index, data: PostalData, code: string, shown: string): Candidate | null {
  const entry = data.zipcodes.lookup(code);
  if (!entry || entry.country !== 'Canada') return null;
  // The data names areas ('Downtown Toronto (CN Tower / …)'); the nearest city reads better.
  const city =
    largestCityNear(idx, entry.latitude, entry.longitude, SECTION_PARENT_KM)?.name ??
    nearestCity(idx, entry.latitude, entry.longitude, 50)?.name ??
    entry.city.replace(/\s*\(.*$/, '');
  return {
    country: 'CA',
    latitude: entry.latitude,
    longitude: entry.longitude,
    keys: [city, entry.city, entry.state].map(normalizePlaceName),
    result: {
      latitude: entry.latitude,
      longitude: entry.longitude,
      displayName: `${shown}, ${city}, ${entry.state}, Canada`,
      country: countryName('CA'),
      city,
      state: entry.state,
    },
  };
}

/** The code as its country writes it: Japan's with its hyphen ('100-0001'). */
function writtenCode(place: PostalPlace): string {
  return place.country === 'JP' ? `${place.code.slice(0, 3)}-${place.code.slice(3)}` : place.code;
}

function worldCandidate(place: PostalPlace): Candidate {
  const city = place.names[0] ?? '';
  const country = countryName(place.country);
  return {
    country: place.country,
    latitude: place.latitude,
    longitude: place.longitude,
    keys: [...place.names, place.region].filter(Boolean).map(normalizePlaceName),
    result: {
      latitude: place.latitude,
      longitude: place.longitude,
      displayName: [writtenCode(place), city, place.region, country].filter(Boolean).join(', '),
      country,
      city,
      ...(place.region ? { state: place.region } : {}),
    },
  };
}

function candidatesFor(idx: Index, data: PostalData, { code, shown }: PostalQuery): Candidate[] {
  if (/^[A-Z]/.test(code)) {
    const canadian = canadianCandidate(idx, data, code, shown);
    return canadian ? [canadian] : [];
  }
  const us = code.length === 5 ? usCandidate(idx, data, code) : null;
  return [...(us ? [us] : []), ...(data.world.get(code) ?? []).map(worldCandidate)];
}

function townSize(idx: Index, candidate: Candidate): number {
  return largestCityNear(idx, candidate.latitude, candidate.longitude, 10)?.population ?? 0;
}

/**
 * The places for a postal code, best first; empty when the code is unknown (or unknown in the country the
 * person named), null when the query is not a postal code or names a town the code does not belong to
 * (it is then searched as a name).
 */
export function postalResult(
  idx: Index,
  postalCodes: () => PostalData,
  query: string,
  hints: PlaceHints = {},
): GeocodeResult[] | null {
  const parsed = parsePostalQuery(idx, query);
  if (!parsed) return null;
  let candidates = candidatesFor(idx, postalCodes(), parsed);
  // A country the person names or hints at is a hard filter: never another country's place.
  const country = parsed.country ?? hints.country;
  if (country) candidates = candidates.filter((c) => c.country === country);
  if (parsed.place) {
    const place = parsed.place;
    const matching = candidates.filter((c) =>
      c.keys.some((key) => key === place || key.startsWith(`${place} `)),
    );
    if (!matching.length) return null;
    candidates = matching;
  }
  if (hints.near) {
    const near = hints.near;
    const km = (c: Candidate) => haversineMeters(near, c) / 1000;
    candidates.sort((a, b) => km(a) - km(b));
    // The nearest candidate's country is the plausible one; the same code abroad is not offered.
    const nearestCountry = candidates[0]?.country;
    candidates = candidates.filter((c) => c.country === nearestCountry);
  } else if (candidates.length > 1) {
    // The browser's country (a preference, not a filter) first, then the largest town.
    const preferred = (c: Candidate) => Number(c.country === hints.region);
    const sizes = new Map(candidates.map((c) => [c, townSize(idx, c)]));
    candidates.sort((a, b) => preferred(b) - preferred(a) || (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0));
  }
  return candidates.slice(0, MAX_RESULTS).map((c) => c.result);
}
