export { openPostgres, type PostgresOptions } from './db-postgres.ts';
export { openPglite, type EmbeddedDatabase, type PgliteOptions } from './db-pglite.ts';
export { migrate } from './migrate.ts';
export { createRabbitBus, type RabbitBus, type RabbitBusOptions } from './rabbit-bus.ts';
export {
  createMemoryBroker,
  createMemoryBus,
  type DeadLetter,
  type MemoryBroker,
  type MemoryBrokerOptions,
  type MemoryBus,
} from './memory-bus.ts';
export { createOutbox, type Outbox, type OutboxOptions } from './outbox.ts';
export { idempotentHandler, type IdempotentHandlerOptions } from './idempotent-handler.ts';
export { createBullQueue, type BullQueueOptions } from './bull-queue.ts';
export { createMemoryQueue, type MemoryQueue, type MemoryQueueOptions } from './memory-queue.ts';
export type { FailedJob, InspectableJobQueue } from './job-queue-defaults.ts';
export { createRedisCache, type RedisCacheOptions } from './redis-cache.ts';
export { createMemoryCache } from './memory-cache.ts';
export {
  createDistributedInfra,
  createEmbeddedInfra,
  type DistributedInfraOptions,
  type EmbeddedInfra,
  sharedCachePrefix,
} from './infra.ts';
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAYS_MS } from './retry-delay.ts';
