import type { Coordinates } from './geo-distance.ts';

/**
 * What the finder tells the geocoder besides the typed text, so a name several places share means the one
 * the person most likely wants: `near`, where the map is, and `region`, the country the browser's language
 * points to ('en-GB' → GB). The region is a preference on the server, never a filter: browsers travel.
 */
export interface PlaceHints {
  near: Coordinates | null;
  region: string | null;
}

/** The first of the browser's languages that names a country ('fr-CA' → CA); null when none does. */
export function browserRegion(languages: readonly string[]): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      // Only countries: 'es-419' (Latin America) names a group of them.
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // A malformed tag names nothing.
    }
  }
  return null;
}

/** The hints as query parameters; `near` to two decimals (about 1 km), so a map nudge keeps the same key. */
export function appendPlaceHints(params: URLSearchParams, hints: PlaceHints): URLSearchParams {
  if (hints.near)
    params.append('near', `${hints.near.latitude.toFixed(2)},${hints.near.longitude.toFixed(2)}`);
  if (hints.region) params.append('region', hints.region);
  return params;
}
