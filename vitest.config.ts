import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    testTimeout: 60_000,
    // Starting PGlite with PostGIS takes seconds on the embedded path.
    hookTimeout: 180_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
