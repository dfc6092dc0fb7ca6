import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger, openPostgres, migrate } from '@laundry/platform';
import { seedDemoReviewsIfMissing, seedIfEmpty } from './seed.ts';
import { DIRECTORY_MIGRATIONS } from './directory-db.ts';
import { REVIEW_MIGRATIONS } from './seed-demo-reviews.ts';
import { loadOrCreateSecrets } from './embedded-secrets.ts';
import { services, urlVariable } from '../../services.ts';

/**
 * The distributed mode on one machine: every service in a process of its own against DATABASE_URL, AMQP_URL
 * and REDIS_URL, the gateway in front on PORT (default 8080). Containers (docker-compose.yml, k8s/) run the
 * same entry points one per container.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const logger = createLogger('start-distributed', process.env.LOG_LEVEL ?? 'info');

const required = ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL'] as const;
const missing = required.filter((key) => !process.env[key]);
if (missing.length > 0) {
  process.stderr.write(`The distributed mode needs ${missing.join(', ')} (see README.md, Configuration).\n`);
  process.exit(2);
}

/** The built services of the list (skeletons have no API yet), moved to SERVICE_BASE_PORT when it is set. */
const portShift = Number(process.env.SERVICE_BASE_PORT ?? 4001) - services[0].port;
const running = services
  .filter((service) => 'load' in service)
  .map((service) => ({ ...service, port: service.port + portShift }));
const gatewayPort = Number(process.env.PORT ?? 8080);

/**
 * Each process serves its Prometheus metrics on a port of its own: the gateway on METRICS_BASE_PORT (9464 by
 * default), then each service in the list's order, then the workers. `off` serves none.
 */
const metricsBase = process.env.METRICS_BASE_PORT?.trim() || '9464';
const metricsPorts = new Map<string, string>(
  [
    'gateway',
    ...running.map((s) => s.name),
    ...running.flatMap((s) => ('worker' in s ? [s.worker.name] : [])),
  ].map((name, index) => [name, metricsBase === 'off' ? 'off' : String(Number(metricsBase) + index)]),
);

/**
 * Servers run without V8's memory reducer, as the images' CMD and `npm start` do
 * (docs/adr/0006-servers-without-memory-reducer.md).
 */
const SERVER_NODE_FLAGS = ['--no-memory-reducer'];

/** A crashed process comes back after 1 s, then 2, 4 … up to 30 s; one that ran a minute starts over at 1 s. */
const RESTART_DELAY_MS = { first: 1000, max: 30_000, stableAfter: 60_000 };

/**
 * Runs one server and restarts it whenever it stops on its own, with back-off, as an orchestrator would:
 * one crashed service is a gap in that service's answers, never the end of the stack.
 */
function supervise(name: string, entry: string, env: Record<string, string | undefined>): void {
  let delay = RESTART_DELAY_MS.first;
  const launch = () => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', entry], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.set(name, child);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt > RESTART_DELAY_MS.stableAfter) delay = RESTART_DELAY_MS.first;
      logger.error({ name, code, signal, restartInMs: delay }, 'a process stopped; restarting it');
      setTimeout(() => {
        if (!stopping) launch();
      }, delay);
      delay = Math.min(delay * 2, RESTART_DELAY_MS.max);
    });
  };
  launch();
}

async function waitUntilReady(name: string, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ready = await fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

let stopping = false;
/** The running process of each supervised name. */
const children = new Map<string, ChildProcess>();
async function stopAll(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    [...children.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(exitCode);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

async function startAll(): Promise<void> {
  // Like `npm start`, no secret anyone could know: one pair per data folder unless given (README.md).
  const secrets = await loadOrCreateSecrets(process.env.DATA_DIR ?? './.data');
  process.env.SESSION_SECRET ??= secrets.SESSION_SECRET;
  process.env.INTERNAL_SECRET ??= secrets.INTERNAL_SECRET;
  // The Web Push pair goes with the folder too, unless both halves are given.
  if (!process.env.VAPID_PUBLIC_KEY || !process.env.VAPID_PRIVATE_KEY) {
    process.env.VAPID_PUBLIC_KEY = secrets.VAPID_PUBLIC_KEY;
    process.env.VAPID_PRIVATE_KEY = secrets.VAPID_PRIVATE_KEY;
  }
  // Migrate and seed once, before the services start, so several replicas never race to seed.
  const directoryDb = await openPostgres({
    url: process.env.DATABASE_URL!,
    schema: process.env.DIRECTORY_DB_SCHEMA ?? 'directory',
    logger,
  });
  try {
    await migrate(directoryDb, DIRECTORY_MIGRATIONS, { logger });
    if (process.env.SEED_DEMO_DATA !== 'false') {
      const seeded = await seedIfEmpty(directoryDb, logger);
      // The demo laundromats' reviews, in the review service's schema, so every count shown can be listed.
      const reviewDb = await openPostgres({
        url: process.env.DATABASE_URL!,
        schema: process.env.REVIEW_DB_SCHEMA ?? 'review',
        logger,
      });
      try {
        await migrate(reviewDb, REVIEW_MIGRATIONS, { logger });
        await seedDemoReviewsIfMissing(reviewDb, directoryDb, logger, { freshlySeeded: seeded });
      } finally {
        await reviewDb.close();
      }
    }
  } finally {
    await directoryDb.close();
  }

  // Every service's address, for the gateway and for the services that call another (DIRECTORY_URL).
  const addresses = Object.fromEntries(
    running.map((service) => [urlVariable(service.name), `http://127.0.0.1:${service.port}`]),
  );
  const schemaOf = (name: string) => process.env[`${name.toUpperCase()}_DB_SCHEMA`];
  // A service's own pool size (AVAILABILITY_DB_POOL_MAX) before the one every process is given.
  const poolOf = (name: string) =>
    process.env[`${name.toUpperCase()}_DB_POOL_MAX`] ?? process.env.DB_POOL_MAX;
  for (const service of running) {
    if (stopping) return;
    supervise(service.name, service.entry, {
      ...addresses,
      PORT: String(service.port),
      METRICS_PORT: metricsPorts.get(service.name),
      HOST: '127.0.0.1',
      DB_SCHEMA: schemaOf(service.name),
      DB_POOL_MAX: poolOf(service.name),
    });
  }
  await Promise.all(running.map((s) => waitUntilReady(s.name, `http://127.0.0.1:${s.port}`)));
  if (stopping) return;
  // Workers take jobs from Redis, with their service's schema and settings; they listen only for metrics.
  for (const service of running) {
    if ('worker' in service) {
      supervise(service.worker.name, service.worker.entry, {
        ...addresses,
        METRICS_PORT: metricsPorts.get(service.worker.name),
        HOST: '127.0.0.1',
        DB_SCHEMA: schemaOf(service.name),
        DB_POOL_MAX: poolOf(service.name),
      });
    }
  }
  supervise('gateway', 'gateway/src/main.ts', {
    ...addresses,
    PORT: String(gatewayPort),
    METRICS_PORT: metricsPorts.get('gateway'),
  });
  await waitUntilReady('gateway', `http://127.0.0.1:${gatewayPort}`);
  if (metricsBase !== 'off') {
    const list = [...metricsPorts].map(([name, port]) => `${name} ${port}`).join(', ');
    logger.info(`metrics (GET /metrics on 127.0.0.1): ${list}`);
  }
  logger.info(`Laundromat Finder (distributed) is running on http://localhost:${gatewayPort}`);
}

// A failed start must not leave the services it already spawned running without their runner.
startAll().catch((error: unknown) => {
  logger.error({ err: error }, 'start-up failed; stopping the processes already started');
  void stopAll(1);
});
