import { describe, expect, it } from 'vitest';
import {
  offlineCacheKeys,
  offlineCacheLimits,
  offlineRequestKey,
  readNewestOfflineEntry,
  readOfflineEntry,
  writeOfflineEntry,
} from '../../src/offline/offline-cache.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe('offline cache', () => {
  it('when results are written, then they are stored under offline_ with data and timestamp', () => {
    const storage = memoryStorage();
    writeOfflineEntry(storage, 'searchResults', 'q=london', [{ id: 'a' }], 1000);
    const [key] = [...storage.items.keys()];
    expect(key?.startsWith(offlineCacheKeys.searchResults)).toBe(true);
    expect(JSON.parse(storage.items.get(key ?? '') ?? '')).toEqual({ data: [{ id: 'a' }], timestamp: 1000 });
    expect(readOfflineEntry(storage, 'searchResults', 'q=london', 2000)).toEqual({
      data: [{ id: 'a' }],
      timestamp: 1000,
    });
  });

  it('when another place is asked for, then the results kept for the first are not read', () => {
    const storage = memoryStorage();
    writeOfflineEntry(storage, 'searchResults', offlineRequestKey('q=London'), ['london'], 0);
    expect(readOfflineEntry(storage, 'searchResults', offlineRequestKey('q=Tokyo'), 1)).toBeNull();
    expect(readOfflineEntry(storage, 'searchResults', offlineRequestKey('q=+london+'), 1)?.data).toEqual([
      'london',
    ]);
  });

  it('when the entry is older than 24 hours, then nothing is read', () => {
    const storage = memoryStorage();
    writeOfflineEntry(storage, 'laundromats', 'k', [1], 0);
    expect(readOfflineEntry(storage, 'laundromats', 'k', 86_400_000)?.data).toEqual([1]);
    expect(readOfflineEntry(storage, 'laundromats', 'k', 86_400_001)).toBeNull();
    expect(readNewestOfflineEntry(storage, 'laundromats', 86_400_001)).toBeNull();
  });

  it('when more answers are saved than the limit, then the least recently saved are dropped', () => {
    const storage = memoryStorage();
    const limit = offlineCacheLimits.searchResults;
    for (let i = 0; i <= limit; i += 1) writeOfflineEntry(storage, 'searchResults', `q=${i}`, i, i);
    expect(storage.items.size).toBe(limit);
    expect(readOfflineEntry(storage, 'searchResults', 'q=0', limit)).toBeNull();
    expect(readOfflineEntry(storage, 'searchResults', `q=${limit}`, limit)?.data).toBe(limit);
  });

  it('when lists were saved, then the newest is the fallback for a list with no exact entry', () => {
    const storage = memoryStorage();
    writeOfflineEntry(storage, 'laundromats', 'a', 'older', 10);
    writeOfflineEntry(storage, 'laundromats', 'b', 'newer', 20);
    writeOfflineEntry(storage, 'searchResults', 'q=x', 'a search', 30);
    expect(readNewestOfflineEntry(storage, 'laundromats', 40)?.data).toBe('newer');
  });

  it('when the stored text is not an entry, then nothing is read', () => {
    const storage = memoryStorage();
    storage.items.set(`${offlineCacheKeys.laundromats}:k`, '{oops');
    expect(readOfflineEntry(storage, 'laundromats', 'k', 0)).toBeNull();
    expect(readNewestOfflineEntry(storage, 'laundromats', 0)).toBeNull();
  });

  it('when a search key is made, then the device position, its age and accuracy are left out', () => {
    expect(offlineRequestKey('q=Paris&latitude=1.23456&longitude=2&locationAge=5&locationAccuracy=9')).toBe(
      'q=paris',
    );
    expect(
      offlineRequestKey('q=Paris&latitude=1.23456&longitude=2&searchType=map_bounds&acceptsCard=true'),
    ).toBe('acceptsCard=true&latitude=1.23&longitude=2.00&q=paris&searchType=map_bounds');
  });
});
