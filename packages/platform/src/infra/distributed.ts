import type { Logger } from 'pino';
import type { EventBus } from '../bus/event-bus.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { openPostgres } from '../db/postgres.ts';
import { createRabbitBus } from '../bus/rabbit-bus.ts';
import { createBullQueue } from '../jobs/bull-queue.ts';
import { createRedisCache, sharedCachePrefix } from '../cache/redis-cache.ts';
import type { Infra } from './infra.ts';

export interface DistributedInfraOptions {
  databaseUrl: string;
  amqpUrl: string;
  redisUrl: string;
  logger: Logger;
  /** Prefixes exchanges, queues and Redis keys (tests, or several stacks on one set of servers). */
  namespace?: string;
  queueType?: 'classic' | 'quorum';
  /** Connections each database pool keeps at most (10 when not given). */
  dbPoolMax?: number;
}

/** Production: PostgreSQL per service, RabbitMQ, Redis. Everything it opens is closed by close(). */
export function createDistributedInfra(options: DistributedInfraOptions): Infra {
  const { logger } = options;
  const ns = options.namespace ?? '';
  const closers: Array<() => Promise<void>> = [];
  const queues = new Map<string, JobQueue<unknown>>();
  const buses = new Map<string, EventBus>();
  const cache = createRedisCache({ url: options.redisUrl, prefix: sharedCachePrefix(ns), logger });

  return {
    logger,
    async openDb(schema) {
      const db = await openPostgres({ url: options.databaseUrl, schema, logger, max: options.dbPoolMax });
      closers.push(() => db.close());
      return db;
    },
    // One bus (one connection) per service name, as in the embedded mode.
    bus(service) {
      const existing = buses.get(service);
      if (existing) return existing;
      const bus = createRabbitBus({
        url: options.amqpUrl,
        service,
        logger,
        namespace: ns,
        queueType: options.queueType,
      });
      buses.set(service, bus);
      closers.push(() => bus.close());
      return bus;
    },
    jobs<T>(name: string): JobQueue<T> {
      if (!queues.has(name)) {
        queues.set(
          name,
          createBullQueue<unknown>({ name, connection: options.redisUrl, prefix: `${ns}bull`, logger }),
        );
      }
      return queues.get(name) as JobQueue<T>;
    },
    cache,
    async close() {
      await Promise.allSettled(closers.map((close) => close()));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      await cache.close();
    },
  };
}
