import type { Cache } from './cache.ts';

interface Entry {
  value: string;
  expiresAt: number;
}

/** The embedded mode's cache. Values are stored as JSON so callers get copies, as from Redis. */
export function createMemoryCache(now: () => number = Date.now): Cache {
  const entries = new Map<string, Entry>();
  let writes = 0;

  // Keys that are never read again (rate-limit counters of past visitors) would otherwise stay forever.
  function write(key: string, entry: Entry): void {
    entries.set(key, entry);
    writes += 1;
    if (writes % 1000 === 0) {
      const at = now();
      for (const [k, e] of entries) if (e.expiresAt <= at) entries.delete(k);
    }
  }

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    async get<T>(key: string) {
      const entry = live(key);
      return entry ? (JSON.parse(entry.value) as T) : undefined;
    },
    async set(key, value, ttlSeconds) {
      write(key, { value: JSON.stringify(value), expiresAt: now() + ttlSeconds * 1000 });
    },
    async del(key) {
      entries.delete(key);
    },
    async incr(key, ttlSeconds) {
      const entry = live(key);
      const count = entry ? Number(JSON.parse(entry.value)) + 1 : 1;
      write(key, { value: JSON.stringify(count), expiresAt: entry?.expiresAt ?? now() + ttlSeconds * 1000 });
      return count;
    },
    ready: async () => true,
    async close() {
      entries.clear();
    },
  };
}
