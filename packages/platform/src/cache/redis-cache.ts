import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Cache } from './cache.ts';
import { withTimeout } from '../shared/with-timeout.ts';

/** The Redis key prefix of the cache every process of one namespace shares (services and gateway alike). */
export const sharedCachePrefix = (namespace = '') => `${namespace}cache:`;

export interface RedisCacheOptions {
  url: string;
  /** Prepended to every key, so services and test runs sharing one Redis never collide. */
  prefix?: string;
  logger: Logger;
}

// INCR and the first EXPIRE in one atomic step: a crash between them would leave a counter that never expires.
const INCR_WITH_EXPIRY = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

export function createRedisCache(options: RedisCacheOptions): Cache {
  const redis = new Redis(options.url, { keyPrefix: options.prefix ?? '', maxRetriesPerRequest: 2 });
  redis.on('error', (err) => options.logger.warn({ err }, 'redis error'));

  return {
    async get<T>(key: string) {
      const value = await redis.get(key);
      return value === null ? undefined : (JSON.parse(value) as T);
    },
    async set(key, value, ttlSeconds) {
      await redis.set(key, JSON.stringify(value), 'EX', ttlSeconds);
    },
    async del(key) {
      await redis.del(key);
    },
    async incr(key, ttlSeconds) {
      return Number(await redis.eval(INCR_WITH_EXPIRY, 1, key, ttlSeconds));
    },
    async ready() {
      try {
        return (await withTimeout(redis.ping(), 2000, 'redis')) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await redis.quit();
    },
  };
}

export { createRedisPubSub, type PubSub, type RedisPubSubOptions } from './redis-pubsub.ts';
