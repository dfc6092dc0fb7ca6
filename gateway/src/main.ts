import { Redis } from 'ioredis';
import { loadConfig } from '@laundry/platform/config';
import { createLogger } from '@laundry/platform/logging';
import { createHttpServer, stopOnSignals } from '@laundry/platform/http';
import { metricsPort, startMetricsServer, startTracing } from '@laundry/platform/observability';
import { createSessionRevocations } from '@laundry/platform/auth';
import { createRedisCache, sharedCachePrefix } from '@laundry/platform/cache/redis';
import { gatewayConfigSchema } from './config.ts';
import { createGatewayApp } from './app.ts';
import { serviceNames, type ServiceName } from './route-table.ts';
import { urlVariable } from '../../services.ts';

const config = loadConfig(gatewayConfigSchema);
const logger = createLogger('gateway', config.LOG_LEVEL);
// Loads the OpenTelemetry SDK only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const tracing = await startTracing({ serviceName: 'gateway' });
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
// The identity service records signed-out sessions in the shared cache; the gateway refuses them.
const revocationCache = config.REDIS_URL
  ? createRedisCache({ url: config.REDIS_URL, prefix: sharedCachePrefix(config.BUS_NAMESPACE), logger })
  : undefined;
const revocations = revocationCache ? createSessionRevocations(revocationCache) : undefined;
const upstreams: Partial<Record<ServiceName, string>> = Object.fromEntries(
  serviceNames.map((name) => [name, config[urlVariable(name)]]),
);
const readiness = Object.fromEntries(
  Object.entries(upstreams)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, url]) => [name, async () => (await fetch(new URL('/ready', url))).ok]),
);
if (redis) readiness.redis = async () => (await redis.ping()) === 'PONG';

const server = createHttpServer(
  createGatewayApp({ config, logger, upstreams, redis, revocations, readiness }),
);
const port = await server.start(config.PORT, config.HOST);
const metricsAt = metricsPort();
const metrics =
  metricsAt === undefined
    ? undefined
    : await startMetricsServer({ port: metricsAt, host: config.HOST, logger });
logger.info({ port, metricsPort: metrics?.port }, 'gateway listening');
stopOnSignals(logger, async () => {
  await server.stop();
  await metrics?.stop();
  await tracing?.stop();
  redis?.disconnect();
  await revocationCache?.close();
});
