import { createRequire } from 'node:module';
import { readCityRecords } from './city-records.ts';
import type { CityRecord } from './city-records.ts';
import { NameTable } from './name-table.ts';
import { readExtraPlaces } from './place-extras.ts';
import { localizedCountryName, normalizePlaceName, titleCase } from './place-names.ts';

/**
 * The in-memory index of GeoNames cities (the generated data/cities.tsv.gz of `city-records.ts`), by name,
 * alternate name, one-degree cell and country, built once on first use; with the districts, landmarks and
 * stations of `place-extras.ts`, found by name only.
 */

interface ZipcodesStates {
  abbr: Record<string, string>;
}

/** What a place is: a city (or town, village), a district of one, a landmark or a station. */
export type PlaceKind = 'city' | 'district' | 'landmark' | 'station';

export interface City {
  name: string;
  country: string;
  admin: string;
  population: number;
  latitude: number;
  longitude: number;
  isCapital: boolean;
  /** GeoNames PPLX: a district of a larger city ('Lambeth', 'Gramercy Park'); and every place not a city. */
  isSection: boolean;
  kind: PlaceKind;
  /** The city a district, landmark or station of `place-extras.ts` belongs to ('Paris' for 'Gare du Nord'). */
  parent?: string;
}

export interface Index {
  cities: City[];
  byName: Map<string, number[]>;
  /** Alternate names (other languages, scripts, old names) that are not also the place's own name. */
  byAlternateName: NameTable;
  sortedNames: string[];
  byCell: Map<number, number[]>;
  topByCountry: Map<string, number[]>;
  countryByName: Map<string, string>;
  usStateNames: Record<string, string>;
}

export const MAX_RESULTS = 5;
// Country names are also understood in the product's languages ('Paris, Francia', '东京, 日本').
const COUNTRY_NAME_LANGUAGES = ['en', 'es', 'fr', 'zh', 'zh-Hant', 'hi'];

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

export const cellKey = (latCell: number, lonCell: number) =>
  (latCell + 90) * 360 + (((lonCell % 360) + 540) % 360);

/**
 * A district, landmark or station counts as this many people: fewer than any city of the list (1,000 or
 * more), so a city of the same name comes first, more for a place of a bigger city (Tokyo's 'Shibuya',
 * 837, before a namesake quarter of a smaller one), yet more than a hamlet of no recorded people ('Soho',
 * London before Soho, Indonesia).
 */
export function extraPlaceRank(parentPopulation: number): number {
  return Math.max(1, Math.min(999, Math.round(parentPopulation / 10_000)));
}

export interface BuildOptions {
  /** Whether the districts, landmarks and stations are added (the build scripts want the cities alone). */
  extras?: boolean;
  /** Where the cities come from: the generated file, or (to compare the two) the data packages themselves. */
  readCities?: (onCity: (city: CityRecord) => void) => void;
}

export function buildIndex({ extras = true, readCities = readCityRecords }: BuildOptions = {}): Index {
  const require = createRequire(import.meta.url);
  const states = require('zipcodes/lib/states.js') as ZipcodesStates;

  const cities: City[] = [];
  const byName = new Map<string, number[]>();
  // Names in other languages and scripts: the file holds each city's once, none of them its own names.
  const alternates = new Map<string, number[]>();
  const byCell = new Map<number, number[]>();
  const perCountry = new Map<string, number[]>();
  const addName = (name: string, id: number) => {
    if (!name) return;
    const ids = byName.get(name);
    if (!ids) byName.set(name, [id]);
    else if (!ids.includes(id)) ids.push(id);
  };

  readCities((item) => {
    const { latitude, longitude } = item;
    const city: City = {
      name: item.name,
      country: item.country,
      admin: item.adminCode,
      population: item.population,
      latitude,
      longitude,
      isCapital: item.featureCode === 'PPLC',
      isSection: item.featureCode === 'PPLX',
      kind: item.featureCode === 'PPLX' ? 'district' : 'city',
    };
    const id = cities.push(city) - 1;
    const key = normalizePlaceName(city.name);
    addName(key, id);
    if (key.endsWith(' city')) addName(key.slice(0, -' city'.length), id);
    for (const name of item.otherNames) addName(name, id);
    for (const name of item.alternateNames) {
      const ids = alternates.get(name);
      if (ids) ids.push(id);
      else alternates.set(name, [id]);
    }
    const cell = cellKey(Math.floor(latitude), Math.floor(longitude));
    const inCell = byCell.get(cell);
    if (inCell) inCell.push(id);
    else byCell.set(cell, [id]);
    const inCountry = perCountry.get(city.country);
    if (inCountry) inCountry.push(id);
    else perCountry.set(city.country, [id]);
  });

  // Districts, landmarks and stations: by name (and their other names) only, so a point is still named
  // by its city, and a country's largest places stay its cities.
  for (const place of extras ? readExtraPlaces() : []) {
    const id =
      cities.push({
        name: place.name,
        country: place.country,
        admin: place.admin,
        population: extraPlaceRank(place.parentPopulation),
        latitude: place.latitude,
        longitude: place.longitude,
        isCapital: false,
        isSection: true,
        kind: place.kind,
        parent: place.parent,
      }) - 1;
    for (const name of [place.name, ...place.alternates]) addName(normalizePlaceName(name), id);
  }

  const population = (id: number) => cities[id]?.population ?? 0;
  for (const ids of byName.values()) ids.sort((a, b) => population(b) - population(a));
  const byAlternateName = new NameTable(alternates);

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
