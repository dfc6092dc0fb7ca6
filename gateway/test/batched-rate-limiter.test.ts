import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { available, uniqueName, urls } from '../../test/support/servers.ts';
import { BatchedRateLimiter, type BatchingOptions } from '../src/batched-rate-limiter.ts';
import {
  startEchoUpstream,
  startGateway,
  type EchoUpstream,
  type GatewayServer,
} from './support/gateway-server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const prefix = uniqueName('rl');
const LIMIT = 200;
const BATCH = 10;
const FLUSH_MS = 30;

describe.skipIf(!available.redis)('the local pre-count in front of the shared Redis limit', () => {
  let redis: Redis;
  let otherRedis: Redis;
  let keyCounter = 0;
  const freshKey = () => `203.0.113.${++keyCounter}`;

  beforeAll(() => {
    redis = new Redis(urls.redis);
    otherRedis = new Redis(urls.redis);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await Promise.all([redis.quit(), otherRedis.quit()]);
  });

  /** A gateway's limiter on its own Redis connection; all of them share the key prefix, as replicas do. */
  const gatewayLimiter = (
    client: Redis,
    options: Partial<BatchingOptions> = {},
    durationSeconds = 60,
  ): BatchedRateLimiter =>
    new BatchedRateLimiter(
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: prefix,
        points: LIMIT,
        duration: durationSeconds,
      }),
      {
        points: LIMIT,
        batchSize: BATCH,
        flushIntervalMs: FLUSH_MS,
        maxStaleMs: 1_000,
        maxKeys: 100,
        ...options,
      },
    );

  const storedCount = async (key: string) => Number(await redis.get(`${prefix}:${key}`));

  /** Sends `count` requests, `concurrency` at a time, spread over the limiters in turn. */
  async function send(limiters: BatchedRateLimiter[], key: string, count: number, concurrency = 5) {
    const decisions: { allowed: boolean; msBeforeNext: number }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        decisions.push(await limiters[index % limiters.length]!.consume(key));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return decisions;
  }

  test('when one gateway counts a busy client, then exactly the limit passes and then each refusal says how long to wait', async () => {
    const key = freshKey();
    const decisions = await send([gatewayLimiter(redis)], key, LIMIT + 30);

    expect(decisions.filter((d) => d.allowed)).toHaveLength(LIMIT);
    const refusals = decisions.filter((d) => !d.allowed);
    expect(refusals).toHaveLength(30);
    for (const refusal of refusals) {
      expect(refusal.msBeforeNext).toBeGreaterThan(0);
      expect(refusal.msBeforeNext).toBeLessThanOrEqual(60_000);
    }
  });

  test('when a few requests pass without asking Redis, then Redis counts them within the flush interval', async () => {
    const key = freshKey();
    const limiter = gatewayLimiter(redis);
    await send([limiter], key, 1, 1);
    const local = [limiter.consume(key), limiter.consume(key), limiter.consume(key)];

    expect(local.every((decision) => !(decision instanceof Promise) && decision.allowed)).toBe(true);
    await sleep(FLUSH_MS * 4);
    expect(await storedCount(key)).toBe(4);
  });

  test('when two gateways share a busy client, then it gets its limit and at most one batch per gateway more', async () => {
    const key = freshKey();
    const decisions = await send([gatewayLimiter(redis), gatewayLimiter(otherRedis)], key, LIMIT * 2, 8);

    const allowed = decisions.filter((d) => d.allowed).length;
    expect(allowed).toBeGreaterThanOrEqual(LIMIT);
    expect(allowed).toBeLessThanOrEqual(LIMIT + 2 * BATCH);
  });

  test('when another gateway has used up the limit, then this one refuses once its count is refreshed', async () => {
    const key = freshKey();
    const here = gatewayLimiter(redis);
    await send([here], key, 5, 1);
    await send([gatewayLimiter(otherRedis)], key, LIMIT, 1);

    const decisions = await send([here], key, BATCH + 5, 1);

    expect(decisions.filter((d) => d.allowed).length).toBeLessThanOrEqual(BATCH);
    expect(decisions.at(-1)!.allowed).toBe(false);
  });

  test('when the count read from Redis is older than allowed, then Redis decides again', async () => {
    const key = freshKey();
    const limiter = gatewayLimiter(redis, { maxStaleMs: 50 });
    await send([limiter], key, 1, 1);
    await sleep(100);

    const decision = limiter.consume(key);
    expect(decision).toBeInstanceOf(Promise);
    expect((await decision).allowed).toBe(true);
  });

  test('when the window ends, then a refused client is let through again', async () => {
    const key = freshKey();
    const limiter = gatewayLimiter(redis, {}, 1);
    await send([limiter], key, LIMIT + 1);
    expect((await limiter.consume(key)).allowed).toBe(false);

    await sleep(1_100);

    expect((await limiter.consume(key)).allowed).toBe(true);
  });
});

describe.skipIf(!available.redis)('the API limit counted locally through a gateway', () => {
  let redis: Redis;
  let upstream: EchoUpstream;
  let gateway: GatewayServer;
  const namespace = `${uniqueName('gw')}.`;

  beforeAll(async () => {
    redis = new Redis(urls.redis);
    upstream = await startEchoUpstream();
    gateway = await startGateway({
      env: { RATE_LIMIT_PER_MINUTE: '300', BUS_NAMESPACE: namespace },
      upstreams: { directory: upstream.baseUrl },
      redis,
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await upstream?.stop();
    const keys = await redis.keys(`${namespace}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  test('when a client sends more than RATE_LIMIT_PER_MINUTE requests, then exactly that many pass and the rest get 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 305; i++) {
      const response = await fetch(`${gateway.baseUrl}/api/favorites`);
      statuses.push(response.status);
      if (response.status === 429) {
        const retryAfter = Number(response.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      await response.arrayBuffer();
    }

    expect(statuses.filter((status) => status === 200)).toHaveLength(300);
    expect(statuses.slice(300)).toEqual([429, 429, 429, 429, 429]);
  });
});
