import { createRequire } from 'node:module';
import type { GeocodeResult } from './geocode-result.ts';
import type { Index } from './place-index.ts';
import { countryName } from './place-names.ts';
import { largestCityNear, nearestCity, SECTION_PARENT_KM } from './reverse-lookup.ts';

/** US ZIP codes and Canadian postal prefixes, from `zipcodes`. */

interface PostalEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

export interface ZipcodesModule {
  lookup(zip: string): PostalEntry | undefined;
}

const US_ZIP = /^(\d{5})(?:-\d{4})?$/;
const CANADIAN_POSTAL = /^([A-Za-z]\d[A-Za-z])(?:\s*(\d[A-Za-z]\d))?$/;

/** The postal data, loaded on the first call and kept. */
export function lazyPostalCodes(): () => ZipcodesModule {
  let zipcodes: ZipcodesModule | undefined;
  // The postal data is a 5 MB object literal that takes about a second to parse: only on the first postal query.
  return () => {
    zipcodes ??= createRequire(import.meta.url)('zipcodes') as ZipcodesModule;
    return zipcodes;
  };
}

/** The place for a postal code; empty for an unknown code, null when the query is not a postal code. */
export function postalResult(
  idx: Index,
  postalCodes: () => ZipcodesModule,
  query: string,
): GeocodeResult[] | null {
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
