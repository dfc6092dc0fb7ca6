import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createLogger, type Db } from '@laundry/platform';
import {
  createOverpassClient,
  DEFAULT_OVERPASS_URL,
  OverpassError,
  OVERPASS_USER_AGENT,
  type OverpassClient,
} from '../../services/directory/src/infra/osm-sync/overpass-client.ts';
import { parseBoundingBox } from '../../services/directory/src/infra/osm-sync/overpass-query.ts';
import {
  syncOsmArea,
  type OsmSyncOptions,
  type OsmSyncSummary,
} from '../../services/directory/src/infra/osm-sync/osm-sync.ts';
import { overpassElementMapper } from '../../services/directory/src/infra/osm-sync/osm-laundromat.ts';
import {
  parseSyncArea,
  resolveArea,
  type ResolvedArea,
} from '../../services/directory/src/infra/osm-sync/osm-area.ts';
import { openDirectoryDb } from './directory-db.ts';
import { createProgressBar } from './progress-bar.ts';

export { OVERPASS_USER_AGENT };

const USAGE =
  'usage: npm run sync:osm -- --area "<place or ISO country code>" | --bbox S,W,N,E [--tile-degrees 2]\n' +
  `  reads shop=laundry and shop=dry_cleaning from OVERPASS_URL (default ${DEFAULT_OVERPASS_URL})`;

export function overpassClientFromEnv(env: NodeJS.ProcessEnv = process.env): OverpassClient {
  const seconds = (name: string) => (env[name] ? Number(env[name]) * 1000 : undefined);
  return createOverpassClient({
    url: env.OVERPASS_URL || DEFAULT_OVERPASS_URL,
    userAgent: env.OVERPASS_USER_AGENT || OVERPASS_USER_AGENT,
    timeoutMs: seconds('OVERPASS_TIMEOUT_SECONDS'),
    attempts: env.OVERPASS_ATTEMPTS ? Number(env.OVERPASS_ATTEMPTS) : undefined,
    backoffMs: seconds('OVERPASS_BACKOFF_SECONDS'),
  });
}

/** The area a command line names; throws with the usage when it names none or a bad one. */
export function areaFromArguments(args: { area?: string; bbox?: string }): ResolvedArea {
  if (args.area && args.bbox) throw new Error(`give --area or --bbox, not both\n${USAGE}`);
  if (args.bbox) {
    const bbox = parseBoundingBox(args.bbox);
    if (!bbox)
      throw new Error(
        `--bbox must be south,west,north,east in degrees with south < north and west < east, such as 48.8,2.25,48.9,2.42 (got '${args.bbox}')`,
      );
    return parseSyncArea(args.bbox);
  }
  if (args.area) return resolveArea(args.area);
  throw new Error(USAGE);
}

export async function syncOsm(
  db: Db,
  area: ResolvedArea,
  client: OverpassClient,
  options: Omit<OsmSyncOptions, 'keepTile'> = {},
): Promise<OsmSyncSummary> {
  return syncOsmArea(db, client, { key: area.key, bbox: area.bbox }, overpassElementMapper(), {
    ...options,
    ...(area.keepTile ? { keepTile: area.keepTile } : {}),
  });
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function formatSyncSummary(label: string, summary: OsmSyncSummary, requests: number): string {
  const skipped = Object.entries(summary.skipped);
  const lines = [
    `Synced ${label} from OpenStreetMap in ${summary.seconds.toFixed(1)} s ` +
      `(${summary.incremental ? 'changes since the last sync' : 'full read'}, ${count(summary.tiles, 'tile')}, ${count(requests, 'request')}):`,
    `  ${summary.added} added, ${summary.updated} updated, ${summary.closed} marked closed, ${summary.unchanged} unchanged`,
    ...skipped.map(([reason, n]) => `  skipped ${n}: ${reason}`),
    ...(summary.osmBase ? [`  data as of ${summary.osmBase}; the next run asks for changes since then`] : []),
    'Data © OpenStreetMap contributors, ODbL (https://www.openstreetmap.org/copyright).',
  ];
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { area: { type: 'string' }, bbox: { type: 'string' }, 'tile-degrees': { type: 'string' } },
  });
  const area = areaFromArguments(values);
  const tileDegrees = values['tile-degrees'] ? Number(values['tile-degrees']) : undefined;
  if (tileDegrees !== undefined && !(tileDegrees > 0 && tileDegrees <= 45))
    throw new Error('--tile-degrees must be a number of degrees above 0 and at most 45');
  const logger = createLogger('sync-osm', process.env.LOG_LEVEL ?? 'warn');
  const client = overpassClientFromEnv();
  const directory = await openDirectoryDb(logger);
  let bar: ReturnType<typeof createProgressBar> | undefined;
  try {
    const summary = await syncOsm(directory.db, area, client, {
      ...(tileDegrees ? { tileDegrees } : {}),
      onStart: (tiles) => (bar = createProgressBar(`Syncing ${area.label}`, tiles)),
      onTile: (done) => bar?.update(done),
    });
    bar?.stop();
    process.stdout.write(formatSyncSummary(area.label, summary, client.requests));
  } catch (err) {
    bar?.stop();
    if (err instanceof OverpassError)
      throw new Error(
        `${err.message}. The tile being read was left as it was and the area keeps its last sync time; run the command again later.`,
      );
    throw err;
  } finally {
    await directory.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    process.stderr.write(`sync:osm failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
