import {
  createEmbeddedInfra,
  createHttpServer,
  createLogger,
  createService,
  createSessionRevocations,
  loadConfig,
  stopOnSignals,
  type DefinedService,
  type HttpServer,
} from '@laundry/platform';
import { createGatewayApp, gatewayConfigSchema } from '@laundry/gateway';
import { resolve } from 'node:path';
import { services, urlVariable } from '../../services.ts';
import { loadOrCreateSecrets } from './embedded-secrets.ts';
import { seedIfEmpty } from './seed.ts';
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
};
const gatewayConfig = loadConfig(gatewayConfigSchema, env);
const logger = createLogger('laundromat-finder', gatewayConfig.LOG_LEVEL);
await buildMissingFrontEnds(logger);

logger.info(`starting the embedded database in ${resolve(dataDir)} (the first start takes about 20 s)`);
const infra = createEmbeddedInfra({ dataDir, logger });
const running: DefinedService[] = [];
const loopbacks: HttpServer[] = [];
const workers: Array<{ stop(): Promise<void> }> = [];
const upstreams: Record<string, DefinedService['app']> = {};
let seeded = false;
const workerNames: string[] = [];

for (const entry of services) {
  if (!('load' in entry)) continue;
  const definition = await entry.load();
  const config = loadConfig(definition.config, env);
  const service = await createService(definition, { config, infra });
  if (entry.name === 'directory') seeded = await seedIfEmpty(service.db, logger);
  await service.start({ listen: false });
  // Services call each other over HTTP as in the distributed mode: each also answers on a loopback port,
  // named to the services after it in the list (the directory's, to review and photo).
  const loopback = createHttpServer(service.app);
  env[urlVariable(entry.name)] = `http://127.0.0.1:${await loopback.start(0, '127.0.0.1')}`;
  if ('worker' in entry) {
    const worker = await (await entry.worker.load())({ config: config as never, infra });
    await worker.start();
    workers.push(worker);
    workerNames.push(entry.worker.name);
  }
  running.push(service);
  loopbacks.push(loopback);
  upstreams[entry.name] = service.app;
}

const directory = running.find((service) => service.name === 'directory');
const gateway = createHttpServer(
  createGatewayApp({
    config: gatewayConfig,
    logger,
    upstreams,
    revocations: createSessionRevocations(infra.cache),
    readiness: directory ? { database: () => directory.db.ping().then(() => true) } : {},
  }),
);
const port = await gateway.start(gatewayConfig.PORT, gatewayConfig.HOST);
logger.info(`data folder: ${resolve(dataDir)}`);
logger.info(
  `in this process: ${['gateway', ...running.map((service) => service.name), ...workerNames].join(', ')}`,
);
if (seeded) logger.info('demo laundromats were seeded into the empty directory');
logger.info(`Laundromat Finder is running on http://localhost:${port}`);

stopOnSignals(logger, async () => {
  await gateway.stop();
  for (const loopback of loopbacks) await loopback.stop();
  for (const worker of workers) await worker.stop();
  for (const service of running) await service.stop();
  await infra.close();
});
