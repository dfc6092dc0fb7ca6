import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';

// Each subpath of the kit loads only what its concern needs, so a service importing `@laundry/platform/http`
// does not start with PGlite, BullMQ or the RabbitMQ client in memory. The root entry keeps exporting
// everything, and so loads everything.

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const manifest = JSON.parse(readFileSync(`${packageDir}package.json`, 'utf8')) as {
  exports: Record<string, string>;
};

const pglite = ['@electric-sql/pglite', '@electric-sql/pglite-postgis'];
const rabbitmq = ['amqp-connection-manager', 'amqplib'];
// The OpenTelemetry SDK and its exporters load only when tracing starts (an OTLP endpoint is set): no
// subpath loads them on import, so a process without tracing never has them in memory.
const tracingSdk = [
  '@opentelemetry/sdk-trace-node',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/exporter-trace-otlp-proto',
];
const heavy = [...pglite, 'pg', ...rabbitmq, 'bullmq', 'ioredis', ...tracingSdk].sort();

/** The heavy client libraries each subpath may load when imported; anything else is a regression. */
const expected: Record<string, string[]> = {
  '.': heavy.filter((name) => !tracingSdk.includes(name)),
  './config': [],
  './logging': [],
  './errors': [],
  './http': [],
  './auth': [],
  './db': [],
  './db/postgres': ['pg'],
  './db/pglite': pglite,
  './bus': [],
  './bus/rabbitmq': rabbitmq,
  './outbox': [],
  './jobs': [],
  './jobs/bullmq': ['bullmq'],
  './cache': [],
  './cache/redis': ['ioredis'],
  // The embedded infra loads PGlite when a service first opens a database, the distributed one only when
  // infraFromConfig chooses it.
  './infra': [],
  './infra/distributed': ['pg', ...rabbitmq, 'bullmq', 'ioredis'].sort(),
  './service': [],
  './retention': [],
  './mail': [],
  './mail/smtp': [],
  './observability': [],
  './observability/testing': ['@opentelemetry/sdk-trace-node'],
};

const run = promisify(execFile);
const loaded = new Map<string, string[]>();

beforeAll(async () => {
  await Promise.all(
    Object.keys(manifest.exports).map(async (subpath) => {
      const specifier = `@laundry/platform${subpath.slice(1)}`;
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./support/loaded-packages.ts', import.meta.url)),
          specifier,
        ],
        { cwd: packageDir },
      );
      loaded.set(subpath, JSON.parse(stdout.trim().split('\n').at(-1)!) as string[]);
    }),
  );
});

describe("the kit's subpath exports", () => {
  test('when a subpath is exported, then this test says which heavy libraries it may load', () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(Object.keys(expected).sort());
  });

  test.each(Object.keys(expected))(
    'when %s is imported, then it loads only its own heavy libraries',
    (subpath) => {
      const heavyLoaded = (loaded.get(subpath) ?? []).filter((name) => heavy.includes(name));
      expect(heavyLoaded).toEqual(expected[subpath]);
    },
  );

  test('when the errors or the db interface is imported, then no package is loaded at all', () => {
    const loader = ['tsx', 'esbuild'];
    for (const subpath of ['./errors', './db']) {
      expect((loaded.get(subpath) ?? []).filter((name) => !loader.includes(name))).toEqual([]);
    }
  });
});
