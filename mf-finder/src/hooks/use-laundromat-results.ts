import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { parseCoordinateQuery, searchMinLength, timing } from '@laundry/contracts';
import type {
  GeocodeResult,
  Laundromat,
  LaundromatListResponse,
  LaundromatSearchResponse,
} from '@laundry/contracts';
import { getJson, type ApiResult } from '../api/http-client.ts';
import { isOfflineError, OfflineError, shouldRetryLaundromatQuery } from '../domain/api-errors.ts';
import type { DeviceLocation, FilterSet, MapBounds } from '../domain/filter-query.ts';
import { defaultFilterSet, listLaundromatsQuery, searchLaundromatsQuery } from '../domain/filter-query.ts';
import { firstScreenCentre } from '../domain/first-screen-centre.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import type { PlaceHints } from '../domain/place-hints.ts';
import {
  appendPage,
  mergePages,
  nextPageCursor,
  pageQueryString,
  pagesFor,
  type MorePages,
} from '../domain/result-pages.ts';
import {
  offlineRequestKey,
  readNewestOfflineEntry,
  readOfflineEntry,
  writeOfflineEntry,
  type OfflineCacheKind,
} from '../offline/offline-cache.ts';

/**
 * Keeps an answer for offline use once the page is idle: serialising and storing 50 laundromats is a long
 * task of its own, and nothing reads the copy until the network fails.
 */
function storeWhenIdle<T>(kind: OfflineCacheKind, requestKey: string, data: T, receivedAt: number) {
  const store = () => writeOfflineEntry(window.localStorage, kind, requestKey, data, receivedAt);
  if ('requestIdleCallback' in window) window.requestIdleCallback(store, { timeout: 2000 });
  else setTimeout(store, 0);
}

export interface MapAreaSearch {
  center: Coordinates;
  bounds: MapBounds;
}

export interface ResultsInput {
  query: string;
  filters: FilterSet;
  mapArea: MapAreaSearch | null;
  deviceLocation: DeviceLocation | null;
  /** Sent with a text search: which of several places of that name is meant. */
  hints?: PlaceHints;
}

/** One empty list for every render without results, so the page can tell a new list from the same one. */
const noLaundromats: Laundromat[] = [];

export interface LaundromatResults {
  items: Laundromat[];
  /** The place the server resolved the text to (null for a list, a map area, or a failed search). */
  location: GeocodeResult | null;
  isLoading: boolean;
  error: Error | null;
  /** Results read from the local offline cache or the service worker's cache. */
  isCached: boolean;
  /** When cached results were saved (ms), if known. */
  cachedAt: number | null;
  /** More laundromats match than the pages fetched hold: the count shown is a lower bound. */
  hasMore: boolean;
  /** Fetches the next page and adds it to the items ('Show more'). */
  loadMore: () => void;
  isLoadingMore: boolean;
  /** The last 'Show more' failed (the items fetched so far stay). */
  loadMoreError: Error | null;
  /** How far a search for a place reached, and whether nothing matched that close (null otherwise). */
  searchRadius: LaundromatSearchResponse['searchRadius'] | null;
}

interface Answer<T> {
  data: T;
  cached: boolean;
  cachedAt: number | null;
}

/**
 * Remember each good answer under its request (docs/product.md, Offline); offline, fall back to the one kept
 * for the same request (a list may fall back to the last list seen: it names no place). Offline with nothing
 * kept is the offline error at once (docs/product.md, Errors), never a retry or a paused query.
 */
function withOfflineCache<T>(
  kind: OfflineCacheKind,
  queryString: string,
  load: () => Promise<ApiResult<T | null>>,
) {
  const requestKey = offlineRequestKey(queryString);
  const readCached = (): Answer<T> | null => {
    const now = Date.now();
    const entry =
      readOfflineEntry<T>(window.localStorage, kind, requestKey, now) ??
      (kind === 'laundromats' ? readNewestOfflineEntry<T>(window.localStorage, kind, now) : null);
    return entry && { data: entry.data, cached: true, cachedAt: entry.timestamp };
  };
  return async (): Promise<Answer<T>> => {
    let loaded: ApiResult<T | null>;
    try {
      loaded = await load();
    } catch (error) {
      // Offline, fetch fails at once (no service worker) or the worker answers a 503 flagged offline.
      if (!isOfflineError(error) && navigator.onLine) throw error;
      const cached = readCached();
      if (cached) return cached;
      throw isOfflineError(error) ? error : new OfflineError(Date.now(), null);
    }
    const { data, offlineData, sentAt } = loaded;
    // An answer the service worker served from its cache is shown as cached data, and not stored as fresh.
    if (data !== null && offlineData) {
      const local = readOfflineEntry<T>(window.localStorage, kind, requestKey, Date.now());
      return local
        ? { data: local.data, cached: true, cachedAt: local.timestamp }
        : { data, cached: true, cachedAt: sentAt };
    }
    if (data !== null) {
      storeWhenIdle(kind, requestKey, data, Date.now());
      return { data, cached: false, cachedAt: null };
    }
    const cached = readCached();
    if (cached === null) throw new Error('503: Service Unavailable');
    return cached;
  };
}

/** The list near the device or inside the map area: its key, loader, stale time and retries. */
function listQuery({ filters, mapArea, deviceLocation }: Omit<ResultsInput, 'query'>) {
  const queryKey = [
    '/api/laundromats',
    listLaundromatsQuery({
      filters,
      // Before any search and without the device's position, what is near the region of the browser's time
      // zone, else the map's default centre (docs/product.md, Constants), so the first list and the first
      // map show the same area (issue 15, item 8).
      location: mapArea?.center ?? deviceLocation ?? firstScreenCentre(),
      bounds: mapArea?.bounds ?? null,
      isMapAreaSearch: mapArea !== null,
    }),
  ] as const;
  return {
    queryKey,
    queryFn: withOfflineCache('laundromats', queryKey[1], () => getJson<LaundromatListResponse>(queryKey)),
    staleTime: timing.listStaleMs,
    // Offline the query runs anyway: its cache or the offline message answers, instead of a paused skeleton.
    networkMode: 'always' as const,
    retry: (count: number, error: Error) => shouldRetryLaundromatQuery(count, error),
  };
}

/**
 * Starts the home page's first list (no search, no filters, no position yet) while the page's code is still
 * loading, so the page mounts with the answer on its way or already there.
 */
export function prefetchFirstList(client: QueryClient): void {
  void client.prefetchQuery(listQuery({ filters: defaultFilterSet(), mapArea: null, deviceLocation: null }));
}

/** Location age is sent in whole seconds' steps, so the key does not change on every render. */
function useNow(stepMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}

/**
 * Text longer than 2 characters searches (GET /api/laundromats/search, stale 2 min); otherwise the list
 * (GET /api/laundromats, stale 5 min) near the device or inside the map area. Both retry 3 times, never offline.
 */
export function useLaundromatResults({
  query,
  filters,
  mapArea,
  deviceLocation,
  hints,
}: ResultsInput): LaundromatResults {
  const now = useNow(timing.locationMaxAgeMs);
  const isSearch = query.trim().length >= searchMinLength;

  const searchKey = [
    '/api/laundromats/search',
    searchLaundromatsQuery({
      q: query,
      filters,
      searchLocation: mapArea?.center ?? null,
      isMapAreaSearch: mapArea !== null,
      deviceLocation,
      now,
      hints,
    }),
  ] as const;
  const search = useQuery({
    queryKey: searchKey,
    queryFn: withOfflineCache('searchResults', searchKey[1], () =>
      getJson<LaundromatSearchResponse>(searchKey),
    ),
    // Coordinates out of range are refused with the server's words without asking it (coordinate-search.ts).
    enabled: isSearch && parseCoordinateQuery(query)?.kind !== 'outOfRange',
    networkMode: 'always',
    staleTime: timing.searchStaleMs,
    retry: (count, error) => !/^4\d\d: /.test(error.message) && shouldRetryLaundromatQuery(count, error),
  });

  const listOptions = listQuery({ filters, mapArea, deviceLocation });
  const list = useQuery({ ...listOptions, enabled: !isSearch });
  const first = isSearch ? search : list;
  const more = useMorePages(
    isSearch ? searchKey[0] : listOptions.queryKey[0],
    isSearch ? searchKey[1] : listOptions.queryKey[1],
    first.data?.data.nextCursor ?? null,
  );
  const items = first.data ? mergePages(first.data.data.items, more.pages) : noLaundromats;
  const paging = {
    hasMore: more.nextCursor !== null,
    loadMore: more.loadMore,
    isLoadingMore: more.isLoading,
    loadMoreError: more.error,
  };

  if (isSearch) {
    return {
      items,
      location: mapArea ? null : (search.data?.data.location ?? null),
      isLoading: search.isPending && search.fetchStatus !== 'idle',
      error: search.error,
      isCached: search.data?.cached ?? false,
      cachedAt: search.data?.cachedAt ?? null,
      searchRadius: mapArea ? null : (search.data?.data.searchRadius ?? null),
      ...paging,
    };
  }
  return {
    items,
    location: null,
    isLoading: list.isPending && list.fetchStatus !== 'idle',
    error: list.error,
    isCached: list.data?.cached ?? false,
    cachedAt: list.data?.cachedAt ?? null,
    searchRadius: null,
    ...paging,
  };
}

const morePagesKey = (path: string) => [path, 'more-pages'] as const;

/**
 * The pages after the first of one request, fetched one at a time on 'Show more' with the previous page's
 * nextCursor. They are dropped when the request changes (a new search, filter or area) and when its first
 * page is fetched again, whose cursor they no longer follow. They are kept in the query cache under an
 * /api/ key, never fetched by it, so the live stream updates their badges as it does the first page's.
 */
function useMorePages(path: string, firstQuery: string, firstNextCursor: string | null) {
  const requestKey = `${path}?${firstQuery}#${firstNextCursor ?? ''}`;
  const client = useQueryClient();
  const { data: stored = null } = useQuery<MorePages | null>({
    queryKey: morePagesKey(path),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  const [loading, setLoading] = useState<{ requestKey: string } | null>(null);
  const [failed, setFailed] = useState<{ requestKey: string; error: Error } | null>(null);
  const pages = pagesFor(requestKey, stored);
  const nextCursor = nextPageCursor(firstNextCursor, pages);
  const isLoading = loading?.requestKey === requestKey;
  const current = useRef({ requestKey, nextCursor, isLoading });
  current.current = { requestKey, nextCursor, isLoading };

  const loadMore = useCallback(() => {
    const { requestKey: key, nextCursor: cursor, isLoading: busy } = current.current;
    if (cursor === null || busy) return;
    setLoading({ requestKey: key });
    setFailed(null);
    getJson<LaundromatListResponse>([path, pageQueryString(firstQuery, cursor)])
      .then(({ data }) => {
        if (data === null) throw new Error('503: Service Unavailable');
        client.setQueryData<MorePages | null>(morePagesKey(path), (previous) =>
          appendPage(key, pagesFor(key, previous ?? null), data),
        );
      })
      .catch((error: unknown) => {
        setFailed({ requestKey: key, error: error instanceof Error ? error : new Error(String(error)) });
      })
      .finally(() => setLoading((now) => (now?.requestKey === key ? null : now)));
  }, [path, firstQuery, client]);

  return {
    pages,
    nextCursor,
    isLoading,
    error: failed?.requestKey === requestKey ? failed.error : null,
    loadMore,
  };
}
