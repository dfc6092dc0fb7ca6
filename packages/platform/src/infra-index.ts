export { openPostgres, type PostgresOptions } from './db/postgres.ts';
export { openPglite, type EmbeddedDatabase, type PgliteOptions } from './db/pglite.ts';
export { migrate } from './db/migrate.ts';
export { createRabbitBus, type RabbitBus, type RabbitBusOptions } from './bus/rabbit-bus.ts';
export {
  createMemoryBroker,
  createMemoryBus,
  type DeadLetter,
  type MemoryBroker,
  type MemoryBrokerOptions,
  type MemoryBus,
} from './bus/memory-bus.ts';
export { createOutbox, type Outbox, type OutboxOptions } from './outbox/outbox.ts';
export { idempotentHandler, type IdempotentHandlerOptions } from './bus/idempotent-handler.ts';
export { createBullQueue, type BullQueueOptions } from './jobs/bull-queue.ts';
export { createMemoryQueue, type MemoryQueue, type MemoryQueueOptions } from './jobs/memory-queue.ts';
export type { FailedJob, InspectableJobQueue } from './jobs/job-queue.ts';
export { createRedisCache, type RedisCacheOptions } from './cache/redis-cache.ts';
export { createMemoryCache } from './cache/memory-cache.ts';
export {
  createDistributedInfra,
  createEmbeddedInfra,
  type DistributedInfraOptions,
  type EmbeddedInfra,
  sharedCachePrefix,
} from './infra/distributed.ts';
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAYS_MS } from './bus/retry-delay.ts';
