import { Converter } from 'opencc-js';
import type { ConverterFunction } from 'opencc-js';
import { MAX_RESULTS } from './place-index.ts';
import type { City, Index } from './place-index.ts';
import { normalizePlaceName } from './place-names.ts';
import { matchesQualifier } from './regions.ts';

/**
 * Matching a written place name against the index and ranking the candidates: exact and alternate names,
 * qualifiers ('Paris, TX', 'London United Kingdom'), country names alone, and name prefixes.
 */

// An alternate name counts as much as a place's own name only for a place 100 times as populous: 'Londres'
// is London before Londres (Argentina), but 'Victoria' stays Victoria (Canada), not Hong Kong, whose old
// name it is, and 'Dili' stays Dili, not Delhi.
const ALTERNATE_NAME_WEIGHT = 0.01;
const HAN = /\p{Script=Han}/u;

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

function byPopulation(idx: Index, ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort(
    (a, b) => (idx.cities[b]?.population ?? 0) - (idx.cities[a]?.population ?? 0),
  );
}

/** The name as written and, when it is Chinese, in Traditional and Simplified characters. */
function spellings(chinese: ChineseScripts, name: string): Set<string> {
  if (!HAN.test(name)) return new Set([name]);
  return new Set([name, chinese.toTraditional(name), chinese.toSimplified(name)]);
}

function lookupName(idx: Index, chinese: ChineseScripts, name: string, qualifiers: string[]): City[] {
  const ids = [...(idx.byName.get(name) ?? [])];
  const alias = NAME_ALIASES[name];
  if (alias) ids.push(...(idx.byName.get(alias) ?? []));
  const weights = new Map<number, number>();
  for (const spelling of spellings(chinese, name)) {
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

export function searchPlaces(idx: Index, chinese: ChineseScripts, query: string): City[] {
  const parts = query.split(',').map(normalizePlaceName).filter(Boolean);
  const [first] = parts;
  if (!first) return [];
  // A country name alone ('Japan', 'Brazil') means the country, not a small town that shares the name.
  const country = idx.countryByName.get(parts.join(' '));
  if (country) return (idx.topByCountry.get(country) ?? []).map((i) => idx.cities[i] as City);
  if (parts.length > 1) {
    const qualified = lookupName(idx, chinese, first, parts.slice(1));
    if (qualified.length) return qualified;
    // 'Washington, D.C.' is one name with a comma in it.
    const whole = lookupName(idx, chinese, parts.join(' '), []);
    if (whole.length) return whole;
  } else {
    const exact = lookupName(idx, chinese, first, []);
    if (exact.length) return exact;
    // 'Paris TX', 'London United Kingdom': a trailing qualifier without a comma.
    const tokens = first.split(' ');
    for (let k = 1; k <= Math.min(3, tokens.length - 1); k += 1) {
      const qualified = lookupName(idx, chinese, tokens.slice(0, -k).join(' '), [tokens.slice(-k).join(' ')]);
      if (qualified.length) return qualified;
    }
  }
  return first.length >= 3 ? lookupPrefix(idx, first) : [];
}
