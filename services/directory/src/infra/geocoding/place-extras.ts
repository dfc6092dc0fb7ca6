import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * The districts, landmarks and stations that `npm run place-extras -w scripts` writes
 * (data/places.tsv.gz): the quarters of large cities GeoNames knows but the city list lacks ('Shibuya',
 * 'Trastevere'), and a hand-made list of the best-known landmarks and stations ('Eiffel Tower',
 * 'Gare du Nord'). About 5,000 places, each with the city it belongs to.
 */

export type ExtraKind = 'district' | 'landmark' | 'station';

export interface ExtraPlace {
  kind: ExtraKind;
  /** ISO 3166 alpha-2. */
  country: string;
  /** GeoNames admin1 code ('NY', 'ENG'); may be empty. */
  admin: string;
  name: string;
  /** Other names it is known by ('Tour Eiffel'). */
  alternates: string[];
  /** The city it belongs to, and that city's people. */
  parent: string;
  parentPopulation: number;
  latitude: number;
  longitude: number;
}

const DATA_FILE = new URL('../../../data/places.tsv.gz', import.meta.url);
const KINDS = new Set<string>(['district', 'landmark', 'station']);

export function readExtraPlaces(file: URL = DATA_FILE): ExtraPlace[] {
  if (!existsSync(file)) return [];
  const places: ExtraPlace[] = [];
  for (const line of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
    const [
      kind = '',
      country = '',
      admin = '',
      name = '',
      alternates = '',
      parent = '',
      people = '',
      lat = '',
      lon = '',
    ] = line.split('\t');
    if (!KINDS.has(kind) || !name) continue;
    places.push({
      kind: kind as ExtraKind,
      country,
      admin,
      name,
      alternates: alternates ? alternates.split('|') : [],
      parent,
      parentPopulation: Number(people),
      latitude: Number(lat),
      longitude: Number(lon),
    });
  }
  return places;
}
