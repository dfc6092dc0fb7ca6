import type { Logger } from 'pino';
import type { Db } from '../db/db.ts';
import type { EmbeddedDatabase } from '../db/pglite.ts';
import type { EventBus } from '../bus/event-bus.ts';
import { createMemoryBroker, type MemoryBroker } from '../bus/memory-bus.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createMemoryQueue } from '../jobs/memory-queue.ts';
import { createMemoryCache } from '../cache/memory-cache.ts';
import type { Infra } from './infra.ts';

export interface EmbeddedInfra extends Infra {
  broker: MemoryBroker;
}

/**
 * One process, no servers: one PGlite database (a schema per service), one in-memory broker, in-memory
 * queues and cache. jobs(name) returns the same queue to the producer and the worker of the process.
 */
export function createEmbeddedInfra(options: { dataDir: string | undefined; logger: Logger }): EmbeddedInfra {
  const { logger } = options;
  // PGlite with PostGIS takes seconds and about a gigabyte to start: it is loaded and started only when a
  // service asks for a database, so a process that opens none never loads it.
  let database: Promise<EmbeddedDatabase> | undefined;
  const broker = createMemoryBroker({ logger });
  const queues = new Map<string, JobQueue<unknown>>();
  const cache = createMemoryCache();

  return {
    logger,
    broker,
    async openDb(schema: string): Promise<Db> {
      database ??= import('../db/pglite.ts').then(({ openPglite }) =>
        openPglite({ dataDir: options.dataDir, logger }),
      );
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
