import { createLogger, migrate, openPostgres } from '@laundry/platform';
import { DIRECTORY_MIGRATIONS } from '../../scripts/src/directory-db.ts';
import { areaFromArguments, OVERPASS_USER_AGENT, syncOsm } from '../../scripts/src/sync-osm.ts';
import { laundryNode, startOverpassStandIn } from '../../scripts/test/support/overpass-stand-in.ts';
import { createOverpassClient } from '../../services/directory/src/infra/osm-sync/overpass-client.ts';
import { hostFacts } from './machine-facts.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { roundTo } from './statistics.ts';

/**
 * `npm run sync:osm` at scale: 200,000 laundries answered by the local stand-in Overpass server (tiles of
 * 1°, one request at a time, as against the public instance) synced into PostgreSQL, a first full read and
 * then a second run in which nothing changed upstream. Goal: ≥ 5,000 elements/s into PostgreSQL. Peak
 * memory is the process's resident set, sampled every 50 ms (the stand-in runs in the same process).
 *
 * Run: DATABASE_URL=postgres://… npm run bench:osm-sync -w bench
 */

const ELEMENTS = Number(process.env.BENCH_ELEMENTS ?? 200_000);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `bench_osm_sync_${process.pid}`;
const logger = createLogger('bench', 'warn');

const upstream = await startOverpassStandIn();
// A 4° × 5° square of Europe, 20 tiles, elements on a regular grid with varied hours and tags.
const hours = ['Mo-Su 07:00-22:00', '24/7', 'Mo-Fr 08:00-20:00; Sa 09:00-18:00', 'Mo-Sa 06:30-23:00'];
const side = Math.ceil(Math.sqrt(ELEMENTS));
for (let i = 0; i < ELEMENTS; i += 1)
  upstream.put(
    laundryNode(10_000_000 + i, 46 + (Math.floor(i / side) / side) * 3.99, 2 + ((i % side) / side) * 4.99, {
      opening_hours: hours[i % hours.length]!,
      ...(i % 5 === 0 ? { 'payment:cards': 'yes' } : {}),
    }),
  );

const db = await openPostgres({ url, schema, logger, max: 4 });
await migrate(db, DIRECTORY_MIGRATIONS, { logger });
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const client = createOverpassClient({ url: upstream.url, userAgent: OVERPASS_USER_AGENT });
const area = areaFromArguments({ bbox: '46,2,50,7' });
try {
  const first = await syncOsm(db, area, client, { tileDegrees: 1 });
  upstream.osmBase = '2026-11-02T00:00:00Z';
  const second = await syncOsm(db, area, client, { tileDegrees: 1 });
  clearInterval(sampler);
  const result = {
    benchmark: 'osm-sync',
    date: new Date().toISOString(),
    commit: gitCommit(),
    command: 'DATABASE_URL=postgres://… npm run bench:osm-sync -w bench',
    machine: hostFacts(),
    elements: ELEMENTS,
    tiles: first.tiles,
    firstRun: {
      seconds: roundTo(first.seconds, 2),
      elementsPerSecond: Math.round(ELEMENTS / first.seconds),
      added: first.added,
    },
    unchangedRerun: {
      seconds: roundTo(second.seconds, 2),
      elementsPerSecond: Math.round(ELEMENTS / second.seconds),
      unchanged: second.unchanged,
      requests: client.requests - first.tiles,
    },
    peakRssMb: Math.round(peakRss / 2 ** 20),
    goal: '≥ 5,000 elements/s into PostgreSQL (first run)',
    notMeasured: 'the search benchmark’s throughput ratio while a sync writes',
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${await writeResults('osm-sync', new Date(), result)}\n`);
} finally {
  clearInterval(sampler);
  await db.exec(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();
  await upstream.close();
}
