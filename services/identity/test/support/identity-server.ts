import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { loadConfig } from '@laundry/platform/config';
import { createSessionRevocations, type SessionRevocations } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { createEmbeddedInfra, type Infra } from '@laundry/platform/infra';
import { createDistributedInfra } from '@laundry/platform/infra/distributed';
import { createService } from '@laundry/platform/service';
import { identityService } from '../../src/app.ts';
import { identityConfigSchema, type IdentityConfig } from '../../src/config.ts';
import { available, urls } from '../../../../test/support/servers.ts';
import { removeBrokerNamespace } from '../../../../test/support/broker-cleanup.ts';

export { urls };

/** Real PostgreSQL and Redis when they answer (CI, this machine); the embedded adapters otherwise. */
export const realServers = available.postgres && available.redis;

export interface IdentityTestServer {
  baseUrl: string;
  config: IdentityConfig;
  /** The service's own schema, for asserting stored state. */
  db: Db;
  /** The sessions signed out of, as the gateway reads them (the shared cache). */
  revocations: SessionRevocations;
  /** Keys of the shared cache written by this server (Redis only; [] on the memory cache). */
  cacheKeys(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Starts the identity service in-process on port 0, in a schema and key namespace of its own. A setting
 * given as undefined is left out (DATABASE_URL: undefined makes the service see the embedded mode while it
 * still runs on the real servers).
 */
export async function startIdentityServer(
  env: Record<string, string | undefined> = {},
): Promise<IdentityTestServer> {
  const unique = `identity_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const settings: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DB_SCHEMA: unique,
    BUS_NAMESPACE: `${unique}.`,
    INTERNAL_SECRET: 'identity-test-internal-secret',
    SESSION_SECRET: 'identity-test-session-secret-0123456789abcdef',
    ...(realServers ? { DATABASE_URL: urls.database, REDIS_URL: urls.redis, AMQP_URL: urls.amqp } : {}),
    ...env,
  };
  const config = loadConfig(
    identityConfigSchema,
    Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)),
  );
  const logger = pino({ level: 'silent' });
  const infra: Infra = realServers
    ? createDistributedInfra({
        databaseUrl: urls.database,
        amqpUrl: urls.amqp,
        redisUrl: urls.redis,
        namespace: config.BUS_NAMESPACE,
        logger,
      })
    : createEmbeddedInfra({ dataDir: undefined, logger });
  const service = await createService(identityService, { config, infra });
  const { port } = await service.start({ port: 0, host: '127.0.0.1' });
  const db = service.db;
  const cachePrefix = `${config.BUS_NAMESPACE}cache:`;

  const withRedis = async <T>(fn: (redis: Redis) => Promise<T>): Promise<T> => {
    const redis = new Redis(urls.redis);
    try {
      return await fn(redis);
    } finally {
      await redis.quit();
    }
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    db,
    revocations: createSessionRevocations(infra.cache),
    cacheKeys: () =>
      realServers ? withRedis((redis) => redis.keys(`${cachePrefix}*`)) : Promise.resolve([]),
    async stop() {
      await service.stop();
      if (realServers) {
        await db.exec(`DROP SCHEMA IF EXISTS ${unique} CASCADE`);
        // The service consumes contribution events on a queue of its own under this namespace.
        await removeBrokerNamespace(urls.amqp, config.BUS_NAMESPACE, ['identity']);
        // The cache's keys and the account e-mail queue's (BullMQ) alike.
        await withRedis(async (redis) => {
          const keys = await redis.keys(`${config.BUS_NAMESPACE}*`);
          if (keys.length > 0) await redis.del(...keys);
        });
      }
      await infra.close();
    },
  };
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export async function postJson<T = Record<string, unknown>>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

export function uniqueEmail(label: string): string {
  return `${label}.${randomBytes(4).toString('hex')}@example.com`;
}

/** The session cookie's value and attributes from a Set-Cookie header. */
export function readSessionCookie(headers: Headers): { value: string; attributes: string[] } | undefined {
  const cookie = headers.getSetCookie().find((line) => line.startsWith('sid='));
  if (!cookie) return undefined;
  const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
  return { value: decodeURIComponent(pair.slice('sid='.length)), attributes };
}

/**
 * Creates an account, proves its address and signs it in with its password, for tests about something
 * else than sign-up: registering answers 202 and signs nobody in, and an unproved address cannot sign in
 * with a password (its mailed link does, tested in email-verification.test.ts). The address is marked
 * proved in the database, as following that link would. Answers the sign-in's response.
 */
export async function registerAndSignIn<T = Record<string, unknown>>(
  server: Pick<IdentityTestServer, 'baseUrl' | 'db'>,
  body: { email: string; password: string } & Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  const registered = await postJson(`${server.baseUrl}/api/auth/register`, body, headers);
  if (registered.status !== 202) throw new Error(`sign-up failed: ${registered.status}`);
  await server.db.query('UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1)', [
    body.email,
  ]);
  return postJson<T>(
    `${server.baseUrl}/api/auth/login`,
    { email: body.email, password: body.password },
    headers,
  );
}
