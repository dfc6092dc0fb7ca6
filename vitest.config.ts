import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// test/distributed/ needs the real servers. Without them it is left out rather than skipped, except in CI,
// where it runs and fails with a message naming the missing URLs.
const realServers = Boolean(process.env.DATABASE_URL && process.env.AMQP_URL && process.env.REDIS_URL);
const needsRealServers = realServers || process.env.CI ? [] : ['test/distributed/**'];

const include = ['**/test/**/*.test.ts'];
const exclude = ['**/node_modules/**', '**/dist/**', 'e2e/**', ...needsRealServers];

/**
 * What makes a test file more than code in memory: a server, database, broker or process it starts or
 * calls, a helper that starts one, fake timers, or a change to the environment.
 */
const startsSomething =
  /support\/(?!english|fixtures|laundromat-fixtures|osm-hours-values|pdf-text)|Stack|openPostgres|Infra|pglite|DATABASE_URL|AMQP_URL|REDIS_URL|amqplib|ioredis|spawn|execFile|fork\(|createServer|listen\(|startGateway|fetch\(|useFakeTimers|process\.env|chromium|playwright/i;

/**
 * Half the files test code in memory and run in milliseconds, but a fresh process per file spent seconds
 * importing the packages again for each: 120 such files took 459 s isolated and 109 s sharing their
 * workers' modules. Files that start servers keep a process each: shared, their stacks' leftovers slowed
 * and failed the ones after them.
 */
const skipped = new Set(['node_modules', 'dist', 'e2e', '.git', '.data']);
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : testFiles(path);
    return /(^|\/)test\/.*\.test\.ts$/.test(path) ? [path] : [];
  });
}
const inMemory = testFiles('.').filter((file) => !startsSomething.test(readFileSync(file, 'utf8')));

/**
 * The files that take a minute or more start first: a clean clone has no timings of earlier runs, and the
 * longest (the embedded database's template, 100 s) began last in one run, alone for its last minute and
 * a half while the other workers had nothing left.
 */
const longest = [
  'test/hostile/hostile-input.test.ts',
  'packages/platform/test/db/pglite-template.test.ts',
  'services/ad/test/api/ad-delivery.test.ts',
  'services/billing/test/consumers/nothing-lost.test.ts',
  'packages/platform/test/outbox/outbox.contract.test.ts',
  'services/directory/test/domain/osm-hours-agreement.test.ts',
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = longest.findIndex((name) => file.moduleId.endsWith(name));
      return index < 0 ? longest.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Starting PGlite with PostGIS takes seconds on the embedded path.
    hookTimeout: 180_000,
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    // Most files spend their time waiting on servers (a run took as long with the machine loaded by other
    // work as idle), so three workers keep two cores busier than two did. Every file runs in a namespace of
    // its own (test/support/servers.ts), so files run side by side safely; VITEST_MAX_WORKERS changes it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      { extends: true, test: { name: 'in-memory', include: inMemory, exclude, isolate: false } },
      { extends: true, test: { name: 'with-servers', include, exclude: [...exclude, ...inMemory] } },
    ],
  },
});
