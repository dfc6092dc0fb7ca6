// A small key-value cache with expiry and counters: the Cache interface and the in-memory one of the
// embedded mode. Redis is `@laundry/platform/cache/redis`.
export type { Cache } from './cache.ts';
export { createMemoryCache } from './memory-cache.ts';
