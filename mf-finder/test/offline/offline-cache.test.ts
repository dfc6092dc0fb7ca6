import { describe, expect, it } from 'vitest';
import { offlineCacheKeys, readOfflineEntry, writeOfflineEntry } from '../../src/offline/offline-cache.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('offline cache', () => {
  it('when results are written, then they are stored under offline_ with data and timestamp', () => {
    const storage = memoryStorage();
    writeOfflineEntry(storage, 'searchResults', [{ id: 'a' }], 1000);
    expect(JSON.parse(storage.items.get(offlineCacheKeys.searchResults) ?? '')).toEqual({
      data: [{ id: 'a' }],
      timestamp: 1000,
    });
    expect(readOfflineEntry(storage, 'searchResults', 2000)).toEqual([{ id: 'a' }]);
  });

  it('when the entry is older than 24 hours, then nothing is read', () => {
    const storage = memoryStorage();
    writeOfflineEntry(storage, 'laundromats', [1], 0);
    expect(readOfflineEntry(storage, 'laundromats', 86_400_000)).toEqual([1]);
    expect(readOfflineEntry(storage, 'laundromats', 86_400_001)).toBeNull();
  });

  it('when the stored text is not an entry, then nothing is read', () => {
    const storage = memoryStorage();
    storage.items.set(offlineCacheKeys.laundromats, '{oops');
    expect(readOfflineEntry(storage, 'laundromats', 0)).toBeNull();
  });
});
