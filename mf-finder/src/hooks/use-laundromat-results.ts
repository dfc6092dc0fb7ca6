import { useEffect, useState } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { searchMinLength, timing } from '@laundry/contracts';
import type {
  GeocodeResult,
  Laundromat,
  LaundromatListResponse,
  LaundromatSearchResponse,
} from '@laundry/contracts';
import { getJson } from '../api/http-client.ts';
import { isOfflineError, shouldRetryLaundromatQuery } from '../domain/api-errors.ts';
import type { DeviceLocation, FilterSet, MapBounds } from '../domain/filter-query.ts';
import { defaultFilterSet, listLaundromatsQuery, searchLaundromatsQuery } from '../domain/filter-query.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import { readOfflineEntry, writeOfflineEntry, type OfflineCacheKind } from '../offline/offline-cache.ts';

/**
 * Keeps an answer for offline use once the page is idle: serialising and storing 50 laundromats is a long
 * task of its own, and nothing reads the copy until the network fails.
 */
function storeWhenIdle<T>(kind: OfflineCacheKind, data: T, receivedAt: number) {
  const store = () => writeOfflineEntry(window.localStorage, kind, data, receivedAt);
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
  /** More laundromats match than this page holds: the count shown is a lower bound. */
  hasMore: boolean;
}

/** Spec §3/§9: remember the last good answer; offline, fall back to it. */
function withOfflineCache<T>(
  kind: OfflineCacheKind,
  load: () => Promise<{ data: T | null; offlineData: boolean }>,
) {
  return async (): Promise<{ data: T; cached: boolean }> => {
    try {
      const { data, offlineData } = await load();
      // An answer the service worker served from its cache is shown as cached data, and not stored as fresh.
      if (data !== null && offlineData) return { data, cached: true };
      if (data !== null) {
        storeWhenIdle(kind, data, Date.now());
        return { data, cached: false };
      }
    } catch (error) {
      if (!isOfflineError(error) && navigator.onLine) throw error;
      const cached = readOfflineEntry<T>(window.localStorage, kind, Date.now());
      if (cached === null) throw error;
      return { data: cached, cached: true };
    }
    const cached = readOfflineEntry<T>(window.localStorage, kind, Date.now());
    if (cached === null) throw new Error('503: Service Unavailable');
    return { data: cached, cached: true };
  };
}

/** The list near the device or inside the map area: its key, loader, stale time and retries. */
function listQuery({ filters, mapArea, deviceLocation }: Omit<ResultsInput, 'query'>) {
  const queryKey = [
    '/api/laundromats',
    listLaundromatsQuery({
      filters,
      location: mapArea?.center ?? deviceLocation,
      bounds: mapArea?.bounds ?? null,
      isMapAreaSearch: mapArea !== null,
    }),
  ] as const;
  return {
    queryKey,
    queryFn: withOfflineCache('laundromats', () => getJson<LaundromatListResponse>(queryKey)),
    staleTime: timing.listStaleMs,
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
    queryFn: withOfflineCache('searchResults', () => getJson<LaundromatSearchResponse>(searchKey)),
    enabled: isSearch,
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
      hasMore: Boolean(search.data?.data.nextCursor),
    };
  }
  return {
    items: list.data?.data.items ?? noLaundromats,
    location: null,
    isLoading: list.isPending && list.fetchStatus !== 'idle',
    error: list.error,
    isCached: list.data?.cached ?? false,
    hasMore: Boolean(list.data?.data.nextCursor),
  };
}
