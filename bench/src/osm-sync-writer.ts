import { createLogger, openPostgres } from '@laundry/platform';
import { areaFromArguments, OVERPASS_USER_AGENT, syncOsm } from '../../scripts/src/sync-osm.ts';
import { startOverpassStandIn } from '../../scripts/test/support/overpass-stand-in.ts';
import { createOverpassClient } from '../../services/directory/src/infra/osm-sync/overpass-client.ts';
import { putLaundryGrid } from './osm-sync-grid.ts';

/**
 * The sync that writes while the OSM sync benchmark measures searches: a first read of OSM_WRITER_ELEMENTS
 * laundries in the 4° × 5° box south of the searched one, into the schema the stack serves, in a process
 * of its own so its work does not share the measuring process's event loop. Says "ready" on stdout when
 * its stand-in is filled, starts on a line on stdin, and ends with its summary as one JSON line.
 */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = process.env.OSM_WRITER_SCHEMA!;
const elements = Number(process.env.OSM_WRITER_ELEMENTS ?? 200_000);
const logger = createLogger('bench-writer', 'warn');

const upstream = await startOverpassStandIn();
putLaundryGrid(upstream, elements, 41, 2, 20_000_000);
const db = await openPostgres({ url, schema, logger, max: 4 });
const client = createOverpassClient({ url: upstream.url, userAgent: OVERPASS_USER_AGENT });
try {
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const summary = await syncOsm(db, areaFromArguments({ bbox: '41,2,45,7' }), client, { tileDegrees: 1 });
  process.stdout.write(`${JSON.stringify(summary)}\n`);
} finally {
  await db.close();
  await upstream.close();
  process.stdin.destroy();
}
