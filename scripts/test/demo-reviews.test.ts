import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@laundry/platform';
import { generateDemoLaundromats } from '../src/demo-data.ts';
import { seedDemoLaundromats, seedDemoReviewsIfMissing, seedIfEmpty } from '../src/seed.ts';
import { REVIEW_MIGRATIONS, seedDemoReviews } from '../src/seed-demo-reviews.ts';
import { createTestDb, type TestDb } from './support/test-db.ts';

/** Issue 15: every rating and count of the demo data set is made of demo reviews that can be listed. */

const logger = createLogger('test', 'silent');

describe('generateDemoLaundromats with reviews', () => {
  const rows = generateDemoLaundromats({ count: 2000, seed: 3 });

  it('when generated, then every count is the number of its reviews and the rating their average', () => {
    for (const row of rows) {
      expect(row.totalReviews).toBe(row.reviews.length);
      const mean = row.reviews.reduce((sum, r) => sum + r.overallRating, 0) / Math.max(1, row.reviews.length);
      expect(row.averageRating).toBe(row.reviews.length === 0 ? 0 : Math.round(mean * 100) / 100);
    }
  });

  it('when generated, then a handful per laundromat, some with none, and texts in several languages', () => {
    const counts = rows.map((row) => row.reviews.length);
    expect(Math.max(...counts)).toBeLessThanOrEqual(8);
    expect(counts.filter((n) => n === 0).length / rows.length).toBeGreaterThan(0.1);
    const texts = rows.flatMap((row) => row.reviews.map((r) => r.reviewText ?? ''));
    expect(texts.some((t) => /[\u4e00-\u9fff]/.test(t))).toBe(true); // Chinese
    expect(texts.some((t) => /[\u0900-\u097f]/.test(t))).toBe(true); // Hindi
    expect(texts.some((t) => /Máquinas|Personal amable/.test(t))).toBe(true); // Spanish
  });

  it('when a laundromat is in India or China, then most of its reviews are in Hindi or Chinese', () => {
    const share = (country: string, script: RegExp) => {
      const texts = rows
        .filter((row) => row.country === country)
        .flatMap((row) => row.reviews.map((r) => r.reviewText))
        .filter((text): text is string => text !== null);
      expect(texts.length).toBeGreaterThan(10);
      return texts.filter((text) => script.test(text)).length / texts.length;
    };
    expect(share('India', /[\u0900-\u097f]/)).toBeGreaterThan(0.5);
    expect(share('China', /[\u4e00-\u9fff]/)).toBeGreaterThan(0.5);
    expect(share('United States', /^[\x20-\x7e]+$/)).toBeGreaterThan(0.7);
  });

  it('when generated twice with the same seed, then the same laundromats and reviews', () => {
    expect(generateDemoLaundromats({ count: 2000, seed: 3 })).toEqual(rows);
  });
});

describe('seedDemoReviewsIfMissing', () => {
  let directory: TestDb;
  let reviews: TestDb;

  beforeAll(async () => {
    directory = await createTestDb('demo_reviews_dir');
    reviews = await createTestDb('demo_reviews_rev', REVIEW_MIGRATIONS);
  });

  afterAll(async () => {
    await directory?.drop();
    await reviews?.drop();
  });

  /** Laundromats whose claimed count differs from the demo reviews listed for them. */
  async function mismatches(): Promise<number> {
    const counts = await reviews.db.query<{ id: string; n: number }>(
      'SELECT laundromat_id AS id, count(*)::int AS n FROM reviews WHERE is_demo GROUP BY laundromat_id',
    );
    const listed = new Map(counts.map((row) => [row.id, row.n]));
    const claimed = await directory.db.query<{ id: string; total: number }>(
      `SELECT id, total_reviews AS total FROM laundromats WHERE source = 'demo'`,
    );
    return claimed.filter((row) => row.total !== (listed.get(row.id) ?? 0)).length;
  }

  it('when the directory is seeded, then its demo reviews are written and every count matches them', async () => {
    const seeded = await seedIfEmpty(directory.db, logger, { count: 300, seed: 5 });
    const written = await seedDemoReviewsIfMissing(reviews.db, directory.db, logger, {
      count: 300,
      seed: 5,
      freshlySeeded: seeded,
    });

    expect(written).toBeGreaterThan(300);
    expect(await mismatches()).toBe(0);
  });

  it('when demo reviews are already there, then nothing more is written', async () => {
    expect(await seedDemoReviewsIfMissing(reviews.db, directory.db, logger, { count: 300, seed: 5 })).toBe(0);
  });

  it('when an older data folder claims reviews that were never written, then its counts are set to the reviews', async () => {
    await reviews.db.exec('DELETE FROM reviews');
    await directory.db.exec(
      `UPDATE laundromats SET total_reviews = 80, average_rating = 3.1 WHERE source = 'demo'`,
    );
    expect(await mismatches()).toBeGreaterThan(0);

    await seedDemoReviewsIfMissing(reviews.db, directory.db, logger, { count: 300, seed: 5 });

    expect(await mismatches()).toBe(0);
  });

  it('when a larger set is seeded over it, then only the new laundromats get reviews and every count matches', async () => {
    const before = await reviews.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews');
    const laundromats = generateDemoLaundromats({ count: 400, seed: 5 });
    await seedDemoLaundromats(directory.db, { count: 400, seed: 5 });

    const result = await seedDemoReviews(reviews.db, directory.db, laundromats, { repairRatings: false });

    // Rows already there keep their ratings (and their reviews); the new ones come with theirs.
    const earlier = new Set(generateDemoLaundromats({ count: 300, seed: 5 }).map((row) => row.sourceRef));
    const added = laundromats
      .filter((row) => !earlier.has(row.sourceRef))
      .reduce((sum, row) => sum + row.reviews.length, 0);
    expect(added).toBeGreaterThan(0);
    const [after] = await reviews.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews');
    expect(result.inserted).toBe(added);
    expect(after!.n).toBe(before[0]!.n + added);
    expect(await mismatches()).toBe(0);
  });
});
