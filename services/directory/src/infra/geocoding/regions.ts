import type { GeocodeResult } from './geocode-result.ts';
import type { City, Index } from './place-index.ts';
import { countryName, normalizePlaceName } from './place-names.ts';

/** The state, province or nation a city is written with, and matched by in 'Paris, TX'. */

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

function stateOf(idx: Index, city: City): string | undefined {
  if (city.country === 'US') return idx.usStateNames[city.admin];
  if (city.country === 'CA') return CANADIAN_PROVINCES[city.admin]?.[1];
  if (city.country === 'GB') return UK_NATIONS[city.admin];
  return undefined;
}

/**
 * A place as answered: a city by its name; a district, landmark or station with the city it belongs to
 * ('Gare du Nord, Paris, France', whose city is Paris) and its kind.
 */
export function cityResult(idx: Index, city: City): GeocodeResult {
  const country = countryName(city.country);
  const state = stateOf(idx, city);
  return {
    latitude: city.latitude,
    longitude: city.longitude,
    displayName: [city.name, city.parent, state, country].filter(Boolean).join(', '),
    country,
    city: city.parent ?? city.name,
    ...(state ? { state } : {}),
    ...(city.kind === 'city' ? {} : { kind: city.kind }),
  };
}

export function matchesQualifier(idx: Index, city: City, qualifier: string): boolean {
  if (qualifier === city.country.toLowerCase()) return true;
  // 'Gare du Nord, Paris', 'Shibuya Tokyo': a district, landmark or station qualified by its city.
  if (city.parent && qualifier === normalizePlaceName(city.parent)) return true;
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
      !!province && (qualifier === province[0].toLowerCase() || qualifier === normalizePlaceName(province[1]))
    );
  }
  if (city.country === 'GB') {
    const nation = UK_NATIONS[city.admin];
    return !!nation && qualifier === normalizePlaceName(nation);
  }
  return false;
}

/** Whether a qualifier names a country, US state, Canadian province or UK nation we know ('texas', 'uk'). */
export function isKnownRegion(idx: Index, qualifier: string): boolean {
  if (idx.countryByName.has(qualifier)) return true;
  if (/^[a-z]{2}$/.test(qualifier) && idx.topByCountry.has(qualifier.toUpperCase())) return true;
  const upper = qualifier.toUpperCase();
  if (idx.usStateNames[upper]) return true;
  if (Object.values(idx.usStateNames).some((name) => normalizePlaceName(name) === qualifier)) return true;
  if (
    Object.values(CANADIAN_PROVINCES).some(
      ([abbr, name]) => abbr === upper || normalizePlaceName(name) === qualifier,
    )
  )
    return true;
  return Object.values(UK_NATIONS).some((name) => normalizePlaceName(name) === qualifier);
}
