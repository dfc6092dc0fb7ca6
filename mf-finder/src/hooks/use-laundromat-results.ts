import { useEffect, useState } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { mapDefaults, parseCoordinateQuery, searchMinLength, timing } from '@laundry/contracts';
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
import type { Coordinates } from '../domain/geo-distance.ts';
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
  /** More laundromats match than this page holds: the count shown is a lower bound. */
  hasMore: boolean;
  /** How far a search for a place reached, and whether nothing matched that close (null otherwise). */
  searchRadius: LaundromatSearchResponse['searchRadius'] | null;
}

interface Answer<T> {
  data: T;
  cached: boolean;
  cachedAt: number | null;
}

/**
 * Spec §3/§9: remember each good answer under its request; offline, fall back to the one kept for the same
 * request (a list may fall back to the last list seen: it names no place). Offline with nothing kept is the
 * spec §8 offline error at once, never a retry or a paused query.
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

const defaultCentre = { latitude: mapDefaults.latitude, longitude: mapDefaults.longitude };

/** The list near the device or inside the map area: its key, loader, stale time and retries. */
function listQuery({ filters, mapArea, deviceLocation }: Omit<ResultsInput, 'query'>) {
  const queryKey = [
    '/api/laundromats',
    listLaundromatsQuery({
      filters,
      // Before any search and without the device's position, what is near the map's default centre (spec
      // §9), so the first list and the first map show the same area (issue 15, item 8).
      location: mapArea?.center ?? deviceLocation ?? defaultCentre,
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

  const list = useQuery({ ...listQuery({ filters, mapArea, deviceLocation }), enabled: !isSearch });

  if (isSearch) {
    return {
      items: search.data?.data.items ?? noLaundromats,
      location: mapArea ? null : (search.data?.data.location ?? null),
      isLoading: search.isPending && search.fetchStatus !== 'idle',
      error: search.error,
      isCached: search.data?.cached ?? false,
      cachedAt: search.data?.cachedAt ?? null,
      hasMore: Boolean(search.data?.data.nextCursor),
      searchRadius: mapArea ? null : (search.data?.data.searchRadius ?? null),
    };
  }
  return {
    items: list.data?.data.items ?? noLaundromats,
    location: null,
    isLoading: list.isPending && list.fetchStatus !== 'idle',
    error: list.error,
    isCached: list.data?.cached ?? false,
    cachedAt: list.data?.cachedAt ?? null,
    hasMore: Boolean(list.data?.data.nextCursor),
    searchRadius: null,
  };
}
