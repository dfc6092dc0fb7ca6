import {
  createEmbeddedInfra,
  createHttpServer,
  createLogger,
  createSessionRevocations,
  loadConfig,
  stopOnSignals,
} from '@laundry/platform';
import { createGatewayApp, gatewayConfigSchema } from '@laundry/gateway';
import { createIdentityService, loadIdentityConfig } from '@laundry/identity';
import { createDirectoryService, directoryConfigSchema } from '@laundry/directory';
import { createReviewService, reviewConfigSchema } from '@laundry/review';
import { createOcrWorker, createPhotoService, photoConfigSchema } from '@laundry/photo';
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
// Review asks the directory over HTTP whether a laundromat exists, as in the distributed mode; here the
// directory answers it on a loopback port of its own besides being mounted in the gateway.
const directoryInternal = createHttpServer(directory.app);
const directoryPort = await directoryInternal.start(0, '127.0.0.1');
const review = await createReviewService({
  config: loadConfig(reviewConfigSchema, { ...env, DIRECTORY_URL: `http://127.0.0.1:${directoryPort}` }),
  infra,
});
// Photo asks the same; its OCR worker runs in this process on the in-memory job queue.
const photoConfig = loadConfig(photoConfigSchema, {
  ...env,
  DIRECTORY_URL: `http://127.0.0.1:${directoryPort}`,
});
const photo = await createPhotoService({ config: photoConfig, infra });
const ocrWorker = await createOcrWorker({ config: photoConfig, infra });
await ocrWorker.start();

const services = [identity, directory, review, photo];
for (const service of services) await service.start({ listen: false });

const gateway = createHttpServer(
  createGatewayApp({
    config: gatewayConfig,
    logger,
    upstreams: { identity: identity.app, directory: directory.app, review: review.app, photo: photo.app },
    revocations: createSessionRevocations(infra.cache),
    readiness: { database: () => directory.db.ping().then(() => true) },
  }),
);
const port = await gateway.start(gatewayConfig.PORT, gatewayConfig.HOST);
logger.info(`Laundromat Finder is running on http://localhost:${port}`);

stopOnSignals(logger, async () => {
  await gateway.stop();
  await directoryInternal.stop();
  await ocrWorker.stop();
  for (const service of services) await service.stop();
  await infra.close();
});
