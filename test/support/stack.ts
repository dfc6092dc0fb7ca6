import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  createDistributedInfra,
  createEmbeddedInfra,
  createHttpServer,
  createLogger,
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

export const ADMIN_EMAIL = 'admin@example.test';

export interface TestStack {
  baseUrl: string;
  /** True when PostgreSQL, RabbitMQ and Redis answer (always in CI, where a missing one fails the run). */
  realServers: boolean;
  directory: DirectoryService;
  directoryDb: Db;
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

  const redis = realServers ? new Redis(urls.redis) : undefined;
  const gatewayConfig = loadConfig(gatewayConfigSchema, {
    ...env,
    IDENTITY_URL: url(0),
    DIRECTORY_URL: url(1),
  });
  const gateway = createHttpServer(
    createGatewayApp({
      config: gatewayConfig,
      logger,
      upstreams: { identity: url(0), directory: url(1) },
      redis,
    }),
  );
  const gatewayPort = await gateway.start(0, '127.0.0.1');

  return {
    baseUrl: `http://127.0.0.1:${gatewayPort}`,
    realServers,
    directory,
    directoryDb: directory.db,
    infra,
    env,
    async stop() {
      await gateway.stop();
      for (const service of services) await service.stop();
      if (realServers) {
        for (const name of ['identity', 'directory']) {
          await directory.db.exec(`DROP SCHEMA IF EXISTS ${schema(name)} CASCADE`);
        }
        await removeBrokerNamespace(urls.amqp, `${ns}.`, ['identity', 'directory']);
        const keys = await redis!.keys(`${ns}.*`);
        if (keys.length > 0) await redis!.del(...keys);
      }
      redis?.disconnect();
      await infra.close();
    },
  };
}
