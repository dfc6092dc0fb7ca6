import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger, openPostgres, migrate } from '@laundry/platform';
import { seedIfEmpty } from './seed.ts';
import { DIRECTORY_MIGRATIONS } from './directory-db.ts';

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

const basePort = Number(process.env.SERVICE_BASE_PORT ?? 4001);
const services = [
  { name: 'identity', port: basePort, entry: 'services/identity/src/main.ts' },
  { name: 'directory', port: basePort + 1, entry: 'services/directory/src/main.ts' },
  { name: 'review', port: basePort + 2, entry: 'services/review/src/main.ts' },
  { name: 'photo', port: basePort + 3, entry: 'services/photo/src/main.ts' },
];
const gatewayPort = Number(process.env.PORT ?? 8080);

/**
 * Every server runs without V8's memory reducer, as the Dockerfiles' CMD and `npm start` do. After a quiet
 * spell the reducer shrinks the heap, and V8 then kept the old generation's allocation limit just above the
 * live heap: under load again the gateway ran a full mark-compact every ~50 ms and spent about twice the CPU
 * per proxied request (0.42 ms before a 25 s pause, 0.83 ms after it, for as long as the load lasted;
 * bench/README.md, "Servers after a quiet spell"). A server keeps its heap for the next burst.
 */
const SERVER_NODE_FLAGS = ['--no-memory-reducer'];

function run(name: string, entry: string, env: Record<string, string | undefined>): ChildProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      logger.error({ name, code, signal }, 'a process stopped; stopping the others');
      void stopAll(1);
    }
  });
  return child;
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
const children: ChildProcess[] = [];
async function stopAll(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
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
  // Migrate and seed once, before the services start, so several replicas never race to seed.
  const directoryDb = await openPostgres({
    url: process.env.DATABASE_URL!,
    schema: process.env.DIRECTORY_DB_SCHEMA ?? 'directory',
    logger,
  });
  try {
    await migrate(directoryDb, DIRECTORY_MIGRATIONS, { logger });
    if (process.env.SEED_DEMO_DATA !== 'false') await seedIfEmpty(directoryDb, logger);
  } finally {
    await directoryDb.close();
  }

  const upstreamEnv: Record<string, string> = {};
  for (const service of services) {
    if (stopping) return;
    children.push(
      run(service.name, service.entry, {
        PORT: String(service.port),
        HOST: '127.0.0.1',
        DB_SCHEMA: process.env[`${service.name.toUpperCase()}_DB_SCHEMA`],
        // Review and photo ask the directory whether a laundromat exists.
        DIRECTORY_URL: `http://127.0.0.1:${basePort + 1}`,
      }),
    );
    upstreamEnv[`${service.name.toUpperCase()}_URL`] = `http://127.0.0.1:${service.port}`;
  }
  await Promise.all(services.map((s) => waitUntilReady(s.name, `http://127.0.0.1:${s.port}`)));
  if (stopping) return;
  // No port: it takes OCR jobs from Redis, with the photo service's schema and storage folder.
  children.push(
    run('photo-ocr-worker', 'services/photo/src/workers/ocr.worker.ts', {
      DB_SCHEMA: process.env.PHOTO_DB_SCHEMA,
    }),
  );
  children.push(run('gateway', 'gateway/src/main.ts', { ...upstreamEnv, PORT: String(gatewayPort) }));
  await waitUntilReady('gateway', `http://127.0.0.1:${gatewayPort}`);
  logger.info(`Laundromat Finder (distributed) is running on http://localhost:${gatewayPort}`);
}

// A failed start must not leave the services it already spawned running without their runner.
startAll().catch((error: unknown) => {
  logger.error({ err: error }, 'start-up failed; stopping the processes already started');
  void stopAll(1);
});
