import leven from 'leven';
import { Converter } from 'opencc-js';
import type { ConverterFunction } from 'opencc-js';
import { haversineMeters } from '../../domain/geo.ts';
import { MAX_RESULTS } from './place-index.ts';
import type { City, Index } from './place-index.ts';
import { normalizePlaceName } from './place-names.ts';
import { isKnownRegion, matchesQualifier } from './regions.ts';
import type { PlaceHints } from '../../domain/geocoder.ts';

/**
 * Matching a written place name against the index and ranking the candidates: exact and alternate names,
 * qualifiers ('Paris, TX', 'London United Kingdom'), country names alone, and name prefixes.
 */

// An alternate name counts as much as a place's own name only for a place 100 times as populous: 'Londres'
// is London before Londres (Argentina), but 'Victoria' stays Victoria (Canada), not Hong Kong, whose old
// name it is, and 'Dili' stays Dili, not Delhi.
const ALTERNATE_NAME_WEIGHT = 0.01;
// Against small namesakes only (no town of that name reaches SMALL_NAMESAKE people), an English exonym is
// worth more: 'Geneva' is Genève (180,000) before Geneva, Illinois (22,000), 'Hanover' is Hannover before
// Hanover, Pennsylvania; a town that size is the one the name means to few travellers.
const SMALL_NAMESAKE = 100_000;
const EXONYM_WEIGHT = 0.15;
const HAN = /\p{Script=Han}/u;
// A hint is evidence, not a filter. A place in the country the browser points to counts REGION_BOOST
// times its people; one near the map's centre up to NEAR_BOOST_MAX times, falling with the square of the
// distance until NEAR_REACH_KM: with the map on Texas and an American browser, Paris, Texas (25,000 people,
// 150 km away) comes before Paris, France (2.1 million); with the map on Europe, Paris, France stays first
// whatever the browser says.
const REGION_BOOST = 10;
const NEAR_REACH_KM = 1000;
const NEAR_FLOOR_KM = 50;
const NEAR_BOOST_MAX = (NEAR_REACH_KM / NEAR_FLOOR_KM) ** 2;

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

export interface ChineseScripts {
  toTraditional: ConverterFunction;
  toSimplified: ConverterFunction;
}

export function loadChineseScripts(): ChineseScripts {
  // The character dictionaries take about 0.15 s and 25 MB; the Taiwan phrase ones would double that.
  return {
    toTraditional: Converter({ from: 'cn', to: 't' }),
    toSimplified: Converter({ from: 't', to: 'cn' }),
  };
}

/** How much the hints make a place likelier than its population alone says (1 without hints). */
export function hintBoost(city: City, hints: PlaceHints): number {
  let boost = hints.region && city.country === hints.region ? REGION_BOOST : 1;
  if (hints.near) {
    const km = Math.max(NEAR_FLOOR_KM, haversineMeters(hints.near, city) / 1000);
    boost *= Math.min(NEAR_BOOST_MAX, Math.max(1, (NEAR_REACH_KM / km) ** 2));
  }
  return boost;
}

function byPopulation(idx: Index, ids: Iterable<number>, hints: PlaceHints = {}): number[] {
  const rank = (i: number) => {
    const city = idx.cities[i] as City;
    return city.population * hintBoost(city, hints);
  };
  return [...new Set(ids)].sort((a, b) => rank(b) - rank(a));
}

/** The name as written and, when it is Chinese, in Traditional and Simplified characters. */
function spellings(chinese: ChineseScripts, name: string): Set<string> {
  if (!HAN.test(name)) return new Set([name]);
  return new Set([name, chinese.toTraditional(name), chinese.toSimplified(name)]);
}

/** The places a whole name means (own names, aliases, alternate names), each with its rank, best first. */
function rankedNameMatches(
  idx: Index,
  chinese: ChineseScripts,
  name: string,
  qualifiers: string[],
  hints: PlaceHints,
): { city: City; rank: number }[] {
  const ids = [...(idx.byName.get(name) ?? [])];
  const alias = NAME_ALIASES[name];
  if (alias) ids.push(...(idx.byName.get(alias) ?? []));
  const weights = new Map<number, number>();
  const largestNamesake = Math.max(0, ...ids.map((i) => idx.cities[i]?.population ?? 0));
  const alternateWeight = largestNamesake < SMALL_NAMESAKE ? EXONYM_WEIGHT : ALTERNATE_NAME_WEIGHT;
  for (const spelling of spellings(chinese, name)) {
    for (const i of idx.byAlternateName.get(spelling) ?? []) weights.set(i, alternateWeight);
  }
  for (const i of ids) weights.set(i, 1);
  return [...weights]
    .map(([i, weight]) => {
      const city = idx.cities[i] as City;
      return { city, rank: city.population * weight * hintBoost(city, hints) };
    })
    .filter(({ city }) => qualifiers.every((q) => matchesQualifier(idx, city, q)))
    .sort((a, b) => b.rank - a.rank);
}

function lookupName(
  idx: Index,
  chinese: ChineseScripts,
  name: string,
  qualifiers: string[],
  hints: PlaceHints = {},
): City[] {
  return rankedNameMatches(idx, chinese, name, qualifiers, hints)
    .slice(0, MAX_RESULTS)
    .map(({ city }) => city);
}

function lookupPrefix(
  idx: Index,
  prefix: string,
  qualifiers: string[],
  hints: PlaceHints = {},
  limit = MAX_RESULTS,
): City[] {
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
  return byPopulation(idx, ids, hints)
    .map((i) => idx.cities[i] as City)
    .filter((city) => qualifiers.every((q) => matchesQualifier(idx, city, q)))
    .slice(0, limit);
}

/** The asker's country first, when the text names none ('Paris' asked from the US is Paris, Texas). */
function preferCountry(cities: City[], country: string | undefined): City[] {
  if (!country) return cities;
  return [...cities.filter((c) => c.country === country), ...cities.filter((c) => c.country !== country)];
}

/**
 * The text's comma-separated parts in normal form, the first of them, and, when the whole text names a
 * country ('Japan', 'Brazil'), that country's largest cities: a country alone means the country, not a
 * small town that shares the name.
 */
function readQuery(idx: Index, query: string): { parts: string[]; first?: string; countryCities?: City[] } {
  const parts = query.split(',').map(normalizePlaceName).filter(Boolean);
  const [first] = parts;
  if (!first) return { parts };
  const country = idx.countryByName.get(parts.join(' '));
  if (!country) return { parts, first };
  return {
    parts,
    first,
    countryCities: (idx.topByCountry.get(country) ?? []).map((i) => idx.cities[i] as City),
  };
}

export function searchPlaces(
  idx: Index,
  chinese: ChineseScripts,
  query: string,
  hints: PlaceHints = {},
): City[] {
  const { parts, first, countryCities } = readQuery(idx, query);
  if (countryCities) return countryCities;
  if (!first) return [];
  // A country, state or province the person names is a hard filter: 'Paris, Germany' is never Paris, France.
  let required: string[] = [];
  let prefix = first;
  if (parts.length > 1) {
    const qualified = lookupName(idx, chinese, first, parts.slice(1), hints);
    if (qualified.length) return qualified;
    // 'Washington, D.C.' is one name with a comma in it.
    const whole = lookupName(idx, chinese, parts.join(' '), [], hints);
    if (whole.length) return preferCountry(whole, hints.country);
    required = parts.slice(1).filter((q) => isKnownRegion(idx, q));
  } else {
    const exact = lookupName(idx, chinese, first, [], hints);
    if (exact.length) return preferCountry(exact, hints.country);
    // 'Paris TX', 'London United Kingdom': a trailing qualifier without a comma.
    const tokens = first.split(' ');
    for (let k = 1; k <= Math.min(3, tokens.length - 1); k += 1) {
      const qualifier = tokens.slice(-k).join(' ');
      const name = tokens.slice(0, -k).join(' ');
      const qualified = lookupName(idx, chinese, name, [qualifier], hints);
      if (qualified.length) return qualified;
      if (!required.length && isKnownRegion(idx, qualifier)) {
        required = [qualifier];
        prefix = name;
      }
    }
  }
  return prefix.length >= 3 ? preferCountry(lookupPrefix(idx, prefix, required, hints), hints.country) : [];
}

// While typing, a name typed in full counts ten times its people against longer names ('Paris' before
// 'Parisot'), yet a village of the name does not hide a city it begins ('Tok', Alaska, after Tokyo).
const WHOLE_NAME_BOOST = 10;
// Prefix candidates ranked before the hints reorder them and the best few are kept.
const SUGGESTION_CANDIDATES = 50;

/**
 * Places whose name begins with what is typed so far, for suggestions while typing, ranked by people and
 * the hints; all of them, best first (the caller keeps five distinct ones). A country or region after a
 * comma filters as in a search.
 */
export function suggestPlaces(
  idx: Index,
  chinese: ChineseScripts,
  query: string,
  hints: PlaceHints = {},
): City[] {
  const { parts, first, countryCities } = readQuery(idx, query);
  if (countryCities) return countryCities;
  if (!first) return [];
  const qualifiers = parts.slice(1).filter((q) => isKnownRegion(idx, q));
  const ranks = new Map<City, number>();
  for (const { city, rank } of rankedNameMatches(idx, chinese, first, qualifiers, hints))
    ranks.set(city, rank * WHOLE_NAME_BOOST);
  if (first.length >= 2) {
    for (const city of lookupPrefix(idx, first, qualifiers, hints, SUGGESTION_CANDIDATES))
      if (!ranks.has(city)) ranks.set(city, city.population * hintBoost(city, hints));
  }
  const ranked = [...ranks].sort((a, b) => b[1] - a[1]).map(([city]) => city);
  return preferCountry(ranked, hints.country);
}

// How far a misspelling may be from the name it means: a short name one letter, a long one two; below five
// letters almost every misspelling is another real name.
function allowedEdits(length: number): number {
  if (length < 5) return 0;
  return length < 9 ? 1 : 2;
}

/**
 * Places with a name a letter or two from the text ('Pariss', 'Barcelonna', 'Manchestr'), for 'Did you
 * mean …?' when nothing is named so: the closest spellings first, then by people and the hints. Only the
 * place's name is compared (after any comma, a region filters as in a search).
 */
export function closeSpellings(idx: Index, query: string, hints: PlaceHints = {}): City[] {
  const parts = query.split(',').map(normalizePlaceName).filter(Boolean);
  const [name] = parts;
  if (!name) return [];
  const edits = allowedEdits(name.length);
  if (edits === 0) return [];
  const qualifiers = parts.slice(1).filter((q) => isKnownRegion(idx, q));
  const found: { city: City; distance: number; rank: number }[] = [];
  for (const [key, ids] of idx.byName) {
    if (Math.abs(key.length - name.length) > edits) continue;
    const distance = leven(key, name);
    if (distance === 0 || distance > edits) continue;
    for (const i of ids) {
      const city = idx.cities[i] as City;
      if (!qualifiers.every((q) => matchesQualifier(idx, city, q))) continue;
      found.push({ city, distance, rank: city.population * hintBoost(city, hints) });
    }
  }
  found.sort((a, b) => a.distance - b.distance || b.rank - a.rank);
  return found.slice(0, SUGGESTION_CANDIDATES).map(({ city }) => city);
}
