import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../scripts/test/support/test-db.ts';
import { insertLaundromats, type NewLaundromatRow } from '../../src/infra/laundromat-bulk-insert.ts';

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb('bulk_insert');
});

afterAll(async () => {
  await testDb.drop();
});

function row(index: number, overrides: Partial<NewLaundromatRow> = {}): NewLaundromatRow {
  return {
    name: `Test Laundromat ${index}`,
    latitude: 51.5 + index / 1000,
    longitude: -0.12,
    source: 'bulk-test',
    sourceRef: `ref-${index}`,
    ...overrides,
  };
}

describe('insertLaundromats', () => {
  it('when many rows are inserted in batches, then every row is stored with its point, time zone and defaults', async () => {
    const progress: number[] = [];
    const rows = Array.from({ length: 1205 }, (_, i) => row(i));

    const result = await insertLaundromats(testDb.db, rows, {
      batchSize: 500,
      onProgress: (done) => progress.push(done),
    });

    expect(result).toEqual({ inserted: 1205, updated: 0 });
    expect(progress).toEqual([500, 1000, 1205]);
    const [stored] = await testDb.db.query<Record<string, unknown>>(
      `SELECT name, time_zone, is_self_service, accepts_coin, currency, status, hours, average_rating,
              ST_X(location::geometry) AS x, ST_Y(location::geometry) AS y
       FROM laundromats WHERE source_ref = 'ref-3'`,
    );
    expect(stored).toMatchObject({
      name: 'Test Laundromat 3',
      time_zone: 'Europe/London',
      is_self_service: true,
      accepts_coin: true,
      currency: 'USD',
      status: 'approved',
      hours: null,
      x: -0.12,
      y: 51.503,
    });
    expect(Number(stored?.average_rating)).toBe(0);
  });

  it('when rows carry every field, then each lands in its column', async () => {
    await insertLaundromats(testDb.db, [
      row(5000, {
        address: '1 Demo Street (demo)',
        city: 'Tokyo',
        country: 'Japan',
        latitude: 35.68,
        longitude: 139.76,
        phone: '+81 555 0100',
        website: 'https://example.com/demo/x',
        hours: { monday: '7:00-22:00', sunday: 'closed' },
        hasWifi: true,
        isSelfService: false,
        numWashers: 12,
        washPriceSmall: 400,
        dryPrice15min: 100,
        currency: 'JPY',
        averageRating: 4.25,
        totalReviews: 17,
        safetyScore: 3.5,
        isDemo: true,
      }),
    ]);

    const [stored] = await testDb.db.query<Record<string, unknown>>(
      `SELECT * FROM laundromats WHERE source_ref = 'ref-5000'`,
    );

    expect(stored).toMatchObject({
      address: '1 Demo Street (demo)',
      city: 'Tokyo',
      country: 'Japan',
      time_zone: 'Asia/Tokyo',
      phone: '+81 555 0100',
      hours: { monday: '7:00-22:00', sunday: 'closed' },
      has_wifi: true,
      is_self_service: false,
      num_washers: 12,
      wash_price_small: '400.00',
      dry_price_15min: '100.00',
      currency: 'JPY',
      average_rating: '4.25',
      total_reviews: 17,
      safety_score: '3.50',
      is_demo: true,
    });
  });

  it('when the same source refs are inserted again, then rows are updated, not duplicated, and review data is kept', async () => {
    await testDb.db.query(
      `UPDATE laundromats SET average_rating = 4.5, total_reviews = 2 WHERE source_ref = 'ref-7'`,
    );

    const result = await insertLaundromats(testDb.db, [
      row(7, { name: 'Renamed', averageRating: 1 }),
      row(8, { name: 'First copy' }),
      row(8, { name: 'Second copy' }),
      row(9_999),
    ]);

    expect(result).toEqual({ inserted: 1, updated: 2 });
    const stored = await testDb.db.query<{ source_ref: string; name: string; average_rating: string }>(
      `SELECT source_ref, name, average_rating FROM laundromats WHERE source_ref IN ('ref-7', 'ref-8') ORDER BY source_ref`,
    );
    expect(stored).toEqual([
      { source_ref: 'ref-7', name: 'Renamed', average_rating: '4.50' },
      { source_ref: 'ref-8', name: 'Second copy', average_rating: '0.00' },
    ]);
  });

  it('when rows have no source ref, then each insert adds a new row', async () => {
    const plain = row(1, { source: 'user', sourceRef: null, name: 'No ref' });

    await insertLaundromats(testDb.db, [plain, plain]);

    const [counted] = await testDb.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM laundromats WHERE name = 'No ref'`,
    );
    expect(counted?.n).toBe(2);
  });
});
