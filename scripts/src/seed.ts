import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createLogger, type Db, type Logger } from '@laundry/platform';
import { insertLaundromats } from '../../services/directory/src/infra/laundromat-bulk-insert.ts';
import { generateDemoLaundromats, type DemoLaundromat } from './demo-data.ts';
import { openDemoDbs } from './directory-db.ts';
import { createProgressBar } from './progress-bar.ts';
import { seedDemoReviews } from './seed-demo-reviews.ts';

export interface SeedOptions {
  count?: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedResult {
  inserted: number;
  updated: number;
  seconds: number;
}

/**
 * The last demo set generated, so the reviews seeded right after the laundromats do not generate it again
 * (a second or two of the first start); dropped once the reviews are written.
 */
let lastGenerated: { count?: number; seed?: number; rows: DemoLaundromat[] } | null = null;

function demoLaundromats(count?: number, seed?: number): DemoLaundromat[] {
  if (!lastGenerated || lastGenerated.count !== count || lastGenerated.seed !== seed)
    lastGenerated = { count, seed, rows: generateDemoLaundromats({ count, seed }) };
  return lastGenerated.rows;
}

/** Generates the demo set and upserts it, so seeding twice with the same seed leaves one copy. */
export async function seedDemoLaundromats(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const rows = demoLaundromats(options.count, options.seed);
  const { inserted, updated } = await insertLaundromats(db, rows, {
    batchSize: 2500,
    onProgress: (done) => options.onProgress?.(done, rows.length),
  });
  return { inserted, updated, seconds: (performance.now() - started) / 1000 };
}

/** Seeds the default demo set when the laundromats table has no rows at all; returns whether it did. */
export async function seedIfEmpty(
  db: Db,
  logger: Logger,
  options: Omit<SeedOptions, 'onProgress'> = {},
): Promise<boolean> {
  const [row] = await db.query<{ has_rows: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM laundromats) AS has_rows',
  );
  if (row?.has_rows) return false;
  logger.info('the directory is empty: seeding demo laundromats');
  const result = await seedDemoLaundromats(db, options);
  logger.info({ ...result, seconds: Number(result.seconds.toFixed(1)) }, 'demo laundromats seeded');
  return true;
}

/**
 * Writes the demo laundromats' reviews into the review service's database when demo laundromats exist and
 * their reviews do not (a first start, or a data folder seeded before demo reviews existed, whose claimed
 * counts are then set to the reviews written). Returns how many reviews it wrote.
 */
export async function seedDemoReviewsIfMissing(
  reviewDb: Db,
  directoryDb: Db,
  logger: Logger,
  options: Omit<SeedOptions, 'onProgress'> & { freshlySeeded?: boolean } = {},
): Promise<number> {
  const [demo] = await directoryDb.query<{ has_rows: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM laundromats WHERE source = 'demo') AS has_rows`,
  );
  if (!demo?.has_rows) return 0;
  // Checked before the set is generated again (a second or two of every start that needs nothing).
  const [reviews] = await reviewDb.query<{ has_rows: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM reviews WHERE is_demo) AS has_rows',
  );
  if (reviews?.has_rows) return 0;
  const started = performance.now();
  const laundromats = demoLaundromats(options.count, options.seed);
  const result = await seedDemoReviews(reviewDb, directoryDb, laundromats, {
    repairRatings: options.freshlySeeded !== true,
  });
  lastGenerated = null;
  if (result.inserted > 0 || result.repaired > 0) {
    const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    logger.info({ ...result, seconds }, 'demo reviews seeded');
  }
  return result.inserted;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`--${name} must be a whole number, got "${value}"`);
  return number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { count: { type: 'string' }, seed: { type: 'string' } } });
  const count = positiveInteger('count', values.count, 20_000);
  const seed = positiveInteger('seed', values.seed, 1);
  const logger = createLogger('seed', process.env.LOG_LEVEL ?? 'warn');
  const dbs = await openDemoDbs(logger);
  try {
    const bar = createProgressBar('Seeding laundromats', count);
    const result = await seedDemoLaundromats(dbs.directory, {
      count,
      seed,
      onProgress: (done) => bar.update(done),
    });
    bar.stop();
    const { kind, schema } = dbs.directory;
    process.stdout.write(
      `Seeded ${count} demo laundromats (seed ${seed}) into ${kind} schema "${schema}": ` +
        `${result.inserted} inserted, ${result.updated} updated in ${result.seconds.toFixed(1)} s\n`,
    );
    // Every rating and count the set claims is made of reviews that can be listed (README.md, Data).
    const reviews = await seedDemoReviews(dbs.review, dbs.directory, demoLaundromats(count, seed), {
      repairRatings: false,
    });
    process.stdout.write(
      `Wrote ${reviews.inserted} demo reviews for the laundromats that had none (schema "${dbs.review.schema}")\n`,
    );
  } finally {
    await dbs.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    process.stderr.write(`seed failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
