import type { Logger } from 'pino';
import type { Db } from '../db/db.ts';
import type { EventBus } from '../bus/event-bus.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Cache } from '../cache/cache.ts';

/** What a service needs from the outside world; one set per process in the distributed mode, shared in the embedded one. */
export interface Infra {
  logger: Logger;
  openDb(schema: string): Promise<Db>;
  bus(service: string): EventBus;
  jobs<T>(name: string): JobQueue<T>;
  cache: Cache;
  close(): Promise<void>;
}
