import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createLogger, migrate, openPostgres } from '@laundry/platform';
import { DIRECTORY_MIGRATIONS } from '../../scripts/src/directory-db.ts';
import { areaFromArguments, OVERPASS_USER_AGENT, syncOsm } from '../../scripts/src/sync-osm.ts';
import { startOverpassStandIn } from '../../scripts/test/support/overpass-stand-in.ts';
import { createLaundromatRepository } from '../../services/directory/src/infra/laundromat-repository.ts';
import { createOverpassClient } from '../../services/directory/src/infra/osm-sync/overpass-client.ts';
import { createSeededRandom } from '../../scripts/src/seeded-random.ts';
import { positive } from './bench-env.ts';
import { startDistributedStack, type RunningStack } from './distributed-stack.ts';
import { hostFacts } from './machine-facts.ts';
import {
  combineRounds,
  measureHttp,
  measureLoops,
  throughputRatios,
  type Measurement,
} from './measurement.ts';
import { putLaundryGrid } from './osm-sync-grid.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { findListedArgsFor } from './search-args.ts';
import { roundTo } from './statistics.ts';

/**
 * `npm run sync:osm` at scale: 200,000 laundries answered by the local stand-in Overpass server (tiles of
 * 1°, one request at a time, as against the public instance) synced into PostgreSQL, a first full read and
 * then a second run in which nothing changed upstream. Goal: ≥ 5,000 elements/s into PostgreSQL. Peak
 * memory is the process's resident set, sampled every 50 ms (the stand-in runs in the same process).
 *
 * Then the search API while a sync writes: the distributed stack serves the synced laundromats, and the
 * search benchmark's measurement (direct query on a pool of 10 against the gateway, same paths, same
 * concurrency, rounds in turn, the ratio the median of the rounds') runs once with nothing else writing
 * and then while a second first read (another 200,000 laundries by default, BENCH_WRITER_ELEMENTS, south of the searched box, in a process
 * of its own) writes into the same table. Goal: the API keeps ≥ 0.4× the direct query's throughput.
 *
 * Run: DATABASE_URL=postgres://… npm run bench:osm-sync -w bench
 */

const ELEMENTS = Number(process.env.BENCH_ELEMENTS ?? 200_000);
const SECONDS = positive('BENCH_DURATION', 5);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 10);
const QUIET_ROUNDS = positive('BENCH_QUIET_ROUNDS', 2);
/** Laundries the sync that writes during the searches adds (a first read of its own box). */
const WRITER_ELEMENTS = positive('BENCH_WRITER_ELEMENTS', ELEMENTS);
const RATE_LIMIT = 100_000_000;
const COMMAND = `DATABASE_URL=postgres://… ${[
  'BENCH_ELEMENTS',
  'BENCH_WRITER_ELEMENTS',
  'BENCH_QUIET_ROUNDS',
  'BENCH_DURATION',
]
  .filter((n) => process.env[n])
  .map((n) => `${n}=${process.env[n]} `)
  .join('')}npm run bench:osm-sync -w bench`;
const SERVICE_POOL_SIZE = 10;
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const schema = `bench_osm_sync_${process.pid}`;
const logger = createLogger('bench', 'warn');
const write = (text: string) => process.stdout.write(text);

/** Seeded points inside the searched box, and the nearest-50 and 10 km viewport paths at each. */
function searchPaths(count = 100): { nearest: string[]; bounds: string[] } {
  const random = createSeededRandom(29);
  const nearest: string[] = [];
  const bounds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const latitude = roundTo(46.3 + random() * 3.4, 6);
    const longitude = roundTo(2.3 + random() * 4.4, 6);
    const halfLat = 5 / 111.32;
    const halfLon = 5 / (111.32 * Math.cos((latitude * Math.PI) / 180));
    nearest.push(`/api/laundromats?latitude=${latitude}&longitude=${longitude}&limit=50`);
    const box = {
      north: roundTo(latitude + halfLat, 6),
      south: roundTo(latitude - halfLat, 6),
      east: roundTo(longitude + halfLon, 6),
      west: roundTo(longitude - halfLon, 6),
    };
    bounds.push(`/api/laundromats?bounds=${encodeURIComponent(JSON.stringify(box))}&limit=50`);
  }
  return { nearest, bounds };
}

/** Starts the writer process; resolves once its stand-in holds its elements. */
async function startWriter(): Promise<{ child: ChildProcess; lines: AsyncIterator<string> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./osm-sync-writer.ts', import.meta.url))],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: url,
        OSM_WRITER_SCHEMA: schema,
        OSM_WRITER_ELEMENTS: String(WRITER_ELEMENTS),
      },
    },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.value !== 'ready') throw new Error(`the sync writer did not start (${String(first.value)})`);
  return { child, lines };
}

const upstream = await startOverpassStandIn();
// A 4° × 5° square of Europe, 20 tiles, elements on a regular grid with varied hours and tags.
putLaundryGrid(upstream, ELEMENTS, 46, 2, 10_000_000);

const db = await openPostgres({ url, schema, logger, max: SERVICE_POOL_SIZE });
await migrate(db, DIRECTORY_MIGRATIONS, { logger });
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const client = createOverpassClient({ url: upstream.url, userAgent: OVERPASS_USER_AGENT });
const area = areaFromArguments({ bbox: '46,2,50,7' });
let stack: RunningStack | undefined;
let writer: ChildProcess | undefined;
try {
  const machineBefore = hostFacts();
  const first = await syncOsm(db, area, client, { tileDegrees: 1 });
  upstream.osmBase = '2026-11-02T00:00:00Z';
  const second = await syncOsm(db, area, client, { tileDegrees: 1 });
  clearInterval(sampler);
  const loadAfterSync = hostFacts().loadAverage;
  write(
    `first read ${Math.round(ELEMENTS / first.seconds)} elements/s (${first.seconds.toFixed(1)} s), unchanged re-run ${Math.round(ELEMENTS / second.seconds)}/s\n`,
  );
  await upstream.close();
  upstream.elements.clear();

  // The search API while a sync writes.
  await db.exec('ANALYZE laundromats');
  stack = await startDistributedStack({
    databaseUrl: url,
    amqpUrl,
    redisUrl,
    directorySchema: schema,
    identitySchema: 'bench_identity',
    // Every other service on a schema of the run's own, never the app's.
    schemaPrefix: schema,
    rateLimitPerMinute: RATE_LIMIT,
    busNamespace: `bench.osm.${process.pid}.`,
    removeNamespaceOnStop: true,
  });
  const repository = createLaundromatRepository(db);
  const paths = searchPaths();
  const scenarios = await Promise.all(
    (['nearest', 'bounds'] as const).map(async (name) => {
      const list = paths[name];
      const args = await Promise.all(list.map(findListedArgsFor));
      const response = await fetch(`${stack!.gatewayUrl}${list[0]}`);
      const body = (await response.json()) as { items: { id: string }[] };
      const direct = await repository.findListed({ ...args[0]!, now: new Date() });
      const ids = direct.slice(0, body.items.length).map((r) => (JSON.parse(r.json) as { id: string }).id);
      if (!response.ok || body.items.length === 0 || body.items.map((i) => i.id).join() !== ids.join())
        throw new Error(`the API and the direct query disagree for ${list[0]}`);
      return { name, list, args };
    }),
  );
  const runs = scenarios.flatMap(({ name, list, args }) => [
    {
      key: `${name}:direct`,
      run: (s: number) =>
        measureLoops(CONNECTIONS, s, (i) =>
          repository.findListed({ ...args[i % args.length]!, now: new Date() }),
        ),
    },
    {
      key: `${name}:api`,
      run: (s: number) => measureHttp(stack!.gatewayUrl, CONNECTIONS, s, (i) => list[i % list.length]!),
    },
  ]);
  const quiet: Record<string, Measurement[]> = {};
  const during: Record<string, Measurement[]> = {};
  for (const { run } of runs) await run(2); // warm-up, discarded
  for (let round = 0; round < QUIET_ROUNDS; round += 1)
    for (const { key, run } of runs) (quiet[key] ??= []).push(await run(SECONDS));
  const loadBeforeWrite = hostFacts().loadAverage;

  const started = await startWriter();
  writer = started.child;
  const exited = new Promise<void>((resolve) => writer!.once('exit', () => resolve()));
  let writing = true;
  const summaryLine = started.lines.next().finally(() => (writing = false));
  void exited.then(() => (writing = false));
  const writeStarted = performance.now();
  writer.stdin!.write('go\n');
  // Rounds while the writer writes; a round it did not outlast is left out (it was partly quiet).
  while (writing) {
    const round: Record<string, Measurement> = {};
    for (const { key, run } of runs) round[key] = await run(SECONDS);
    if (!writing) break;
    for (const [key, m] of Object.entries(round)) (during[key] ??= []).push(m);
  }
  const writerSummary = JSON.parse((await summaryLine).value ?? 'null') as {
    added: number;
    seconds: number;
  } | null;
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  await exited;
  const loadAfter = hostFacts().loadAverage;

  const ratios = (set: Record<string, Measurement[]>) =>
    Object.fromEntries(
      scenarios.map(({ name }) => {
        const api = set[`${name}:api`] ?? [];
        const direct = set[`${name}:direct`] ?? [];
        if (api.length === 0) return [name, null];
        const { byRound, median } = throughputRatios(api, direct);
        return [
          name,
          {
            directPerSecond: combineRounds(direct).requestsPerSecond,
            apiPerSecond: combineRounds(api).requestsPerSecond,
            apiP99Ms: combineRounds(api).p99,
            throughputApiOverDirect: median,
            throughputApiOverDirectByRound: byRound,
          },
        ];
      }),
    );
  const duringSync = ratios(during);
  const searchGoalMet = scenarios.every(
    ({ name }) =>
      ((duringSync[name] as { throughputApiOverDirect: number } | null)?.throughputApiOverDirect ?? 0) >= 0.4,
  );
  const result = {
    benchmark: 'osm-sync',
    date: new Date().toISOString(),
    commit: gitCommit(),
    command: COMMAND,
    machine: {
      ...machineBefore,
      loadAverageAfterSync: loadAfterSync,
      loadAverageBeforeWrite: loadBeforeWrite,
      loadAverageAfter: loadAfter,
    },
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
    goalMet: ELEMENTS / first.seconds >= 5000,
    searchWhileSyncing: {
      settings: {
        connections: CONNECTIONS,
        secondsPerMeasurement: SECONDS,
        quietRounds: QUIET_ROUNDS,
        poolSize: SERVICE_POOL_SIZE,
        searchedLaundromats: ELEMENTS,
      },
      writer: {
        elements: WRITER_ELEMENTS,
        added: writerSummary?.added ?? null,
        seconds: roundTo(writeSeconds, 2),
        elementsPerSecond: writerSummary ? Math.round(WRITER_ELEMENTS / writerSummary.seconds) : null,
      },
      roundsDuringSync: during['nearest:api']?.length ?? 0,
      quiet: ratios(quiet),
      duringSync,
      rounds: { quiet, during },
      goal: 'the API keeps ≥ 0.4× the direct query’s throughput while a sync writes',
      goalMet: searchGoalMet,
    },
  };
  write(
    `${JSON.stringify({ ...result, searchWhileSyncing: { ...result.searchWhileSyncing, rounds: undefined } }, null, 2)}\n`,
  );
  write(`${await writeResults('osm-sync', new Date(), result)}\n`);
} finally {
  clearInterval(sampler);
  if (writer && writer.exitCode === null) writer.kill('SIGTERM');
  await stack?.stop();
  const others = await db.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)`,
    [`${schema}_`],
  );
  for (const { name } of others) await db.exec(`DROP SCHEMA "${name}" CASCADE`);
  await db.exec(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();
  await upstream.close().catch(() => undefined);
}
