import { metricsPort, startMetricsServer, startTracing } from '@laundry/platform/observability';
import {
  createEmbeddedInfra,
  createHttpServer,
  createLogger,
  createSessionRevocations,
  loadConfig,
  stopOnSignals,
  type Db,
} from '@laundry/platform';
import { createGatewayApp, gatewayConfigSchema } from '@laundry/gateway';
import { resolve } from 'node:path';
import { startListedServices } from './start-listed-services.ts';
import { urlVariable } from '../../services.ts';
import { loadOrCreateSecrets } from './embedded-secrets.ts';
import { seedDemoReviewsIfMissing, seedIfEmpty } from './seed.ts';
import { buildMissingFrontEnds } from './front-end-build.ts';

/**
 * The embedded mode: the gateway and every service of the list in this one process, on PGlite and in-memory
 * adapters, so `npm install && npm start` needs no servers and no configuration.
 */
const dataDir = process.env.DATA_DIR ?? './.data';
const env: Record<string, string | undefined> = {
  ...(await loadOrCreateSecrets(dataDir)),
  ...process.env,
  DATA_DIR: dataDir,
  // This mode runs on PGlite and in-memory adapters whatever the shell exports: no service may read a
  // server's address and act as if it were distributed (identity's local mail outbox, for one).
  DATABASE_URL: undefined,
  AMQP_URL: undefined,
  REDIS_URL: undefined,
};
const gatewayConfig = loadConfig(gatewayConfigSchema, env);
const logger = createLogger('laundromat-finder', gatewayConfig.LOG_LEVEL);
// One process, one trace resource and one /metrics for all of it; the SDK loads only with an OTLP endpoint.
const tracing = await startTracing({ serviceName: 'laundromat-finder', env: process.env });
await buildMissingFrontEnds(logger);

logger.info(`starting the embedded database in ${resolve(dataDir)} (the first start takes about 20 s)`);
const infra = createEmbeddedInfra({ dataDir, logger });
const workers: Array<{ stop(): Promise<void> }> = [];
let seeded = false;
let directoryDb: Db | undefined;
const workerNames: string[] = [];

const started = await startListedServices({
  env,
  infra,
  beforeStart: async ({ entry, service }) => {
    if (entry.name === 'directory') {
      seeded = await seedIfEmpty(service.db, logger);
      directoryDb = service.db;
    }
    // The review service starts after the directory (services.ts): the demo laundromats' reviews follow them.
    if (entry.name === 'review' && directoryDb)
      await seedDemoReviewsIfMissing(service.db, directoryDb, logger, { freshlySeeded: seeded });
  },
});
for (const { entry, config } of started) {
  if (!entry.worker) continue;
  const worker = await (await entry.worker.load())({ config: config as never, infra });
  await worker.start();
  workers.push(worker);
  workerNames.push(entry.worker.name);
}
const running = started.map(({ service }) => service);
// The gateway calls each service in-process; the services call each other over their loopback ports.
const upstreams = Object.fromEntries(running.map((service) => [service.name, service.app]));

const directory = running.find((service) => service.name === 'directory');
const gateway = createHttpServer(
  createGatewayApp({
    config: gatewayConfig,
    logger,
    upstreams,
    revocations: createSessionRevocations(infra.cache),
    readiness: directory ? { database: () => directory.db.ping().then(() => true) } : {},
    embedded: true,
    // In-process upstreams above; a person's data export calls the services' internal routes over HTTP.
    serviceAddresses: Object.fromEntries(
      running.map((service) => [service.name, env[urlVariable(service.name)]]),
    ),
  }),
);
const port = await gateway.start(gatewayConfig.PORT, gatewayConfig.HOST);
const metricsAt = metricsPort(process.env);
const metrics =
  metricsAt === undefined
    ? undefined
    : await startMetricsServer({ port: metricsAt, host: gatewayConfig.HOST, logger });
logger.info(`data folder: ${resolve(dataDir)}`);
logger.info(
  `in this process: ${['gateway', ...running.map((service) => service.name), ...workerNames].join(', ')}`,
);
if (seeded) logger.info('demo laundromats were seeded into the empty directory');
if (metrics) logger.info(`metrics (Prometheus) at http://localhost:${metrics.port}/metrics`);
logger.info(`Laundromat Finder is running on http://localhost:${port}`);

stopOnSignals(logger, async () => {
  await gateway.stop();
  await metrics?.stop();
  for (const worker of workers) await worker.stop();
  for (const service of running) await service.stop();
  await infra.close();
  await tracing?.stop();
});
