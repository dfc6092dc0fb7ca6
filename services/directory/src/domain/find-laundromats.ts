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
import type { LaundromatFilters, LaundromatRepository, ListedRow, Point } from './laundromat-store.ts';
import { decodePageCursor, encodeCursor, pageOffset } from './page-cursor.ts';
import { listedItemJson } from './laundromat-view.ts';
import { findListedRows } from './open-now-filter.ts';
import { findSearchPlaces, type PlaceLookup } from './search-place.ts';
import { chooseRadius, nearestBeyondCount, radiusStepsFor } from './search-radius.ts';

export type Geocoding = PlaceLookup;

/** Told the ids of the laundromats an answer lists (search appearances for their owners' insights). */
export type ListedIds = (ids: string[]) => void;
const nobody: ListedIds = () => undefined;

/** A listed row's id: its JSON starts with it ('{"id":"<uuid>",…', laundromatSelectList's first column). */
const ID_START = '{"id":"'.length;
export const listedId = (row: ListedRow) => row.json.slice(ID_START, ID_START + 36);

function filtersOf(query: ListLaundromatsQuery | SearchLaundromatsQuery): LaundromatFilters {
  const flags = laundromatBooleanKeys.filter((field: LaundromatBooleanKey) => query[field] === true);
  return {
    flags,
    minRating: query.minRating,
    openNow: query.openNow === true,
    open24Hours: query.open24Hours === true,
    washersFree: query.washersFree === true,
  };
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
  listed: ListedIds,
): Promise<string> {
  const offset = pageOffset(query);
  // One extra row tells whether another page exists without counting the whole match.
  const rows = await findListedRows(repository, {
    ...where,
    filters: filtersOf(query),
    page: { limit: query.limit + 1, offset },
    now,
  });
  const hasMore = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  listed(shown.map(listedId));
  const items = shown.map((row) => listedItemJson(row, now));
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
  listed: ListedIds = nobody,
): Promise<JsonText<LaundromatListResponse>> {
  const origin =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: query.latitude, longitude: query.longitude }
      : undefined;
  const where = { origin, bounds: query.bounds };
  return jsonText(`{${await findPageJson(repository, query, where, now, listed)}}`);
}

/** A page's rows as the JSON text of its fields, with the cursor of the next page (null on the last). */
function pageJson(rows: ListedRow[], now: Date, cursor: string | null, listed: ListedIds): string {
  listed(rows.map(listedId));
  const items = rows.map((row) => listedItemJson(row, now));
  return `"items":[${items.join(',')}],"nextCursor":${JSON.stringify(cursor)}`;
}

/**
 * One page of a search near a place, within a radius that widens in steps (5, 10, 25, 50 km, then the
 * place's own extent) until enough laundromats lie within it; the first page settles the radius and the
 * cursor carries it to the next. With nothing within the widest step, the nearest few are offered instead,
 * with `nothingWithin` set so the page can say so.
 */
async function findNearPlace(
  repository: LaundromatRepository,
  query: SearchLaundromatsQuery,
  origin: GeocodeResult,
  now: Date,
  listed: ListedIds,
): Promise<string> {
  const filters = filtersOf(query);
  const fromCursor = query.cursor === undefined ? undefined : decodePageCursor(query.cursor);
  const offset = fromCursor?.offset ?? query.offset ?? 0;
  let radius = fromCursor?.radiusMeters;
  const pageOf = (rows: ListedRow[], meters: number, nothingWithin: boolean) => {
    const hasMore = !nothingWithin && rows.length > query.limit;
    const cursor = hasMore ? encodeCursor(offset + query.limit, meters) : null;
    const page = pageJson(rows.slice(0, query.limit), now, cursor, listed);
    return `${page},"searchRadius":${JSON.stringify({ meters, nothingWithin })}`;
  };

  if (radius === undefined) {
    const steps = radiusStepsFor(origin);
    const widest = steps[steps.length - 1]!;
    // The nearest page within the widest step, nearest first: its distances choose the radius.
    const first = await findListedRows(repository, {
      origin,
      withinMeters: widest,
      filters,
      page: { limit: query.limit + 1, offset: 0 },
      now,
    });
    if (first.length === 0) {
      const nearest = await findListedRows(repository, {
        origin,
        filters,
        page: { limit: Math.min(query.limit, nearestBeyondCount), offset: 0 },
        now,
      });
      return pageOf(offset === 0 ? nearest : [], widest, true);
    }
    radius = chooseRadius(
      first.map((row) => row.distance ?? 0),
      steps,
    );
    if (offset === 0) {
      const meters = radius;
      return pageOf(
        first.filter((row) => (row.distance ?? 0) <= meters),
        meters,
        false,
      );
    }
  }
  const rows = await findListedRows(repository, {
    origin,
    withinMeters: radius,
    filters,
    page: { limit: query.limit + 1, offset },
    now,
  });
  return pageOf(rows, radius, false);
}

/**
 * A map-area search already carries its point ('Map area (lat, lng)' is a label, not a place), so it is
 * used as it is, nearest first; any other query is a place (coordinates are the point itself, a name is
 * geocoded and its first result taken) and its results stay near it (findNearPlace).
 */
export async function searchLaundromats(
  repository: LaundromatRepository,
  geocoding: Geocoding,
  query: SearchLaundromatsQuery,
  now = new Date(),
  listed: ListedIds = nobody,
): Promise<JsonText<LaundromatSearchResponse>> {
  if (query.searchType === 'map_bounds' && query.latitude !== undefined && query.longitude !== undefined) {
    const location: GeocodeResult = {
      latitude: query.latitude,
      longitude: query.longitude,
      displayName: query.q,
      country: '',
      city: '',
    };
    const page = await findPageJson(repository, query, { origin: location }, now, listed);
    // Same fields in the same order as a LaundromatSearchResponse object: location, items, nextCursor.
    return jsonText(`{"location":${JSON.stringify(location)},${page}}`);
  }
  // The map's centre and the browser's country say which of several places of that name is meant.
  const [location] = await findSearchPlaces(geocoding, query.q, { near: query.near, region: query.region });
  const page = await findNearPlace(repository, query, location!, now, listed);
  return jsonText(`{"location":${JSON.stringify(location)},${page}}`);
}
