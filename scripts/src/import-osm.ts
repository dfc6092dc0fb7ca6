import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createLogger, type Db } from '@laundry/platform';
import {
  insertLaundromats,
  type NewLaundromatRow,
} from '../../services/directory/src/infra/laundromat-bulk-insert.ts';
import { openDirectoryDb } from './directory-db.ts';
import { createNearestCityFinder } from '../../services/directory/src/infra/osm-sync/nearest-city.ts';
import { mapOsmFeature } from '../../services/directory/src/infra/osm-sync/osm-laundromat.ts';
import { readOsmExtract } from './osm/osm-extract.ts';
import { createProgressBar } from './progress-bar.ts';

export interface OsmImportSummary {
  read: number;
  inserted: number;
  updated: number;
  skipped: Record<string, number>;
  /** Imported under a generic name because the object had none. */
  unnamed: number;
  /** Imported without hours because opening_hours could not be used, by reason. */
  hoursDropped: Record<string, number>;
  seconds: number;
}

export interface OsmImportOptions {
  batchSize?: number;
  onStart?: (rowsToWrite: number) => void;
  onProgress?: (done: number) => void;
}

function countInto(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** Imports an OSM extract of laundries; re-importing the same objects updates them (source 'osm', '<type>/<id>'). */
export async function importOsmFile(
  db: Db,
  file: string,
  options: OsmImportOptions = {},
): Promise<OsmImportSummary> {
  const started = performance.now();
  const features = await readOsmExtract(file);
  const nearestCity = createNearestCityFinder();
  const rows: NewLaundromatRow[] = [];
  const skipped: Record<string, number> = {};
  const hoursDropped: Record<string, number> = {};
  let unnamed = 0;
  for (const feature of features) {
    const mapped = mapOsmFeature(feature, nearestCity);
    if (!mapped.ok) {
      countInto(skipped, mapped.reason);
      continue;
    }
    rows.push(mapped.row);
    if (mapped.unnamed) unnamed += 1;
    // Parser messages quote the value; the reason before the colon is what groups well in a summary.
    if (mapped.hoursProblem)
      countInto(hoursDropped, mapped.hoursProblem.split(':')[0] ?? mapped.hoursProblem);
  }
  options.onStart?.(rows.length);
  const { inserted, updated } = await insertLaundromats(db, rows, {
    batchSize: options.batchSize ?? 2000,
    onProgress: options.onProgress,
  });
  return {
    read: features.length,
    inserted,
    updated,
    skipped,
    unnamed,
    hoursDropped,
    seconds: (performance.now() - started) / 1000,
  };
}

function formatSummary(file: string, summary: OsmImportSummary): string {
  const lines = [
    `Imported ${path.basename(file)} in ${summary.seconds.toFixed(1)} s: ${summary.read} objects read, ` +
      `${summary.inserted} new, ${summary.updated} updated, ` +
      `${Object.values(summary.skipped).reduce((a, b) => a + b, 0)} skipped`,
    ...Object.entries(summary.skipped).map(([reason, n]) => `  skipped ${n}: ${reason}`),
    ...(summary.unnamed > 0
      ? [`  ${summary.unnamed} without a name were imported as 'Laundromat' / 'Dry Cleaner'`]
      : []),
    ...Object.entries(summary.hoursDropped).map(([reason, n]) => `  ${n} imported without hours: ${reason}`),
    'Data © OpenStreetMap contributors (ODbL).',
  ];
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file)
    throw new Error(
      'usage: npm run import:osm -- FILE (Overpass JSON or GeoJSON of shop=laundry / shop=dry_cleaning)',
    );
  const logger = createLogger('import-osm', process.env.LOG_LEVEL ?? 'warn');
  const directory = await openDirectoryDb(logger);
  try {
    let bar: ReturnType<typeof createProgressBar> | undefined;
    const summary = await importOsmFile(directory.db, file, {
      onStart: (total) => (bar = createProgressBar('Importing laundromats', total)),
      onProgress: (done) => bar?.update(done),
    });
    bar?.stop();
    process.stdout.write(formatSummary(file, summary));
  } finally {
    await directory.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    process.stderr.write(`import:osm failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
