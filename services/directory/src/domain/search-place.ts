import { badRequest } from '@laundry/platform/errors';
import {
  coordinateRangeMessages,
  formatCoordinates,
  parseCoordinateQuery,
  type Coordinates,
  type GeocodeResult,
} from '@laundry/contracts';
import type { Geocoder, PlaceHints } from './geocoder.ts';

/** What a search needs of the geocoder: places for a name, and the place at a point. */
export type PlaceLookup = Pick<Geocoder, 'search' | 'reverse'>;

/**
 * The point itself, named by the reverse lookup ('Paris, Île-de-France, France'), or by its coordinates
 * when no place is known there or the lookup fails: the search is from where the person is, not from the
 * centre of the town the point lies in.
 */
export async function placeAtPoint(lookup: PlaceLookup, point: Coordinates): Promise<GeocodeResult> {
  const { latitude, longitude } = point;
  let named: GeocodeResult | null = null;
  try {
    named = await lookup.reverse(latitude, longitude);
  } catch {
    // A reverse lookup that fails answers null (docs/product.md, API calls); the coordinates then name the
    // place.
  }
  if (!named)
    return { latitude, longitude, displayName: formatCoordinates(point), city: null, country: null };
  return {
    latitude,
    longitude,
    displayName: named.displayName,
    city: named.city ?? null,
    country: named.country ?? null,
    state: named.state ?? null,
  };
}

/**
 * The places a search text means, best first: coordinates ('48.8566,2.3522', '33.86°S 151.21°E') are the
 * point itself, anything else is geocoded. Coordinates out of range answer 400 INVALID_COORDINATES.
 */
export async function findSearchPlaces(
  lookup: PlaceLookup,
  text: string,
  hints: PlaceHints = {},
): Promise<GeocodeResult[]> {
  const coordinates = parseCoordinateQuery(text);
  if (coordinates?.kind === 'outOfRange')
    throw badRequest(coordinateRangeMessages[coordinates.field], 'INVALID_COORDINATES');
  if (coordinates?.kind === 'point') return [await placeAtPoint(lookup, coordinates)];
  return lookup.search(text, hints);
}
