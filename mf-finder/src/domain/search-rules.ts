import { distances, searchMinLength, timing } from '@laundry/contracts';
import { distanceMeters } from './geo-distance.ts';
import type { Coordinates } from './geo-distance.ts';
import type { I18nText } from './i18n-text.ts';

export type SearchTextDecision =
  /** Geocode `query` once the text has rested for `delayMs` (and it differs from the last query). */
  | { action: 'geocode'; query: string; delayMs: number }
  /** Shorter or empty text: clear the search location, the error and the last query. */
  | { action: 'clear' };

/**
 * Text longer than 2 characters after trimming, after a 1000 ms pause, is geocoded
 * (docs/product.md, Behaviour).
 */
export function searchTextDecision(text: string): SearchTextDecision {
  const query = text.trim();
  return query.length >= searchMinLength
    ? { action: 'geocode', query, delayMs: timing.searchDebounceMs }
    : { action: 'clear' };
}

/** True once the text has rested for the search pause; typing again restarts it. */
export function isSearchPauseOver(lastTypedAt: number, now: number): boolean {
  return now - lastTypedAt >= timing.searchDebounceMs;
}

/** The same query as last time is not geocoded again. */
export function isNewQuery(query: string, lastQuery: string | null): boolean {
  return query.trim() !== (lastQuery ?? '').trim();
}

export const mapAreaLabelKey = 'finder:search.mapArea';

/** 'Map area (lat, lng)' with 4 decimals, the search location a map move sets. */
export function mapAreaLabel(center: Coordinates): I18nText {
  return {
    key: mapAreaLabelKey,
    values: { lat: center.latitude.toFixed(4), lng: center.longitude.toFixed(4) },
  };
}

/** A map move searches only when the centre moved at least 200 m from the last searched centre (or none yet). */
export function isMapMoveFarEnough(lastSearchedCenter: Coordinates | null, center: Coordinates): boolean {
  if (!lastSearchedCenter) return true;
  const moved = distanceMeters(lastSearchedCenter, center);
  return moved !== null && moved >= distances.mapMoveMinimumM;
}

/** The map must rest 800 ms after its last move before it searches. */
export function isMapMoveSettled(lastMoveAt: number, now: number): boolean {
  return now - lastMoveAt >= timing.mapMoveDebounceMs;
}

/** The 'searching' flag of a map-area search shows for 300 ms. */
export function isMapSearchingFlagOn(searchStartedAt: number | null, now: number): boolean {
  return searchStartedAt !== null && now - searchStartedAt < timing.mapSearchingFlagMs;
}

/** Centre and bounds are reported to the page at most once per second. */
export function isBoundsReportDue(lastReportAt: number | null, now: number): boolean {
  return lastReportAt === null || now - lastReportAt >= timing.boundsReportThrottleMs;
}

/** The sidebar tracker is coarser (100 m) than the page's and the map's (50 m); the map refreshes every 60 s. */
export type LocationTracker = 'page' | 'sidebar' | 'map';

export function movementThresholdMeters(tracker: LocationTracker): number {
  return tracker === 'sidebar' ? distances.sidebarMovementThresholdM : distances.movementThresholdM;
}

export function refreshIntervalMs(tracker: LocationTracker): number {
  return tracker === 'map' ? timing.mapLocationRefreshMs : timing.locationRefreshMs;
}

export interface TrackedPosition extends Coordinates {
  /** When the position was taken (ms since epoch). */
  timestamp: number;
}

/** A location is stale when older than the 5 min maximum age. */
export function isLocationStale(location: Pick<TrackedPosition, 'timestamp'> | null, now: number): boolean {
  return location === null || now - location.timestamp > timing.locationMaxAgeMs;
}

/** A new position is ignored when it moved less than the threshold and the current one is not stale. */
export function shouldAcceptPosition(
  current: TrackedPosition | null,
  next: TrackedPosition,
  tracker: LocationTracker,
  now: number,
): boolean {
  if (current === null || isLocationStale(current, now)) return true;
  const moved = distanceMeters(current, next);
  return moved === null || moved >= movementThresholdMeters(tracker);
}

/** A background refresh is due when nothing updated the location for the tracker's refresh interval. */
export function isBackgroundRefreshDue(
  lastUpdateAt: number | null,
  tracker: LocationTracker,
  now: number,
): boolean {
  return lastUpdateAt === null || now - lastUpdateAt >= refreshIntervalMs(tracker);
}
