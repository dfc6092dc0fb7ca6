import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createLogger, migrate, openPostgres, type Db, type Logger } from '@laundry/platform';
import { insertLaundromats } from '../../services/directory/src/infra/laundromat-bulk-insert.ts';
import { generateDemoLaundromats } from '../../scripts/src/demo-data.ts';
import { DIRECTORY_MIGRATIONS } from '../../scripts/src/directory-db.ts';
import { createProgressBar } from '../../scripts/src/progress-bar.ts';
import { benchEnv } from './bench-env.ts';

export interface LoadOptions {
  url: string;
  schema: string;
  count: number;
  logger: Logger;
  /** Rows generated and inserted at a time; only this many are ever held in memory. */
  chunkSize?: number;
}

export interface LoadResult {
  schema: string;
  rows: number;
  loaded: boolean;
  seconds: number;
  /** Highest resident set size seen while loading, in MiB. */
  peakRssMiB: number;
}

const DEFAULT_CHUNK = 50_000;

async function countRows(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM laundromats');
  return row?.n ?? 0;
}

/**
 * The generator is deterministic per (count, seed) and places each row by a running PRNG, so it cannot
 * produce row k of a million without producing the rows before it. Each chunk is therefore its own
 * generator call with its own seed: every chunk spreads over the same cities with the same weights, so
 * the union has the spatial shape of one big call, while only one chunk is in memory at a time.
 */
async function loadChunks(db: Db, count: number, chunkSize: number, onProgress: (done: number) => void) {
  let done = 0;
  for (let chunk = 0; done < count; chunk += 1) {
    const size = Math.min(chunkSize, count - done);
    const rows = generateDemoLaundromats({ count: size, seed: 1_000 + chunk });
    const base = done;
    await insertLaundromats(db, rows, { batchSize: 5_000, onProgress: (n) => onProgress(base + n) });
    done += size;
  }
}

/**
 * Makes `schema` hold exactly `count` listed demo laundromats: migrates, and loads unless the schema
 * already has that many rows (a partial or different load is truncated and redone), then ANALYZE.
 */
export async function loadLaundromats(options: LoadOptions): Promise<LoadResult> {
  const { logger, count, schema } = options;
  const started = performance.now();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
  const db = await openPostgres({ url: options.url, schema, logger, max: 2 });
  try {
    await migrate(db, DIRECTORY_MIGRATIONS, { logger });
    const existing = await countRows(db);
    if (existing === count) {
      return { schema, rows: existing, loaded: false, seconds: 0, peakRssMiB: 0 };
    }
    if (existing > 0) {
      logger.warn(
        { existing, wanted: count },
        'the bench schema holds a different number of rows; reloading',
      );
      await db.exec('TRUNCATE laundromats CASCADE');
    }
    const bar = createProgressBar(`Loading ${count} laundromats into "${schema}"`, count);
    await loadChunks(db, count, options.chunkSize ?? DEFAULT_CHUNK, (done) => bar.update(done));
    bar.stop();
    // Fresh statistics, so the planner sees a million rows rather than the empty table it was created as.
    await db.exec('ANALYZE laundromats');
    const rows = await countRows(db);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    return {
      schema,
      rows,
      loaded: true,
      seconds: (performance.now() - started) / 1000,
      peakRssMiB: Math.round(peakRss / 2 ** 20),
    };
  } finally {
    clearInterval(sampler);
    await db.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { count: { type: 'string' } } });
  const env = benchEnv();
  const count = values.count === undefined ? env.count : Number(values.count);
  if (!Number.isInteger(count) || count <= 0) throw new Error(`--count must be a positive whole number`);
  const logger = createLogger('bench-load', process.env.LOG_LEVEL ?? 'warn');
  const result = await loadLaundromats({ url: env.databaseUrl, schema: env.schema, count, logger });
  process.stdout.write(
    result.loaded
      ? `Loaded ${result.rows} laundromats into "${result.schema}" in ${result.seconds.toFixed(1)} s (peak RSS ${result.peakRssMiB} MiB)\n`
      : `"${result.schema}" already holds ${result.rows} laundromats; nothing to load\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    process.stderr.write(`load failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  });
}
