import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import {
  createDistributedInfra,
  createEmbeddedInfra,
  createHttpServer,
  createLogger,
  createSessionRevocations,
  loadConfig,
  type Db,
  type Infra,
  type Service,
} from '@laundry/platform';
import { createGatewayApp, gatewayConfigSchema } from '@laundry/gateway';
import { createIdentityService, loadIdentityConfig } from '@laundry/identity';
import { available, urls } from './servers.ts';
import { removeBrokerNamespace } from './broker-cleanup.ts';
import { createDirectoryService, directoryConfigSchema, type DirectoryService } from '@laundry/directory';
import { createReviewService, reviewConfigSchema, type ReviewService } from '@laundry/review';
import {
  createOcrWorker,
  createPhotoService,
  photoConfigSchema,
  type OcrWorker,
  type PhotoService,
} from '@laundry/photo';

export const ADMIN_EMAIL = 'admin@example.test';

export interface TestStack {
  baseUrl: string;
  /** True when PostgreSQL, RabbitMQ and Redis answer (always in CI, where a missing one fails the run). */
  realServers: boolean;
  identity: Service;
  directory: DirectoryService;
  directoryDb: Db;
  review: ReviewService;
  /** The identity service's own schema, for asserting stored state. */
  identityDb: Db;
  photo: PhotoService;
  photoDb: Db;
  /** The OCR worker, running in this process on the stack's job queue (BullMQ with the real servers). */
  ocrWorker: OcrWorker;
  /** A fresh folder per stack holding the stored images. */
  photoStorageDir: string;
  infra: Infra;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The whole product for one test file: identity and directory listening on their own ports behind the
 * gateway, as in the distributed mode, against the real servers when they answer. Every schema,
 * queue and Redis key carries a namespace of its own, so test files run side by side.
 */
export async function startStack(overrides: Record<string, string> = {}): Promise<TestStack> {
  const ns = `t${randomBytes(4).toString('hex')}`;
  const realServers = available.postgres && available.rabbit && available.redis;
  const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const infra = realServers
    ? createDistributedInfra({
        databaseUrl: urls.database,
        amqpUrl: urls.amqp,
        redisUrl: urls.redis,
        namespace: `${ns}.`,
        logger,
      })
    : createEmbeddedInfra({ dataDir: undefined, logger });
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    INTERNAL_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAILS: ADMIN_EMAIL,
    BUS_NAMESPACE: `${ns}.`,
    ...overrides,
  };
  const schema = (service: string) => (realServers ? `${ns}_${service}` : service);
  const identity = await createIdentityService({
    config: loadIdentityConfig({ ...env, DB_SCHEMA: schema('identity') }),
    infra,
  });
  const directory = await createDirectoryService({
    config: loadConfig(directoryConfigSchema, { ...env, DB_SCHEMA: schema('directory') }),
    infra,
  });
  const services: Service[] = [identity, directory];
  const ports = await Promise.all(services.map((service) => service.start({ port: 0, host: '127.0.0.1' })));
  const url = (index: number) => `http://127.0.0.1:${ports[index]!.port}`;
  // Review asks the directory whether a laundromat exists, so it starts once the directory listens.
  const review = await createReviewService({
    config: loadConfig(reviewConfigSchema, { ...env, DB_SCHEMA: schema('review'), DIRECTORY_URL: url(1) }),
    infra,
  });
  services.push(review);
  ports.push(await review.start({ port: 0, host: '127.0.0.1' }));
  const identityDb = await infra.openDb(schema('identity'));
  // Photo asks the directory the same; its OCR worker shares the service's database and storage folder.
  const photoStorageDir = await mkdtemp(path.join(os.tmpdir(), 'laundry-photos-'));
  const photoConfig = loadConfig(photoConfigSchema, {
    ...env,
    DB_SCHEMA: schema('photo'),
    DIRECTORY_URL: url(1),
    PHOTO_STORAGE_DIR: photoStorageDir,
    OCR_BACKOFF_MS: '100',
  });
  const photo = await createPhotoService({ config: photoConfig, infra });
  services.push(photo);
  ports.push(await photo.start({ port: 0, host: '127.0.0.1' }));
  const ocrWorker = await createOcrWorker({ config: photoConfig, infra });
  await ocrWorker.start();

  const redis = realServers ? new Redis(urls.redis) : undefined;
  const gatewayConfig = loadConfig(gatewayConfigSchema, {
    ...env,
    IDENTITY_URL: url(0),
    DIRECTORY_URL: url(1),
    REVIEW_URL: url(2),
    PHOTO_URL: url(3),
  });
  const gateway = createHttpServer(
    createGatewayApp({
      config: gatewayConfig,
      logger,
      upstreams: { identity: url(0), directory: url(1), review: url(2), photo: url(3) },
      redis,
      revocations: createSessionRevocations(infra.cache),
    }),
  );
  const gatewayPort = await gateway.start(0, '127.0.0.1');

  return {
    baseUrl: `http://127.0.0.1:${gatewayPort}`,
    realServers,
    identity,
    directory,
    directoryDb: directory.db,
    review,
    identityDb,
    photo,
    photoDb: photo.db,
    ocrWorker,
    photoStorageDir,
    infra,
    env,
    async stop() {
      await gateway.stop();
      await ocrWorker.stop();
      for (const service of services) await service.stop();
      await rm(photoStorageDir, { recursive: true, force: true });
      if (realServers) {
        for (const name of ['identity', 'directory', 'review', 'photo']) {
          await directory.db.exec(`DROP SCHEMA IF EXISTS ${schema(name)} CASCADE`);
        }
        await removeBrokerNamespace(urls.amqp, `${ns}.`, ['identity', 'directory', 'review', 'photo']);
        const keys = await redis!.keys(`${ns}.*`);
        if (keys.length > 0) await redis!.del(...keys);
      }
      redis?.disconnect();
      await infra.close();
    },
  };
}
