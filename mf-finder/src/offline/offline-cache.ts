import { timing } from '@laundry/contracts';

/**
 * Offline copies (docs/product.md, Offline): entries under the prefixes offline_laundromats and
 * offline_search_results, each { data, timestamp }, 24 h at most. One entry per request (the prefix, a
 * separator, the request's key), so an offline search for Tokyo never answers with the results kept for
 * London.
 */
export const offlineCacheKeys = {
  laundromats: 'offline_laundromats',
  searchResults: 'offline_search_results',
} as const;
export type OfflineCacheKind = keyof typeof offlineCacheKeys;

/**
 * How many answers of each kind are kept, the least recently saved dropped first: 50 laundromats are some
 * 50 kB of JSON, and local storage holds about 5 MB for the whole site.
 */
export const offlineCacheLimits: Record<OfflineCacheKind, number> = { laundromats: 5, searchResults: 12 };

export interface OfflineEntry<T> {
  data: T;
  timestamp: number;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const separator = ':';

function storageKey(kind: OfflineCacheKind, requestKey: string): string {
  return `${offlineCacheKeys[kind]}${separator}${requestKey}`;
}

/** The parameters that change from one call to the next without changing the answer's place. */
const volatileParams = ['locationAge', 'locationAccuracy'];

/** Coordinates to about a kilometre, so the device moving down the street keeps the same entry. */
function roundCoordinate(value: string): string {
  const number = Number(value);
  return Number.isFinite(number) ? number.toFixed(2) : value;
}

/**
 * The key an answer is kept under, from its request's query string: the search text in lower case with single
 * spaces, the filters, and the point only where it decides the place (a list, a map area, a place search
 * sent with its point); the device's position beside a text search, and its age and accuracy, are left out.
 */
export function offlineRequestKey(queryString: string): string {
  const params = new URLSearchParams(queryString.replace(/^\?/, ''));
  for (const name of volatileParams) params.delete(name);
  const q = params.get('q');
  if (q !== null) {
    params.set('q', q.trim().toLowerCase().replace(/\s+/g, ' '));
    if (!params.has('searchType')) {
      params.delete('latitude');
      params.delete('longitude');
    }
  }
  for (const name of ['latitude', 'longitude']) {
    const value = params.get(name);
    if (value !== null) params.set(name, roundCoordinate(value));
  }
  params.sort();
  return params.toString();
}

function parseEntry<T>(text: string | null): OfflineEntry<T> | null {
  if (!text) return null;
  const entry = JSON.parse(text) as Partial<OfflineEntry<T>>;
  if (typeof entry.timestamp !== 'number' || entry.data === undefined) return null;
  return entry as OfflineEntry<T>;
}

/** Every stored entry of a kind with its storage key, unreadable ones as null. */
function entriesOf(storage: StorageLike, kind: OfflineCacheKind) {
  const prefix = `${offlineCacheKeys[kind]}${separator}`;
  const found: { key: string; entry: OfflineEntry<unknown> | null }[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key === null || !key.startsWith(prefix)) continue;
    try {
      found.push({ key, entry: parseEntry(storage.getItem(key)) });
    } catch {
      found.push({ key, entry: null });
    }
  }
  return found;
}

/** Drops expired and unreadable entries, then the oldest beyond the kind's limit (keeping room for one more). */
function evict(storage: StorageLike, kind: OfflineCacheKind, now: number, keep: number) {
  const entries = entriesOf(storage, kind);
  const live = entries.filter(({ entry }) => entry && now - entry.timestamp <= timing.offlineCacheMaxAgeMs);
  const dead = entries.filter((item) => !live.includes(item));
  live.sort((a, b) => (b.entry?.timestamp ?? 0) - (a.entry?.timestamp ?? 0));
  for (const { key } of [...dead, ...live.slice(keep)]) storage.removeItem(key);
}

export function writeOfflineEntry<T>(
  storage: StorageLike,
  kind: OfflineCacheKind,
  requestKey: string,
  data: T,
  now: number,
) {
  const entry: OfflineEntry<T> = { data, timestamp: now };
  try {
    evict(storage, kind, now, offlineCacheLimits[kind] - 1);
    storage.setItem(storageKey(kind, requestKey), JSON.stringify(entry));
  } catch (error) {
    // Local cache failures are only logged (a full or disabled storage must not break the page).
    console.warn('Offline cache write failed', error);
  }
}

/** The entry kept for this request while younger than the maximum age, else null. */
export function readOfflineEntry<T>(
  storage: StorageLike,
  kind: OfflineCacheKind,
  requestKey: string,
  now: number,
): OfflineEntry<T> | null {
  try {
    const entry = parseEntry<T>(storage.getItem(storageKey(kind, requestKey)));
    if (!entry || now - entry.timestamp > timing.offlineCacheMaxAgeMs) return null;
    return entry;
  } catch (error) {
    console.warn('Offline cache read failed', error);
    return null;
  }
}

/** The most recently saved entry of a kind (the last list seen, whatever its place), else null. */
export function readNewestOfflineEntry<T>(
  storage: StorageLike,
  kind: OfflineCacheKind,
  now: number,
): OfflineEntry<T> | null {
  try {
    let newest: OfflineEntry<T> | null = null;
    for (const { entry } of entriesOf(storage, kind)) {
      if (!entry || now - entry.timestamp > timing.offlineCacheMaxAgeMs) continue;
      if (!newest || entry.timestamp > newest.timestamp) newest = entry as OfflineEntry<T>;
    }
    return newest;
  } catch (error) {
    console.warn('Offline cache read failed', error);
    return null;
  }
}
