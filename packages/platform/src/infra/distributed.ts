import type { Logger } from 'pino';
import type { Db, EventBus, Infra, JobQueue } from '../types.ts';
import { openPglite, type EmbeddedDatabase } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { createMemoryBroker, type MemoryBroker } from '../bus/memory-bus.ts';
import { createRabbitBus } from '../bus/rabbit-bus.ts';
import { createMemoryQueue } from '../jobs/memory-queue.ts';
import { createBullQueue } from '../jobs/bull-queue.ts';
import { createMemoryCache } from '../cache/memory-cache.ts';
import { createRedisCache } from '../cache/redis-cache.ts';

export interface EmbeddedInfra extends Infra {
  broker: MemoryBroker;
}

/**
 * One process, no servers: one PGlite database (a schema per service), one in-memory broker, in-memory
 * queues and cache. jobs(name) returns the same queue to the producer and the worker of the process.
 */
export function createEmbeddedInfra(options: { dataDir: string | undefined; logger: Logger }): EmbeddedInfra {
  const { logger } = options;
  // PGlite with PostGIS takes seconds and about a gigabyte to start: only when a service asks for it.
  let database: Promise<EmbeddedDatabase> | undefined;
  const broker = createMemoryBroker({ logger });
  const queues = new Map<string, JobQueue<unknown>>();
  const cache = createMemoryCache();

  return {
    logger,
    broker,
    async openDb(schema: string): Promise<Db> {
      database ??= openPglite({ dataDir: options.dataDir, logger });
      const db = (await database).forSchema(schema);
      await db.ping(); // creates the schema now, so a service's first query is not the one to fail
      return db;
    },
    bus: (service: string): EventBus => broker.bus(service),
    jobs<T>(name: string): JobQueue<T> {
      if (!queues.has(name)) queues.set(name, createMemoryQueue<unknown>({ name, logger }));
      return queues.get(name) as JobQueue<T>;
    },
    cache,
    async close() {
      await broker.close();
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      await cache.close();
      if (database) await (await database).close();
    },
  };
}

export interface DistributedInfraOptions {
  databaseUrl: string;
  amqpUrl: string;
  redisUrl: string;
  logger: Logger;
  /** Prefixes exchanges, queues and Redis keys (tests, or several stacks on one set of servers). */
  namespace?: string;
  queueType?: 'classic' | 'quorum';
}

/** The Redis key prefix of the cache every process of one namespace shares (services and gateway alike). */
export const sharedCachePrefix = (namespace = '') => `${namespace}cache:`;

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
      const db = await openPostgres({ url: options.databaseUrl, schema, logger });
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
