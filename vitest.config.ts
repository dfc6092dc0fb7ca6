import { defineConfig } from 'vitest/config';

// test/distributed/ needs the real servers. Without them it is left out rather than skipped, except in CI,
// where it runs and fails with a message naming the missing URLs.
const realServers = Boolean(process.env.DATABASE_URL && process.env.AMQP_URL && process.env.REDIS_URL);
const needsRealServers = realServers || process.env.CI ? [] : ['test/distributed/**'];

export default defineConfig({
  test: {
    include: ['**/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**', ...needsRealServers],
    testTimeout: 60_000,
    // Starting PGlite with PostGIS takes seconds on the embedded path.
    hookTimeout: 180_000,
    pool: 'forks',
    // Most files spend their time waiting on servers (a run took as long with the machine loaded by other
    // work as idle), so three workers keep two cores busier than two did. Every file runs in a namespace of
    // its own (test/support/servers.ts), so files run side by side safely; VITEST_MAX_WORKERS changes it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
  },
});
