// Everything the kit offers, as before it had folders. This entry loads every adapter (PGlite with PostGIS,
// PostgreSQL, RabbitMQ, BullMQ, Redis); a subpath such as `@laundry/platform/http` loads only its own
// concern (docs/architecture.md lists them).
export * from './config/index.ts';
export * from './logging/index.ts';
export * from './errors/index.ts';
export * from './http/index.ts';
export * from './auth/index.ts';
export * from './db/index.ts';
export { openPostgres, type PostgresOptions } from './db/postgres.ts';
export { openPglite, type EmbeddedDatabase, type PgliteOptions } from './db/pglite.ts';
export * from './bus/index.ts';
export { createRabbitBus, type RabbitBus, type RabbitBusOptions } from './bus/rabbit-bus.ts';
export * from './outbox/index.ts';
export * from './jobs/index.ts';
export { createBullQueue, type BullQueueOptions } from './jobs/bull-queue.ts';
export * from './cache/index.ts';
export { createRedisCache, sharedCachePrefix, type RedisCacheOptions } from './cache/redis-cache.ts';
export * from './infra/index.ts';
export { createDistributedInfra, type DistributedInfraOptions } from './infra/distributed.ts';
export * from './service/index.ts';
export * from './retention/index.ts';
