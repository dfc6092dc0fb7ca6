import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { pino, type Logger } from 'pino';

/**
 * The real-server variants use the configured URLs, else the standard loopback ones, and are skipped when
 * nothing answers there, so the suites still pass (on the embedded adapters) on a machine without servers.
 */
export const urls = {
  database: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  amqp: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

export const available = {
  postgres: await reachable(urls.database),
  rabbit: await reachable(urls.amqp),
  redis: await reachable(urls.redis),
};

// Where servers are promised (CI, or URLs given explicitly), a missing one is a failure, never a quiet skip.
const promised = {
  postgres: Boolean(process.env.DATABASE_URL),
  rabbit: Boolean(process.env.AMQP_URL),
  redis: Boolean(process.env.REDIS_URL),
};
for (const [server, isUp] of Object.entries(available) as [keyof typeof available, boolean][]) {
  if (!isUp && (process.env.CI || promised[server])) {
    throw new Error(
      `${server} is not reachable (${server === 'postgres' ? urls.database : server === 'rabbit' ? urls.amqp : urls.redis}); the real-server suites need it`,
    );
  }
}

/** Unique per test file run, so suites running in parallel never share a schema, queue or key. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
}

export const silentLogger: Logger = pino({ level: 'silent' });

/** A logger whose records the test can read (for warnings it must emit). */
export function capturingLogger(): { logger: Logger; records: Array<{ level: number; msg: string }> } {
  const records: Array<{ level: number; msg: string }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => records.push(JSON.parse(line)) });
  return { logger, records };
}

export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
