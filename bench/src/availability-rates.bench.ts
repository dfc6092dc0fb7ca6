import http from 'node:http';
import os from 'node:os';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createLogger, openPostgres } from '@laundry/platform';
import { signInternalIdentity } from '@laundry/platform/auth';
import { removeBrokerNamespace } from '../../test/support/broker-cleanup.ts';
import { hashOf, keyPrefix } from '../../services/availability/src/domain/feeds.ts';
import { benchEnv, positive } from './bench-env.ts';
import { gitCommit, writeResults } from './results-file.ts';

/**
 * How many reports and machine messages one availability service accepts a second, without the gateway,
 * the other services or any stream: the service alone (its own process, on PostgreSQL, RabbitMQ and
 * Redis), a stub directory answering every laundromat at once, and closed-loop senders (each sends its
 * next request when its last one is answered). What it measures is the write path: the rates, the answer
 * times, and the CPU time of the service and of PostgreSQL per accepted request.
 *
 * The service's code comes from the repository at the first argument (this one when none is given): a
 * worktree of an older commit runs that commit's service with this benchmark, so two versions can be
 * compared one after the other on the same machine. The second argument names the run (results file
 * `availability-rates-<name>-<date>.json` unless BENCH_AVAILABILITY_RESULTS=false).
 *
 *   npx tsx bench/src/availability-rates.bench.ts [repository root] [name]
 */
const repositoryRoot = process.argv[2] ?? fileURLToPath(new URL('../../', import.meta.url));
const runName = (process.argv[3] ?? 'run').replace(/[^a-z0-9_]/gi, '_').toLowerCase();
const settings = {
  seconds: positive('BENCH_DURATION', 30),
  warmupSeconds: positive('BENCH_WARMUP', 5),
  reportSenders: Math.round(Number(process.env.BENCH_AVAILABILITY_REPORT_SENDERS ?? 64)),
  machineSenders: Math.round(Number(process.env.BENCH_AVAILABILITY_MACHINE_SENDERS ?? 128)),
  reportLaundromats: Math.round(positive('BENCH_AVAILABILITY_REPORT_LAUNDROMATS', 200)),
  machineLaundromats: Math.round(positive('BENCH_AVAILABILITY_MACHINE_LAUNDROMATS', 2_000)),
  dbPoolMax: Math.round(positive('BENCH_AVAILABILITY_DB_POOL_MAX', 40)),
};
const schema = `bench_avail_rates_${runName}`;
const namespace = `bench.avail-rates.${randomBytes(3).toString('hex')}.`;
const secret = randomBytes(32).toString('hex');
const logger = createLogger('bench', 'warn');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round2 = (n: number) => Math.round(n * 100) / 100;

/** CPU ticks of a process (user + system; with `reaped`, also of the children it waited for). */
function ticksOf(pid: number | string, reaped = false): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0);
}

/** Every PostgreSQL process's CPU ticks, ended backends included (the postmaster reaped them): all sessions'. */
function postgresTicks(): number {
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres') ticks += ticksOf(name, true);
    } catch {
      // ended meanwhile
    }
  }
  return ticks;
}

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

/** The commit of the repository whose service ran. */
function serviceCommit(): string | null {
  try {
    return execFileSync('git', ['-C', repositoryRoot, 'rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

const machineStatuses = ['available', 'in_use', 'in_use', 'finishing', 'available', 'in_use'] as const;

async function main(): Promise<void> {
  const env = benchEnv();
  const startedAt = new Date();
  const db = await openPostgres({ url: env.databaseUrl, schema: 'public', logger, max: 2 });
  await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  // Every laundromat is listed, in Lisbon, with 8 washers and 6 dryers, answered at once.
  let directoryRequests = 0;
  const directory = http.createServer((req, res) => {
    directoryRequests += 1;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ latitude: 38.72, longitude: -9.14, numWashers: 8, numDryers: 6 }));
  });
  await new Promise<void>((resolve) => directory.listen(0, '127.0.0.1', resolve));
  const directoryUrl = `http://127.0.0.1:${(directory.address() as { port: number }).port}`;
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  const service = spawn(process.execPath, ['--import', 'tsx', 'services/availability/src/main.ts'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATABASE_URL: env.databaseUrl,
      AMQP_URL: env.amqpUrl,
      REDIS_URL: env.redisUrl,
      DB_SCHEMA: schema,
      DB_POOL_MAX: String(settings.dbPoolMax),
      BUS_NAMESPACE: namespace,
      INTERNAL_SECRET: secret,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: 'off',
      DIRECTORY_URL: directoryUrl,
      IDENTITY_URL: directoryUrl,
      DEMO_FEEDS: 'false',
    },
  });
  try {
    const deadline = Date.now() + 240_000;
    while (
      !(await fetch(`http://127.0.0.1:${port}/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (service.exitCode !== null) throw new Error(`the service stopped (exit ${service.exitCode})`);
      if (Date.now() > deadline) throw new Error('the service was not ready within 240 s');
      await sleep(500);
    }
    const reportIds = Array.from({ length: settings.reportLaundromats }, () => randomUUID());
    const machineIds = Array.from({ length: settings.machineLaundromats }, () => randomUUID());
    const keys = machineIds.map(() => `${keyPrefix}${randomBytes(32).toString('base64url')}`);
    await db.query(
      `INSERT INTO ${schema}.feed_keys (laundromat_id, label, key_hash)
       SELECT id, 'bench', hash FROM unnest($1::uuid[], $2::text[]) AS k(id, hash)`,
      [machineIds, keys.map(hashOf)],
    );
    const agent = new http.Agent({
      keepAlive: true,
      maxSockets: settings.reportSenders + settings.machineSenders,
    });
    const post = (path: string, headers: Record<string, string>, body: unknown) =>
      new Promise<number>((resolve) => {
        const payload = JSON.stringify(body);
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path,
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              ...headers,
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', () => resolve(-1));
        request.end(payload);
      });
    const tally = {
      reports: { accepted: 0, refused: {} as Record<string, number>, answerMs: [] as number[] },
      machines: { accepted: 0, refused: {} as Record<string, number>, answerMs: [] as number[] },
    };
    let measuring = false;
    let stopping = false;
    let sent = 0;
    const sender = async (kind: 'reports' | 'machines') => {
      while (!stopping) {
        const i = sent++;
        const started = performance.now();
        // Each report by a new person (as the gateway vouches for them), so the per-person limits never refuse one.
        const status =
          kind === 'reports'
            ? await post(
                `/api/laundromats/${reportIds[i % reportIds.length]}/availability/reports`,
                {
                  'x-internal-identity': signInternalIdentity(
                    { id: randomUUID(), email: `bench-${i}@example.test`, role: 'user' },
                    secret,
                    `10.0.${i % 250}.${i % 200}`,
                  ),
                },
                {
                  kind: 'counts',
                  washers: { free: i % 9, total: 8 + (i % 2) },
                  dryers: { free: i % 5, total: 6 },
                },
              )
            : await post(
                '/api/feeds/machines',
                { authorization: `Bearer ${keys[i % keys.length]}` },
                {
                  machines: Array.from({ length: 6 }, (_, m) => ({
                    machineId: `${m < 4 ? 'W' : 'D'}${m + 1}`,
                    type: m < 4 ? 'washer' : 'dryer',
                    status: machineStatuses[(i + m) % 6],
                    ...(machineStatuses[(i + m) % 6] === 'in_use' ? { minutesRemaining: (i + m) % 45 } : {}),
                  })),
                },
              );
        if (!measuring) continue;
        const kept = tally[kind];
        if (status >= 200 && status < 300) {
          kept.accepted += 1;
          kept.answerMs.push(performance.now() - started);
        } else kept.refused[status] = (kept.refused[status] ?? 0) + 1;
      }
    };
    const senders = [
      ...Array.from({ length: settings.reportSenders }, () => sender('reports')),
      ...Array.from({ length: settings.machineSenders }, () => sender('machines')),
    ];
    await sleep(settings.warmupSeconds * 1000);
    const loadAverageBefore = os.loadavg().map(round2);
    const directoryBefore = directoryRequests;
    const serviceBefore = ticksOf(service.pid!);
    const postgresBefore = postgresTicks();
    const measureStart = performance.now();
    measuring = true;
    await sleep(settings.seconds * 1000);
    measuring = false;
    const elapsed = (performance.now() - measureStart) / 1000;
    const serviceTicks = ticksOf(service.pid!) - serviceBefore;
    const postgresTicksUsed = postgresTicks() - postgresBefore;
    const loadAverageAfter = os.loadavg().map(round2);
    stopping = true;
    await Promise.all(senders);
    agent.destroy();
    const accepted = tally.reports.accepted + tally.machines.accepted;
    const perKind = (kept: (typeof tally)['reports']) => ({
      acceptedPerSecond: Math.round((kept.accepted / elapsed) * 10) / 10,
      refused: kept.refused,
      answerMs: { p50: percentile(kept.answerMs, 50), p95: percentile(kept.answerMs, 95) },
    });
    const results = {
      seconds: round2(elapsed),
      loadAverageBefore,
      loadAverageAfter,
      reports: perKind(tally.reports),
      machineMessages: perKind(tally.machines),
      directoryRequests: directoryRequests - directoryBefore,
      serviceCpu: {
        coresUsed: round2(serviceTicks / 100 / elapsed),
        msPerAccepted: round2((serviceTicks * 10) / Math.max(1, accepted)),
      },
      // Every session's, this run's and the machine's others', so a noisy floor under the figure.
      postgresCpuAllSessions: {
        coresUsed: round2(postgresTicksUsed / 100 / elapsed),
        msPerAccepted: round2((postgresTicksUsed * 10) / Math.max(1, accepted)),
      },
    };
    process.stdout.write(`${JSON.stringify({ name: runName, repositoryRoot, ...results })}\n`);
    if (process.env.BENCH_AVAILABILITY_RESULTS !== 'false') {
      const file = await writeResults(`availability-rates-${runName}`, startedAt, {
        startedAt: startedAt.toISOString(),
        command: `npx tsx bench/src/availability-rates.bench.ts ${process.argv.slice(2).join(' ')}`,
        commit: gitCommit(),
        serviceCommit: serviceCommit(),
        settings,
        results,
      });
      process.stdout.write(`Results written to ${file}\n`);
    }
  } finally {
    service.kill('SIGTERM');
    await new Promise((resolve) =>
      service.exitCode !== null ? resolve(null) : service.once('exit', resolve),
    );
    directory.close();
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
    await removeBrokerNamespace(env.amqpUrl, namespace, ['availability']).catch(() => undefined);
    // The service's job queues' keys in Redis.
    const redis = new Redis(env.redisUrl);
    try {
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
