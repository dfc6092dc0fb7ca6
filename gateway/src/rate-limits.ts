import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequests } from '@laundry/platform/errors';
import { BatchedRateLimiter, type RateLimitDecision } from './batched-rate-limiter.ts';

export interface RateLimitRule {
  name: string;
  pointsPerMinute: number;
  applies: (method: string, path: string) => boolean;
}

/**
 * How far over its limit a client may get when several gateways count it (see BatchedRateLimiter): 1 % of
 * the limit per gateway, at most 100 requests. Limits under 200 a minute (writes, geocoding) get no local
 * count at all and are decided by Redis on every request.
 */
const BATCH_SHARE_OF_LIMIT = 0.01;
const MAX_BATCH = 100;
const FLUSH_INTERVAL_MS = 50;
const MAX_STALE_MS = 1_000;
const MAX_LOCALLY_COUNTED_KEYS = 10_000;

interface Limiter {
  consume(key: string): RateLimitDecision | Promise<RateLimitDecision>;
}

function askingEveryTime(store: RateLimiterAbstract): Limiter {
  return {
    consume: (key) =>
      store.consume(key).then(
        (answer) => ({ allowed: true, msBeforeNext: answer.msBeforeNext }),
        (error: unknown) => {
          if (error instanceof RateLimiterRes) return { allowed: false, msBeforeNext: error.msBeforeNext };
          throw error;
        },
      ),
  };
}

function limiterFor(rule: RateLimitRule, redis: Redis | undefined, namespace: string): Limiter {
  const options = { keyPrefix: `${namespace}rl:${rule.name}`, points: rule.pointsPerMinute, duration: 60 };
  if (!redis) return askingEveryTime(new RateLimiterMemory(options));
  const store = new RateLimiterRedis({ ...options, storeClient: redis });
  const batchSize = Math.min(MAX_BATCH, Math.floor(rule.pointsPerMinute * BATCH_SHARE_OF_LIMIT));
  if (batchSize < 2) return askingEveryTime(store);
  return new BatchedRateLimiter(store, {
    points: rule.pointsPerMinute,
    batchSize,
    flushIntervalMs: FLUSH_INTERVAL_MS,
    maxStaleMs: MAX_STALE_MS,
    maxKeys: MAX_LOCALLY_COUNTED_KEYS,
  });
}

/**
 * Counters live in Redis when there is one, so every gateway replica shares them. Rules apply in order and
 * the first refusal stops the request (later rules do not count it).
 */
export function rateLimits(rules: RateLimitRule[], redis?: Redis, namespace = ''): RequestHandler {
  const limiters = rules.map((rule) => ({ rule, limiter: limiterFor(rule, redis, namespace) }));
  return (req, res, next) => {
    const key = req.ip ?? 'unknown';
    const refuse = (decision: RateLimitDecision) => {
      res.setHeader('Retry-After', String(Math.ceil(decision.msBeforeNext / 1000)));
      next(tooManyRequests());
    };
    // Synchronous while every decision is local, so a request the pre-count lets through waits for nothing.
    const decideFrom = (first: number): void => {
      for (let i = first; i < limiters.length; i += 1) {
        const { rule, limiter } = limiters[i]!;
        if (!rule.applies(req.method, req.path)) continue;
        const decision = limiter.consume(key);
        if (decision instanceof Promise) {
          decision.then((answer) => (answer.allowed ? decideFrom(i + 1) : refuse(answer)), next);
          return;
        }
        if (!decision.allowed) return refuse(decision);
      }
      next();
    };
    decideFrom(0);
  };
}
