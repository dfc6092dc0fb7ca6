import { laundromatBooleanKeys, quickFilterKeys } from '@laundry/contracts';
import type { LaundromatBooleanKey } from '@laundry/contracts';
import type { Coordinates } from './geo-distance.ts';
import { appendPlaceHints, type PlaceHints } from './place-hints.ts';

/** The hours chips ('Open now', 'Open 24 hours'): the server decides both in each laundromat's own zone. */
export const hoursFilterKeys = ['openNow', 'open24Hours'] as const;
export type HoursFilterKey = (typeof hoursFilterKeys)[number];

/** 'Washers free now': the server reads the directory's live summary (the availability service's). */
export const liveFilterKeys = ['washersFree'] as const;
export type LiveFilterKey = (typeof liveFilterKeys)[number];

/** Every on/off filter the finder sends and keeps in its address: the hours ones, then the amenities. */
export const booleanFilterKeys: readonly (HoursFilterKey | LaundromatBooleanKey | LiveFilterKey)[] = [
  ...hoursFilterKeys,
  ...laundromatBooleanKeys,
  ...liveFilterKeys,
];

/**
 * The filter set (docs/product.md, Data): the quick chips (false by default), any other amenity boolean the
 * panel sets, the hours chips, minRating.
 */
export type FilterSet = Partial<Record<LaundromatBooleanKey | HoursFilterKey | LiveFilterKey, boolean>> & {
  minRating: number;
};

export function defaultFilterSet(): FilterSet {
  const filters: FilterSet = { minRating: 0 };
  for (const key of quickFilterKeys) filters[key] = false;
  return filters;
}

export function activeFilterCount(filters: FilterSet): number {
  const booleans = booleanFilterKeys.filter((key) => filters[key] === true).length;
  return booleans + (filters.minRating > 0 ? 1 : 0);
}

/** docs/product.md, Validation: a boolean is sent only when true (as 'true'), minRating only above 0. */
export function appendFilterParams(params: URLSearchParams, filters: FilterSet): URLSearchParams {
  for (const key of booleanFilterKeys) if (filters[key] === true) params.append(key, 'true');
  if (Number.isFinite(filters.minRating) && filters.minRating > 0)
    params.append('minRating', String(filters.minRating));
  return params;
}

export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface ListQueryInput {
  filters: FilterSet;
  /** The search location, else the device location. */
  location?: Coordinates | null;
  /** Sent only after a map-area search. */
  bounds?: MapBounds | null;
  isMapAreaSearch?: boolean;
}

/** Query string of GET /api/laundromats (docs/product.md, API calls), without the leading '?'. */
export function listLaundromatsQuery(input: ListQueryInput): string {
  const params = new URLSearchParams();
  if (input.location) {
    params.append('latitude', String(input.location.latitude));
    params.append('longitude', String(input.location.longitude));
  }
  if (input.isMapAreaSearch && input.bounds) {
    const { north, south, east, west } = input.bounds;
    params.append('bounds', JSON.stringify({ north, south, east, west }));
  }
  return appendFilterParams(params, input.filters).toString();
}

export interface DeviceLocation extends Coordinates {
  accuracy: number;
  /** When the position was taken (ms since epoch). */
  timestamp: number;
}

export interface SearchQueryInput {
  q: string;
  filters: FilterSet;
  /** The geocoded place or the map area; its coordinates are sent with searchType. */
  searchLocation?: Coordinates | null;
  isMapAreaSearch?: boolean;
  deviceLocation?: DeviceLocation | null;
  now: number;
  /** Which place of a name is meant: where the map is and the browser's country (place-hints.ts). */
  hints?: PlaceHints;
}

/**
 * Query string of GET /api/laundromats/search (docs/product.md, API calls): q; latitude/longitude of the
 * search location, else of the device; searchType ('map_bounds' after a map move, else 'location') only with
 * a search location; locationAge (ms) and locationAccuracy (m) whenever the device location is known.
 */
export function searchLaundromatsQuery(input: SearchQueryInput): string {
  const params = new URLSearchParams({ q: input.q.trim() });
  const point = input.searchLocation ?? input.deviceLocation;
  if (point) {
    params.append('latitude', String(point.latitude));
    params.append('longitude', String(point.longitude));
  }
  if (input.searchLocation) params.append('searchType', input.isMapAreaSearch ? 'map_bounds' : 'location');
  if (input.deviceLocation) {
    params.append('locationAge', String(Math.max(0, Math.round(input.now - input.deviceLocation.timestamp))));
    params.append('locationAccuracy', String(Math.round(input.deviceLocation.accuracy)));
  }
  if (input.hints) appendPlaceHints(params, input.hints);
  return appendFilterParams(params, input.filters).toString();
}

/**
 * The default fetcher's URL for a query key (docs/product.md, API calls): the first element is the path; a
 * second element not starting with '/' is its query string (a leading '?' is dropped; an empty one adds
 * nothing); otherwise the elements are joined with single slashes.
 */
export function queryKeyToUrl(key: readonly unknown[]): string {
  const [path, second] = key;
  if (typeof path !== 'string') throw new TypeError('A query key starts with the API path');
  if (typeof second === 'string' && !second.startsWith('/')) {
    const query = second.replace(/^\?/, '');
    return query === '' ? path : `${path}?${query}`;
  }
  return key
    .map(String)
    .map((part, i) => (i === 0 ? part.replace(/\/+$/, '') : part.replace(/^\/+|\/+$/g, '')))
    .filter((part, i) => i === 0 || part !== '')
    .join('/');
}
