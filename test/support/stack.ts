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
  type DefinedService,
  type Infra,
} from '@laundry/platform';
import { createGatewayApp, gatewayConfigSchema } from '@laundry/gateway';
import { createOcrWorker, photoConfigSchema, type OcrWorker } from '@laundry/photo';
import { available, urls } from './servers.ts';
import { removeBrokerNamespace } from './broker-cleanup.ts';
import { urlVariable } from '../../services.ts';
import { startListedServices } from '../../scripts/src/start-listed-services.ts';
import { vapidKeys } from '../../scripts/src/embedded-secrets.ts';
import { outboxMailReader, registerMailReader, signUp, type Session } from './session.ts';

export const ADMIN_EMAIL = 'admin@example.test';

/**
 * Signs up as the stack's admin: the address is in ADMIN_EMAILS, and following the mailed link proves it,
 * so the session that link starts is an admin's.
 */
export async function signUpAdmin(stack: Pick<TestStack, 'baseUrl'>): Promise<Session> {
  const session = await signUp(stack.baseUrl, ADMIN_EMAIL);
  if (session.user.role !== 'admin') throw new Error(`not an admin: ${JSON.stringify(session.user)}`);
  return session;
}

export interface TestStack {
  baseUrl: string;
  /** True when PostgreSQL, RabbitMQ and Redis answer (always in CI, where a missing one fails the run). */
  realServers: boolean;
  /** Every service of services.ts that has a definition, by name, in the list's order. */
  services: Record<string, DefinedService>;
  identity: DefinedService;
  directory: DefinedService;
  directoryDb: Db;
  review: DefinedService;
  /** The identity service's own schema, for asserting stored state. */
  identityDb: Db;
  photo: DefinedService;
  photoDb: Db;
  /** Advertisers, campaigns, moderation and the audit log. */
  ad: DefinedService;
  /** The advertisers' ledger, statements, charges and invoices. */
  billing: DefinedService;
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
export async function startStack(
  overrides: Record<string, string> = {},
  /** A RabbitMQ node of the test's own (a test that stops its broker must never stop the shared one). */
  options: { amqpUrl?: string } = {},
): Promise<TestStack> {
  const amqpUrl = options.amqpUrl ?? urls.amqp;
  const ns = `t${randomBytes(4).toString('hex')}`;
  const realServers = available.postgres && available.rabbit && available.redis;
  const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const infra = realServers
    ? createDistributedInfra({
        databaseUrl: urls.database,
        amqpUrl,
        redisUrl: urls.redis,
        namespace: `${ns}.`,
        logger,
      })
    : createEmbeddedInfra({ dataDir: undefined, logger });
  const vapid = vapidKeys();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    INTERNAL_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAILS: ADMIN_EMAIL,
    BUS_NAMESPACE: `${ns}.`,
    // Most files never search: the place index is built in the first search that needs it, which can be a
    // service's call to the directory (the ad service checks a campaign's cities): give such calls the
    // seconds that first build takes. A test of the timeout itself sets its own.
    GAZETTEER_PRELOAD: 'false',
    DIRECTORY_TIMEOUT_MS: '15000',
    // As every started product has (made per data folder, or given): availability alerts are signed with it.
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:alerts@example.test',
    ...overrides,
  };
  const schema = (service: string) => (realServers ? `${ns}_${service}` : service);
  // Every built service of the list, listening on its own port as in the distributed mode, in the list's
  // order, each told the addresses of those before it (review and photo ask the directory).
  const photoStorageDir = await mkdtemp(path.join(os.tmpdir(), 'laundry-photos-'));
  const serviceEnv: Record<string, string> = {
    ...env,
    PHOTO_STORAGE_DIR: photoStorageDir,
    OCR_BACKOFF_MS: '100',
  };
  const services = (
    await startListedServices({
      env: serviceEnv,
      infra,
      envFor: (name) => ({ DB_SCHEMA: schema(name) }),
    })
  ).map(({ service }) => service);
  const named = (name: string) => services.find((service) => service.name === name)!;
  const identityDb = named('identity').db;
  // The OCR worker shares the photo service's database and storage folder.
  const ocrWorker = await createOcrWorker({
    config: loadConfig(photoConfigSchema, { ...serviceEnv, DB_SCHEMA: schema('photo') }),
    infra,
  });
  await ocrWorker.start();

  const redis = realServers ? new Redis(urls.redis) : undefined;
  const gatewayConfig = loadConfig(gatewayConfigSchema, serviceEnv);
  const upstreams = Object.fromEntries(
    services.map((service) => [service.name, serviceEnv[urlVariable(service.name)]!]),
  );
  const gateway = createHttpServer(
    createGatewayApp({
      config: gatewayConfig,
      logger,
      upstreams,
      redis,
      revocations: createSessionRevocations(infra.cache),
    }),
  );
  const gatewayPort = await gateway.start(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  // Without SMTP_URL (and DATABASE_URL) the identity service keeps its mail in the local outbox; a test
  // that sets SMTP_URL registers a reader of its own mail server.
  if (!serviceEnv.SMTP_URL)
    registerMailReader(baseUrl, outboxMailReader(serviceEnv[urlVariable('identity')]!));

  return {
    baseUrl,
    realServers,
    services: Object.fromEntries(services.map((service) => [service.name, service])),
    identity: named('identity'),
    directory: named('directory'),
    directoryDb: named('directory').db,
    review: named('review'),
    identityDb,
    photo: named('photo'),
    photoDb: named('photo').db,
    ad: named('ad'),
    billing: named('billing'),
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
        const names = services.map((service) => service.name);
        // One statement: eight drops one after another were a second of every file's end.
        await named('directory').db.exec(
          `DROP SCHEMA IF EXISTS ${names.map((name) => schema(name)).join(', ')} CASCADE`,
        );
        await removeBrokerNamespace(amqpUrl, `${ns}.`, names);
        const keys = await redis!.keys(`${ns}.*`);
        if (keys.length > 0) await redis!.del(...keys);
      }
      redis?.disconnect();
      await infra.close();
    },
  };
}
