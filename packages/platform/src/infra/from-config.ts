import type { Logger } from 'pino';
import { ConfigError, type BaseConfig } from '../config/config.ts';
import { createDistributedInfra } from './distributed.ts';
import { createEmbeddedInfra } from './embedded.ts';
import type { Infra } from './infra.ts';

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
