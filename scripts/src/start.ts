import {
  createEmbeddedInfra,
  createHttpServer,
  createLogger,
  loadConfig,
  stopOnSignals,
} from '@laundry/platform';
import { createGatewayApp, gatewayConfigSchema } from '@laundry/gateway';
import { createIdentityService, loadIdentityConfig } from '@laundry/identity';
import { createDirectoryService, directoryConfigSchema } from '@laundry/directory';
import { loadOrCreateSecrets } from './embedded-secrets.ts';
import { seedIfEmpty } from './seed.ts';
import { buildMissingFrontEnds } from './front-end-build.ts';

/**
 * The embedded mode: the gateway and every service in this one process, on PGlite and in-memory adapters,
 * so `npm install && npm start` needs no servers and no configuration.
 */
const dataDir = process.env.DATA_DIR ?? './.data';
const env = { ...(await loadOrCreateSecrets(dataDir)), ...process.env, DATA_DIR: dataDir };
const gatewayConfig = loadConfig(gatewayConfigSchema, env);
const logger = createLogger('laundromat-finder', gatewayConfig.LOG_LEVEL);
await buildMissingFrontEnds(logger);

logger.info({ dataDir }, 'starting the embedded database (the first start takes about 20 s)');
const infra = createEmbeddedInfra({ dataDir, logger });
const identity = await createIdentityService({ config: loadIdentityConfig(env), infra });
const directory = await createDirectoryService({ config: loadConfig(directoryConfigSchema, env), infra });
await seedIfEmpty(directory.db, logger);

const services = [identity, directory];
for (const service of services) await service.start({ listen: false });

const gateway = createHttpServer(
  createGatewayApp({
    config: gatewayConfig,
    logger,
    upstreams: { identity: identity.app, directory: directory.app },
    readiness: { database: () => directory.db.ping().then(() => true) },
  }),
);
const port = await gateway.start(gatewayConfig.PORT, gatewayConfig.HOST);
logger.info(`Laundromat Finder is running on http://localhost:${port}`);

stopOnSignals(logger, async () => {
  await gateway.stop();
  for (const service of services) await service.stop();
  await infra.close();
});
