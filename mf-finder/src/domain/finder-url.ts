import { booleanFilterKeys, defaultFilterSet, type FilterSet, type MapBounds } from './filter-query.ts';
import type { Coordinates } from './geo-distance.ts';
import { defaultSortDirection, sortModes, type SortDirection, type SortMode } from './sorting.ts';

/**
 * The home page's search as it lives in the address bar, so every search and every laundromat is a link:
 * `/?q=London&filters=acceptsCard,hasWifi&rating=4&sort=rating&dir=asc&l=<id>`, or for a map area
 * `/?area=51.50740,-0.12780,13.00&box=-0.2,51.4,0,51.6`. Anything unreadable is left out, never an error:
 * a link typed or cut short still opens the finder.
 */
export interface FinderUrlState {
  /** The place searched (the settled text), '' for none. */
  query: string;
  /** A map-area search: its centre, the zoom it was made at and the box it covers. */
  area: { center: Coordinates; zoom: number; bounds: MapBounds } | null;
  filters: FilterSet;
  sort: { mode: SortMode; direction: SortDirection };
  /** The laundromat whose detail is open. */
  laundromatId: string | null;
}

export const finderUrlKeys = {
  query: 'q',
  area: 'area',
  box: 'box',
  filters: 'filters',
  rating: 'rating',
  sort: 'sort',
  direction: 'dir',
  laundromat: 'l',
} as const;

const directionWords: Record<SortDirection, string> = { lowToHigh: 'asc', highToLow: 'desc' };

/** Numbers separated by commas, all finite, exactly `count` of them; else null. */
function numbers(value: string | null, count: number): number[] | null {
  if (value === null) return null;
  const parts = value.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  return parts.length === count && parts.every(Number.isFinite) ? parts : null;
}

const isLatitude = (value: number) => value >= -90 && value <= 90;
/** A map panned across the world's copies reports longitudes beyond ±180; the API wraps them (bounds.ts). */
const isLongitude = (value: number) => value >= -540 && value <= 540;
/**
 * A longitude brought into [-180, 180]. Written here rather than taken from the contracts' bounds.ts, whose
 * zod schema would come with it into the page's first scripts.
 */
const wrapLongitude = (value: number) => ((((value + 180) % 360) + 360) % 360) - 180;

function readArea(params: URLSearchParams): FinderUrlState['area'] {
  const centre = numbers(params.get(finderUrlKeys.area), 3);
  const box = numbers(params.get(finderUrlKeys.box), 4);
  if (!centre || !box) return null;
  const [latitude, longitude, zoom] = centre as [number, number, number];
  const [west, south, east, north] = box as [number, number, number, number];
  if (!isLatitude(latitude) || !isLongitude(longitude) || zoom < 0 || zoom > 24) return null;
  if (!isLatitude(south) || !isLatitude(north) || south > north) return null;
  if (!isLongitude(west) || !isLongitude(east)) return null;
  return {
    center: { latitude, longitude: Math.abs(longitude) <= 180 ? longitude : wrapLongitude(longitude) },
    zoom,
    bounds: { north, south, east, west },
  };
}

function readFilters(params: URLSearchParams): FilterSet {
  const filters = defaultFilterSet();
  const named = new Set((params.get(finderUrlKeys.filters) ?? '').split(','));
  for (const key of booleanFilterKeys) if (named.has(key)) filters[key] = true;
  const rating = Number(params.get(finderUrlKeys.rating));
  if (Number.isFinite(rating) && rating > 0 && rating <= 5) filters.minRating = rating;
  return filters;
}

function readSort(params: URLSearchParams): FinderUrlState['sort'] {
  const named = params.get(finderUrlKeys.sort);
  const mode = sortModes.find((candidate) => candidate === named) ?? 'distance';
  const word = params.get(finderUrlKeys.direction);
  const direction =
    (Object.keys(directionWords) as SortDirection[]).find((d) => directionWords[d] === word) ??
    defaultSortDirection[mode];
  return { mode, direction };
}

export function readFinderUrl(params: URLSearchParams): FinderUrlState {
  const area = readArea(params);
  const laundromatId = params.get(finderUrlKeys.laundromat)?.trim() ?? '';
  return {
    // A map area is the search: a query beside it would be a second, contradicting one.
    query: area ? '' : (params.get(finderUrlKeys.query)?.trim() ?? ''),
    area,
    filters: readFilters(params),
    sort: readSort(params),
    laundromatId: laundromatId === '' ? null : laundromatId,
  };
}

const fixed = (value: number, digits: number) => String(Number(value.toFixed(digits)));

/**
 * The search params for a state, with defaults left out so a plain search stays a short link. Params the
 * finder does not own (another page's, a campaign tag) are kept as they were.
 */
export function writeFinderUrl(state: FinderUrlState, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of Object.values(finderUrlKeys)) params.delete(key);
  if (state.area) {
    const { center, zoom, bounds } = state.area;
    params.set(
      finderUrlKeys.area,
      [fixed(center.latitude, 5), fixed(center.longitude, 5), fixed(zoom, 2)].join(','),
    );
    params.set(
      finderUrlKeys.box,
      [bounds.west, bounds.south, bounds.east, bounds.north].map((value) => fixed(value, 5)).join(','),
    );
  } else if (state.query !== '') {
    params.set(finderUrlKeys.query, state.query);
  }
  const on = booleanFilterKeys.filter((key) => state.filters[key] === true);
  if (on.length > 0) params.set(finderUrlKeys.filters, on.join(','));
  if (state.filters.minRating > 0) params.set(finderUrlKeys.rating, String(state.filters.minRating));
  if (state.sort.mode !== 'distance') params.set(finderUrlKeys.sort, state.sort.mode);
  if (state.sort.direction !== defaultSortDirection[state.sort.mode])
    params.set(finderUrlKeys.direction, directionWords[state.sort.direction]);
  if (state.laundromatId) params.set(finderUrlKeys.laundromat, state.laundromatId);
  return params;
}

/** Whether going from one state to the next is a new search (a history entry) rather than a change to it. */
export function isNewSearch(from: FinderUrlState, to: FinderUrlState): boolean {
  if (to.area) return from.area === null;
  if (to.query === '' || to.query === from.query) return false;
  // Text still being typed or corrected ('Lon' then 'London') refines the same search.
  const a = from.query.toLowerCase();
  const b = to.query.toLowerCase();
  return a === '' || from.area !== null || !(a.startsWith(b) || b.startsWith(a));
}
