import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCache, type Cache } from '@laundry/platform/cache';
import { createRedisCache } from '@laundry/platform/cache/redis';
import { available, silentLogger, uniqueName, urls } from '../support/servers.ts';

const prefix = `${uniqueName('cache')}:`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const implementations = [
  {
    name: 'redis',
    unavailable: !available.redis,
    create: () => createRedisCache({ url: urls.redis, prefix, logger: silentLogger }),
  },
  { name: 'memory', unavailable: false, create: () => createMemoryCache() },
];

afterAll(async () => {
  if (!available.redis) return;
  const redis = new Redis(urls.redis);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe.each(implementations.filter((variant) => !variant.unavailable))('Cache on $name', ({ create }) => {
  const cache: Cache = create();
  afterAll(() => cache.close());

  it('when a value is set, then get returns an equal copy until it is deleted', async () => {
    const value = { name: 'Suds', ratings: [4, 5], open: true };
    await cache.set('laundromat:1', value, 60);
    expect(await cache.get('laundromat:1')).toEqual(value);
    await cache.del('laundromat:1');
    expect(await cache.get('laundromat:1')).toBeUndefined();
  });

  it('when a key was never set, then get returns undefined', async () => {
    expect(await cache.get('missing')).toBeUndefined();
  });

  it('when the time to live has passed, then the value is gone', async () => {
    await cache.set('short', 'lived', 1);
    expect(await cache.get('short')).toBe('lived');
    await sleep(1100);
    expect(await cache.get('short')).toBeUndefined();
  });

  it('when a counter is incremented, then it counts up and expires a ttl after its first increment', async () => {
    expect(await cache.incr('hits', 1)).toBe(1);
    expect(await cache.incr('hits', 1)).toBe(2);
    await sleep(500);
    // Later increments do not extend the window.
    expect(await cache.incr('hits', 1)).toBe(3);
    await sleep(600);
    expect(await cache.incr('hits', 1)).toBe(1);
  });

  it('when the backing store is up, then the cache reports ready', async () => {
    expect(await cache.ready()).toBe(true);
  });
});
