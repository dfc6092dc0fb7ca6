import { listLaundromatsQuerySchema } from '@laundry/contracts';
import { createLogger, openPostgres, type Db } from '@laundry/platform';
import {
  createLaundromatRepository,
  type LaundromatRepository,
} from '../../services/directory/src/infra/laundromat-repository.ts';
import { listLaundromats } from '../../services/directory/src/domain/find-laundromats.ts';
import { benchEnv } from './bench-env.ts';
import { findListedArgsFor } from './search-args.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { benchQueries, boundsPath, nearestPath, type BenchQuery } from './bench-queries.ts';
import { startDistributedStack, type RunningStack } from './distributed-stack.ts';
import { loadLaundromats } from './load-million.ts';
import { machineFacts } from './machine-facts.ts';
import {
  combineRounds,
  measureHttp,
  measureLoops,
  throughputRatios,
  type Measurement,
} from './measurement.ts';

/** The pool size openPostgres gives every service (packages/platform/src/db/postgres.ts). */
const SERVICE_POOL_SIZE = 10;
/** Far above what the benchmark sends in a minute, so no request is refused with 429. */
const BENCH_RATE_LIMIT_PER_MINUTE = 100_000_000;
const COMMAND = 'npm run bench';

type ScenarioName = 'nearest' | 'bounds';

interface Scenario {
  name: ScenarioName;
  title: string;
  path: (query: BenchQuery) => string;
}

const scenarios: Scenario[] = [
  { name: 'nearest', title: 'nearest 50 around a city', path: nearestPath },
  { name: 'bounds', title: '10 km × 10 km viewport, 50', path: boundsPath },
];

const logger = createLogger('bench', process.env.LOG_LEVEL ?? 'warn');
const write = (text: string) => process.stdout.write(text);

/** Checks that the API answers what the direct query returns; gives the size of that answer in bytes. */
async function sameResults(
  stack: RunningStack,
  repository: LaundromatRepository,
  path: string,
): Promise<number> {
  const response = await fetch(`${stack.gatewayUrl}${path}`);
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${text}`);
  const body = JSON.parse(text) as { items: { id: string }[] };
  const rows = await repository.findListed({ ...(await findListedArgsFor(path)), now: new Date() });
  const direct = rows.slice(0, body.items.length).map((row) => (JSON.parse(row.json) as { id: string }).id);
  if (body.items.length === 0 || body.items.map((item) => item.id).join() !== direct.join()) {
    throw new Error(`the API and the direct query disagree for ${path}`);
  }
  return Buffer.byteLength(text);
}

function formatRow(label: string, m: Measurement, baseline?: Measurement): string {
  const ratio = baseline ? `${((m.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)} %` : '';
  return `  ${label.padEnd(34)}${String(m.requestsPerSecond).padStart(10)}${m.p50.toFixed(2).padStart(10)}${m.p99
    .toFixed(2)
    .padStart(10)}${String(m.errors).padStart(8)}${ratio.padStart(10)}\n`;
}

async function main(): Promise<void> {
  const env = benchEnv();
  const startedAt = new Date();
  const load = await loadLaundromats({ url: env.databaseUrl, schema: env.schema, count: env.count, logger });
  const db: Db = await openPostgres({
    url: env.databaseUrl,
    schema: env.schema,
    logger,
    max: SERVICE_POOL_SIZE,
  });
  const repository = createLaundromatRepository(db);
  const queries = benchQueries();

  let stack: RunningStack | undefined;
  const interrupt = () => {
    write('\nInterrupted: stopping the stack\n');
    void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  try {
    write(
      `Starting the distributed stack on "${env.schema}" (rate limits raised to ${BENCH_RATE_LIMIT_PER_MINUTE}/min)\n`,
    );
    stack = await startDistributedStack({
      databaseUrl: env.databaseUrl,
      amqpUrl: env.amqpUrl,
      redisUrl: env.redisUrl,
      directorySchema: env.schema,
      identitySchema: 'bench_identity',
      rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
    });
    const machineBefore = await machineFacts(db);
    const { connections, durationSeconds: seconds, warmupSeconds: warmup, rounds } = env;
    const results: Record<ScenarioName, Record<string, Measurement>> = { nearest: {}, bounds: {} };
    const rounded: Record<ScenarioName, Record<string, Measurement[]>> = { nearest: {}, bounds: {} };
    const responseBytes: Partial<Record<ScenarioName, number>> = {};

    write(
      `\n${env.count} laundromats, ${queries.length} cities, ${connections} concurrent, ${rounds} rounds of ${seconds} s each (in turn) after ${warmup} s warm-up\n`,
    );
    write(
      `  ${''.padEnd(34)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'errors'.padStart(8)}${'vs SQL'.padStart(10)}\n`,
    );
    for (const scenario of scenarios) {
      const paths = queries.map(scenario.path);
      const args = await Promise.all(paths.map(findListedArgsFor));
      const parsed = paths.map((path) =>
        listLaundromatsQuerySchema.parse(
          Object.fromEntries(new URL(path, 'http://bench.invalid').searchParams),
        ),
      );
      responseBytes[scenario.name] = await sameResults(stack, repository, paths[0]!);
      const pick = <T>(list: readonly T[], index: number) => list[index % list.length]!;

      const sql = (i: number) => repository.findListed({ ...pick(args, i), now: new Date() });
      const domain = (i: number) => listLaundromats(repository, pick(parsed, i));
      const runs: [string, (s: number) => Promise<Measurement>][] = [
        ['direct SQL (pg Pool)', (s) => measureLoops(connections, s, sql)],
        ['SQL + domain + JSON, in-process', (s) => measureLoops(connections, s, domain)],
        [
          'directory service over HTTP',
          (s) => measureHttp(stack!.directoryUrl, connections, s, (i) => pick(paths, i)),
        ],
        ['gateway (the API)', (s) => measureHttp(stack!.gatewayUrl, connections, s, (i) => pick(paths, i))],
      ];
      write(`${scenario.title}\n`);
      for (const [, run] of runs) await run(warmup);
      for (let round = 0; round < rounds; round += 1) {
        for (const [label, run] of runs) (rounded[scenario.name][label] ??= []).push(await run(seconds));
      }
      for (const [label] of runs) {
        results[scenario.name][label] = combineRounds(rounded[scenario.name][label]!);
        write(
          formatRow(
            label,
            results[scenario.name][label]!,
            label === runs[0]![0] ? undefined : results[scenario.name][runs[0]![0]],
          ),
        );
      }
    }

    // Each round's API figure is compared with the direct figure of the same round, taken just before it.
    const ratios = Object.fromEntries(
      scenarios.map((s) => {
        const api = results[s.name]['gateway (the API)']!;
        const { byRound, median } = throughputRatios(
          rounded[s.name]['gateway (the API)']!,
          rounded[s.name]['direct SQL (pg Pool)']!,
        );
        return [
          s.name,
          {
            throughputApiOverDirect: median,
            throughputApiOverDirectByRound: byRound,
            apiP99Ms: api.p99,
            goalMet: median >= 0.5 && api.p99 < 50,
          },
        ];
      }),
    );
    write(
      `\nAPI / direct throughput, median of the rounds: ${scenarios
        .map(
          (s) =>
            `${s.name} ${ratios[s.name]!.throughputApiOverDirect} (${ratios[s.name]!.throughputApiOverDirectByRound.join(', ')})`,
        )
        .join('; ')}\n`,
    );

    const machine = { ...machineBefore, loadAverageAfter: (await machineFacts(db)).loadAverage };
    const file = await writeResults('search', startedAt, {
      startedAt: startedAt.toISOString(),
      command: COMMAND,
      commit: gitCommit(),
      machine,
      settings: {
        laundromats: env.count,
        schema: env.schema,
        cities: queries.length,
        limit: 50,
        connections,
        durationSeconds: seconds,
        warmupSeconds: warmup,
        rounds,
        poolSize: SERVICE_POOL_SIZE,
        rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
        stackLogLevel: 'warn',
      },
      load,
      responseBytes,
      results,
      rounds: rounded,
      ratios,
    });
    write(`Results written to ${file}\n`);
  } finally {
    await stack?.stop();
    await db.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
