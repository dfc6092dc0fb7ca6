import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequests } from '@laundry/platform';

export interface RateLimitRule {
  name: string;
  pointsPerMinute: number;
  applies: (method: string, path: string) => boolean;
}

/** Counters live in Redis when there is one, so every gateway replica shares them. */
export function rateLimits(rules: RateLimitRule[], redis?: Redis, namespace = ''): RequestHandler {
  const limiters = rules.map((rule) => {
    const options = { keyPrefix: `${namespace}rl:${rule.name}`, points: rule.pointsPerMinute, duration: 60 };
    const limiter: RateLimiterAbstract = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis })
      : new RateLimiterMemory(options);
    return { rule, limiter };
  });
  return async (req, res, next) => {
    const key = req.ip ?? 'unknown';
    try {
      for (const { rule, limiter } of limiters) {
        if (rule.applies(req.method, req.path)) await limiter.consume(key);
      }
      next();
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        res.setHeader('Retry-After', String(Math.ceil(error.msBeforeNext / 1000)));
        return next(tooManyRequests());
      }
      next(error);
    }
  };
}
