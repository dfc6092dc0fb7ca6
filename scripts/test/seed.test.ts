import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@laundry/platform';
import { seedIfEmpty } from '../src/seed.ts';
import { createTestDb, type TestDb } from './support/test-db.ts';

let testDb: TestDb;
const logger = createLogger('test', 'silent');

beforeAll(async () => {
  testDb = await createTestDb('seed');
});

afterAll(async () => {
  await testDb.drop();
});

async function demoRowCount(): Promise<number> {
  const [row] = await testDb.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM laundromats WHERE is_demo AND source = 'demo'",
  );
  return row?.n ?? 0;
}

describe('seedIfEmpty', () => {
  it('when the directory is empty, then demo laundromats are seeded', async () => {
    expect(await seedIfEmpty(testDb.db, logger, { count: 300, seed: 5 })).toBe(true);
    expect(await demoRowCount()).toBe(300);
  });

  it('when the directory already has rows, then nothing is added', async () => {
    expect(await seedIfEmpty(testDb.db, logger, { count: 300, seed: 6 })).toBe(false);
    expect(await demoRowCount()).toBe(300);
  });
});
