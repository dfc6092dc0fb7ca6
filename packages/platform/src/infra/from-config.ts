import type { Logger } from 'pino';
import { ConfigError, type BaseConfig } from '../config/config.ts';
import { createEmbeddedInfra } from './embedded.ts';
import type { Infra } from './infra.ts';

/**
 * DATABASE_URL selects the distributed mode, which then needs the broker and Redis too; otherwise embedded.
 * The distributed mode's clients (pg, amqplib, ioredis, BullMQ) are loaded only when it is chosen.
 */
export async function infraFromConfig(config: BaseConfig, logger: Logger): Promise<Infra> {
  if (!config.DATABASE_URL) return createEmbeddedInfra({ dataDir: config.DATA_DIR, logger });
  if (!config.AMQP_URL || !config.REDIS_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  AMQP_URL and REDIS_URL: required when DATABASE_URL is set',
    );
  }
  const { createDistributedInfra } = await import('./distributed.ts');
  return createDistributedInfra({
    databaseUrl: config.DATABASE_URL,
    amqpUrl: config.AMQP_URL,
    redisUrl: config.REDIS_URL,
    namespace: config.BUS_NAMESPACE,
    dbPoolMax: config.DB_POOL_MAX,
    logger,
  });
}
