import {
  jsonText,
  laundromatBooleanKeys,
  type GeocodeResult,
  type JsonText,
  type LaundromatBooleanKey,
  type LaundromatListResponse,
  type LaundromatSearchResponse,
  type ListLaundromatsQuery,
  type SearchLaundromatsQuery,
} from '@laundry/contracts';
import type { LaundromatFilters, LaundromatRepository, Point } from './laundromat-store.ts';
import { encodeCursor, pageOffset } from './page-cursor.ts';
import { listedItemJson } from './laundromat-view.ts';

export interface Geocoding {
  search(q: string): Promise<GeocodeResult[]>;
}

function filtersOf(query: ListLaundromatsQuery | SearchLaundromatsQuery): LaundromatFilters {
  const flags = laundromatBooleanKeys.filter((field: LaundromatBooleanKey) => query[field] === true);
  return { flags, minRating: query.minRating, openNow: query.openNow === true };
}

/**
 * One page of listed laundromats as the JSON text of a LaundromatListResponse's fields ('"items":[…],
 * "nextCursor":…'), built from the JSON PostgreSQL writes per row rather than from parsed objects.
 */
async function findPageJson(
  repository: LaundromatRepository,
  query: ListLaundromatsQuery | SearchLaundromatsQuery,
  where: { origin?: Point; bounds?: ListLaundromatsQuery['bounds'] },
  now: Date,
): Promise<string> {
  const offset = pageOffset(query);
  // One extra row tells whether another page exists without counting the whole match.
  const rows = await repository.findListed({
    ...where,
    filters: filtersOf(query),
    page: { limit: query.limit + 1, offset },
    now,
  });
  const hasMore = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map((row) => listedItemJson(row, now));
  const nextCursor: LaundromatListResponse['nextCursor'] = hasMore
    ? encodeCursor(offset + query.limit)
    : null;
  return `"items":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}`;
}

/** The answer of GET /api/laundromats, a LaundromatListResponse, as JSON text (ADR 0007 says why). */
export async function listLaundromats(
  repository: LaundromatRepository,
  query: ListLaundromatsQuery,
  now = new Date(),
): Promise<JsonText<LaundromatListResponse>> {
  const origin =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: query.latitude, longitude: query.longitude }
      : undefined;
  return jsonText(`{${await findPageJson(repository, query, { origin, bounds: query.bounds }, now)}}`);
}

/**
 * A map-area search already carries its point ('Map area (lat, lng)' is a label, not a place), so it is
 * used as it is; any other query is geocoded and the first result becomes the search location.
 */
export async function searchLaundromats(
  repository: LaundromatRepository,
  geocoding: Geocoding,
  query: SearchLaundromatsQuery,
  now = new Date(),
): Promise<JsonText<LaundromatSearchResponse>> {
  let location: GeocodeResult;
  if (query.searchType === 'map_bounds' && query.latitude !== undefined && query.longitude !== undefined) {
    location = {
      latitude: query.latitude,
      longitude: query.longitude,
      displayName: query.q,
      country: '',
      city: '',
    };
  } else {
    const [first] = await geocoding.search(query.q);
    location = first!;
  }
  const page = await findPageJson(repository, query, { origin: location }, now);
  // Same fields in the same order as a LaundromatSearchResponse object: location, items, nextCursor.
  return jsonText(`{"location":${JSON.stringify(location)},${page}}`);
}
