import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { removeBrokerNamespace } from '../../test/support/broker-cleanup.ts';
import { services } from '../../services.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface StackOptions {
  databaseUrl: string;
  amqpUrl: string;
  redisUrl: string;
  directorySchema: string;
  identitySchema: string;
  /** Schema of the review service; its default ('review') when not given. */
  reviewSchema?: string;
  /** Schema of the ad service; its default ('ad') when not given. */
  adSchema?: string;
  /**
   * Every other service's schema is `<schemaPrefix>_<service>` when given (so no run touches the app's own
   * schemas); its default otherwise.
   */
  schemaPrefix?: string;
  /** Requests per minute per IP the gateway allows; the benchmark sends far more than a visitor. */
  rateLimitPerMinute: number;
  logLevel?: string;
  /**
   * Prefix of the stack's exchanges, queues and Redis keys; 'bench.' when not given. With
   * `removeNamespaceOnStop`, stop() deletes them (use a namespace of the run's own for that).
   */
  busNamespace?: string;
  removeNamespaceOnStop?: boolean;
  /** Further settings for every process of the stack (ADS_REFRESH_MS, say). */
  env?: Record<string, string>;
}

export interface RunningStack {
  gatewayUrl: string;
  directoryUrl: string;
  /** start-distributed's process: each server of the stack is a child of it. */
  runnerPid: number;
  stop(): Promise<void>;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports start-distributed may use from its base port on (one per service process), and one for the gateway. */
const SERVICE_PORTS = 8;

/**
 * start-distributed gives each service the next port from its base, so look for a free run of them. They are
 * drawn below Linux's ephemeral range (32768 and up by default): there, an outgoing connection made while
 * the stack starts (to PostgreSQL, Redis, RabbitMQ) can take a port between this check and the listen.
 */
async function freePorts(): Promise<{ base: number; gateway: number }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    const run = Array.from({ length: SERVICE_PORTS + 1 }, (_, i) => base + i);
    if ((await Promise.all(run.map(isFree))).every(Boolean)) return { base, gateway: base + SERVICE_PORTS };
  }
  throw new Error('no free loopback ports found for the benchmark stack');
}

/** Polls `url`/ready until it answers 200; fails early if `child` exits first. */
async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the stack stopped while starting (exit ${child.exitCode})`);
    const ready = await fetch(`${url}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the stack was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/** The built services' schema settings (AD_DB_SCHEMA, …), each `<prefix>_<service>`. */
const prefixedSchemas = (prefix: string) =>
  Object.fromEntries(
    services
      .filter((service) => 'load' in service)
      .map((service) => [`${service.name.toUpperCase()}_DB_SCHEMA`, `${prefix}_${service.name}`]),
  );

/**
 * Deletes what the stack's processes declared under `namespace`: each service's queues and the exchanges in
 * RabbitMQ, and every key (cache, rate limits, job queues) in Redis.
 */
async function removeNamespace(amqpUrl: string, redisUrl: string, namespace: string): Promise<void> {
  await removeBrokerNamespace(
    amqpUrl,
    namespace,
    services.filter((service) => 'load' in service).map((service) => service.name),
  );
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${namespace}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * The production shape on this machine: scripts/src/start-distributed.ts spawns identity, directory and
 * the gateway as separate processes. It runs in a process group of its own so stop() can end all of it,
 * children included, even if the runner itself no longer answers.
 */
export async function startDistributedStack(options: StackOptions): Promise<RunningStack> {
  const ports = await freePorts();
  const limit = String(options.rateLimitPerMinute);
  const namespace = options.busNamespace ?? 'bench.';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/src/start-distributed.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      AMQP_URL: options.amqpUrl,
      REDIS_URL: options.redisUrl,
      ...(options.schemaPrefix ? prefixedSchemas(options.schemaPrefix) : {}),
      ...(options.reviewSchema ? { REVIEW_DB_SCHEMA: options.reviewSchema } : {}),
      ...(options.adSchema ? { AD_DB_SCHEMA: options.adSchema } : {}),
      DIRECTORY_DB_SCHEMA: options.directorySchema,
      IDENTITY_DB_SCHEMA: options.identitySchema,
      SEED_DEMO_DATA: 'false',
      SERVICE_BASE_PORT: String(ports.base),
      PORT: String(ports.gateway),
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'warn',
      BUS_NAMESPACE: namespace,
      INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? randomBytes(32).toString('hex'),
      SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
      RATE_LIMIT_PER_MINUTE: limit,
      GEOCODE_RATE_LIMIT_PER_MINUTE: limit,
      WRITE_RATE_LIMIT_PER_MINUTE: limit,
      ...options.env,
    },
  });
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  let stopped: Promise<void> | undefined;
  const stopProcesses = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 20_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      // The runner forwards SIGTERM to its services and waits for them before it exits.
      child.kill('SIGTERM');
    });
  const stop = () =>
    (stopped ??= stopProcesses().then(() =>
      options.removeNamespaceOnStop
        ? removeNamespace(options.amqpUrl, options.redisUrl, namespace)
        : undefined,
    ));
  try {
    await waitForReady(gatewayUrl, child, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { gatewayUrl, directoryUrl: `http://127.0.0.1:${ports.base + 1}`, runnerPid: child.pid!, stop };
}
