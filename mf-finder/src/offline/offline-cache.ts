import { timing } from '@laundry/contracts';

/** Spec §3/§9: keys offline_laundromats and offline_search_results, each { data, timestamp }, 24 h at most. */
export const offlineCacheKeys = {
  laundromats: 'offline_laundromats',
  searchResults: 'offline_search_results',
} as const;
export type OfflineCacheKind = keyof typeof offlineCacheKeys;

export interface OfflineEntry<T> {
  data: T;
  timestamp: number;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function writeOfflineEntry<T>(storage: StorageLike, kind: OfflineCacheKind, data: T, now: number) {
  const entry: OfflineEntry<T> = { data, timestamp: now };
  try {
    storage.setItem(offlineCacheKeys[kind], JSON.stringify(entry));
  } catch (error) {
    // Spec §8: local cache failures are only logged (a full or disabled storage must not break the page).
    console.warn('Offline cache write failed', error);
  }
}

/** The cached data while younger than the maximum age, else null. */
export function readOfflineEntry<T>(storage: StorageLike, kind: OfflineCacheKind, now: number): T | null {
  try {
    const text = storage.getItem(offlineCacheKeys[kind]);
    if (!text) return null;
    const entry = JSON.parse(text) as Partial<OfflineEntry<T>>;
    if (typeof entry.timestamp !== 'number' || entry.data === undefined) return null;
    if (now - entry.timestamp > timing.offlineCacheMaxAgeMs) return null;
    return entry.data;
  } catch (error) {
    console.warn('Offline cache read failed', error);
    return null;
  }
}
