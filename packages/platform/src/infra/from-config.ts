import type { Logger } from 'pino';
import type { BaseConfig } from '../config/config.ts';
import { ConfigError } from '../config/config.ts';
import { createDistributedInfra, createEmbeddedInfra } from './distributed.ts';
import type { Infra } from '../types.ts';

/** DATABASE_URL selects the distributed mode, which then needs the broker and Redis too; otherwise embedded. */
export function infraFromConfig(config: BaseConfig, logger: Logger): Infra {
  if (!config.DATABASE_URL) return createEmbeddedInfra({ dataDir: config.DATA_DIR, logger });
  if (!config.AMQP_URL || !config.REDIS_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  AMQP_URL and REDIS_URL: required when DATABASE_URL is set',
    );
  }
  return createDistributedInfra({
    databaseUrl: config.DATABASE_URL,
    amqpUrl: config.AMQP_URL,
    redisUrl: config.REDIS_URL,
    namespace: config.BUS_NAMESPACE,
    logger,
  });
}
