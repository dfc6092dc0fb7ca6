import http from 'node:http';
import os from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createLogger, migrate, openPostgres, type Db } from '@laundry/platform';
import { signSession } from '@laundry/platform/auth';
import { insertLaundromats } from '../../services/directory/src/infra/laundromat-bulk-insert.ts';
import { hashOf, keyPrefix } from '../../services/availability/src/domain/feeds.ts';
import { generateDemoLaundromats } from '../../scripts/src/demo-data.ts';
import { DIRECTORY_MIGRATIONS } from '../../scripts/src/directory-db.ts';
import { benchEnv, positive } from './bench-env.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { startDistributedStack, type RunningStack } from './distributed-stack.ts';
import { machineFacts } from './machine-facts.ts';
import {
  changeKey,
  createSseReader,
  dealSubscriptions,
  eventKey,
  shuffled,
  summarise,
  tallyDeliveries,
  type AcceptedChange,
} from './live-events.ts';

/**
 * Many open live streams on one gateway while reports and machine messages arrive, in the distributed mode
 * (every service its own process, PostgreSQL, RabbitMQ, Redis): N streams `GET /api/live?laundromats=…`
 * are opened through the gateway, then visitors' reports and machine-feed messages are sent at fixed rates
 * (open loop) for a while. Every accepted change is matched with the events its laundromat's followers
 * receive, so the figures are the time from the 2xx to each stream's event, the events missing, the streams
 * lost, the gateway's and the availability service's memory per stream and the rates achieved.
 *
 * Reports come from signed sessions of people made up for the run (one per report, so the one-report-per-
 * person-per-laundromat-per-10-minutes rule never refuses one); the feed keys are written straight into the
 * availability schema as their hashes, as an admin's issuing would leave them.
 *
 * COMMAND is the command as run: the settings given in the environment before it, --quick after it.
 */
const COMMAND = [
  ...Object.entries(process.env)
    .filter(([name]) => name.startsWith('BENCH_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`),
  'npm run bench:live -w bench',
  ...(process.argv.slice(2).includes('--quick') ? ['-- --quick'] : []),
].join(' ');
const BENCH_RATE_LIMIT_PER_MINUTE = 100_000_000;
const SCHEMA_PREFIX = 'bench_live';
const schemas = { directory: `${SCHEMA_PREFIX}_directory`, identity: `${SCHEMA_PREFIX}_identity` };
const availabilitySchema = `${SCHEMA_PREFIX}_availability`;

/** The results file's name before its date: another name keeps a run at other settings beside the target's. */
const resultsName = process.env.BENCH_LIVE_RESULTS ?? 'live-streams';
const logger = createLogger('bench', process.env.LOG_LEVEL ?? 'warn');
const write = (text: string) => process.stdout.write(text);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const round1 = (n: number) => Math.round(n * 10) / 10;

const quick = process.argv.slice(2).includes('--quick') || process.env.BENCH_LIVE_QUICK === 'true';
const settings = {
  quick,
  streams: Math.round(positive('BENCH_LIVE_STREAMS', quick ? 200 : 10_000)),
  reportsPerSecond: positive('BENCH_LIVE_REPORTS_PER_SECOND', quick ? 20 : 200),
  machineMessagesPerSecond: positive('BENCH_LIVE_MACHINES_PER_SECOND', quick ? 100 : 2_000),
  /** Laundromats each stream follows (a page follows the laundromats it shows). */
  follow: Math.round(positive('BENCH_LIVE_FOLLOW', 5)),
  reportLaundromats: Math.round(positive('BENCH_LIVE_REPORT_LAUNDROMATS', quick ? 200 : 2_000)),
  machineLaundromats: Math.round(positive('BENCH_LIVE_MACHINE_LAUNDROMATS', quick ? 800 : 8_000)),
  durationSeconds: positive('BENCH_DURATION', quick ? 10 : 60),
  warmupSeconds: positive('BENCH_WARMUP', quick ? 2 : 5),
  /** After the last message, how long the streams may still receive its events. */
  drainSeconds: positive('BENCH_LIVE_DRAIN', 10),
  /** Streams being opened at once. */
  openConcurrency: Math.round(positive('BENCH_LIVE_OPEN_CONCURRENCY', 100)),
  /** Requests of each kind in flight at most; a message due while that many wait is not sent (counted). */
  maxInFlight: Math.round(positive('BENCH_LIVE_MAX_IN_FLIGHT', 256)),
  /**
   * The availability service's PostgreSQL connections (its DB_POOL_MAX): it takes every write of the run,
   * the other services keep their ten. The shared server's 100 connections bound it.
   */
  availabilityDbPoolMax: Math.round(positive('BENCH_LIVE_AVAILABILITY_DB_POOL_MAX', 40)),
  machinesPerMessage: 6,
  rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
  stackLogLevel: 'warn',
};

// ---------------------------------------------------------------------------------------------- processes

interface ProcessFigures {
  rssMiB: number;
  cpuSeconds: number;
}

/** The stack's server processes under start-distributed's runner, by the entry point they run. */
function stackProcesses(runnerPid: number): Record<'gateway' | 'availability', number> {
  const found: Partial<Record<'gateway' | 'availability', number>> = {};
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== runnerPid) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmdline.includes('gateway/src/main.ts')) found.gateway = Number(name);
      if (cmdline.includes('services/availability/src/main.ts')) found.availability = Number(name);
    } catch {
      // gone meanwhile
    }
  }
  if (!found.gateway || !found.availability) throw new Error('gateway or availability process not found');
  return found as Record<'gateway' | 'availability', number>;
}

const ticksPerSecond = 100; // USER_HZ on Linux

function processFigures(pid: number): ProcessFigures {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return { rssMiB: round1(rssKiB / 1024), cpuSeconds: ticks / ticksPerSecond };
}

/** A process's soft limit of open files. */
function openFileLimit(pid: number | 'self' = 'self'): number | 'unlimited' {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === 'unlimited' || soft === undefined ? 'unlimited' : Number(soft);
}

const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

// ------------------------------------------------------------------------------------------------- data

async function prepareDirectory(db: Db, count: number): Promise<string[]> {
  await migrate(db, DIRECTORY_MIGRATIONS, { logger });
  const rows = generateDemoLaundromats({ count: Math.ceil(count * 1.25), seed: 7_007 });
  await insertLaundromats(db, rows, { batchSize: 5_000 });
  const ids = await db.query<{ id: string }>(
    `SELECT id FROM laundromats WHERE status = 'approved' AND is_active ORDER BY id LIMIT $1`,
    [count],
  );
  if (ids.length < count) throw new Error(`only ${ids.length} listed laundromats of ${count} wanted`);
  return ids.map((row) => row.id);
}

/** Waits for the availability service's tables, then stores a key per laundromat; returns the keys. */
async function issueFeedKeys(db: Db, laundromatIds: readonly string[]): Promise<string[]> {
  const keys = laundromatIds.map(() => `${keyPrefix}${randomBytes(32).toString('base64url')}`);
  await db.query(
    `INSERT INTO ${availabilitySchema}.feed_keys (laundromat_id, label, key_hash)
     SELECT id, 'bench', hash FROM unnest($1::uuid[], $2::text[]) AS k(id, hash)`,
    [laundromatIds, keys.map(hashOf)],
  );
  return keys;
}

// ------------------------------------------------------------------------------------------------ streams

interface StreamState {
  open: boolean;
  events: number;
  comments: number;
}

interface StreamBook {
  states: StreamState[];
  arrivals: Map<string, number[]>;
  lost: { stream: number; atSeconds: number; reason: string }[];
  openFailures: Map<string, number>;
  unmatchedEvents: number;
  closing: boolean;
}

function openStream(
  gateway: URL,
  agent: http.Agent,
  index: number,
  laundromatIds: readonly string[],
  book: StreamBook,
  started: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const state: StreamState = { open: false, events: 0, comments: 0 };
    book.states[index] = state;
    let settled = false;
    const settle = (ok: boolean, reason?: string) => {
      if (settled) return;
      settled = true;
      if (!ok && reason) book.openFailures.set(reason, (book.openFailures.get(reason) ?? 0) + 1);
      resolve(ok);
    };
    const ended = (reason: string) => {
      if (!state.open) return settle(false, reason);
      state.open = false;
      if (!book.closing) {
        book.lost.push({ stream: index, atSeconds: round1((performance.now() - started) / 1000), reason });
      }
    };
    const request = http.get(
      {
        hostname: gateway.hostname,
        port: gateway.port,
        path: `/api/live?laundromats=${laundromatIds.join(',')}`,
        agent,
        headers: { accept: 'text/event-stream' },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return settle(false, `HTTP ${response.statusCode}`);
        }
        response.setEncoding('utf8');
        const read = createSseReader();
        response.on('data', (chunk: string) => {
          const at = performance.now();
          const parsed = read(chunk);
          state.comments += parsed.comments;
          if (!state.open && parsed.comments > 0) {
            // The stream's opening comment: it is followed from here on.
            state.open = true;
            settle(true);
          }
          for (const data of parsed.events) {
            state.events += 1;
            const key = eventKey(data);
            if (!key) {
              book.unmatchedEvents += 1;
              continue;
            }
            let times = book.arrivals.get(key);
            if (!times) book.arrivals.set(key, (times = []));
            times.push(at);
          }
        });
        response.on('end', () => ended('ended by the server'));
        response.on('close', () => ended('closed'));
        response.on('error', (error) => ended(`error: ${error.message}`));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => ended(error.code ?? error.message));
  });
}

// ---------------------------------------------------------------------------------------------- messages

interface Sent {
  scheduledMs: number;
  laundromatId: string;
  status: number;
  sentAt: number;
  answeredAt?: number;
  updatedAt?: string;
}

function post(
  gateway: URL,
  agent: http.Agent,
  path: string,
  headers: Record<string, string>,
  body: unknown,
  sent: Sent,
): Promise<void> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      {
        hostname: gateway.hostname,
        port: gateway.port,
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
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          sent.answeredAt = performance.now();
          sent.status = response.statusCode ?? 0;
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              live?: { updatedAt?: string } | null;
            };
            sent.updatedAt = answer.live?.updatedAt ?? undefined;
          } catch {
            // an error page: its status says enough
          }
          resolve();
        });
        response.on('error', () => resolve());
      },
    );
    request.on('error', () => {
      sent.status = -1;
      resolve();
    });
    request.end(payload);
  });
}

const statuses = ['available', 'in_use', 'in_use', 'finishing', 'available', 'in_use'] as const;

/** Six machines whose states move with the message's index, so each message is a change. */
function machineMessage(index: number) {
  return {
    machines: Array.from({ length: settings.machinesPerMessage }, (_, m) => ({
      machineId: `${m < 4 ? 'W' : 'D'}${m + 1}`,
      type: m < 4 ? 'washer' : 'dryer',
      status: statuses[(index + m) % statuses.length],
      ...(statuses[(index + m) % statuses.length] === 'in_use' ? { minutesRemaining: (index + m) % 45 } : {}),
    })),
  };
}

interface Sender {
  sent: Sent[];
  skipped: number;
  inFlight: number;
  running: Promise<void>[];
}

/**
 * Sends `send(index)` at `rate` a second from `start` for `seconds`, on its schedule whether or not the
 * earlier ones answered, unless `maxInFlight` are still waiting: then that one is skipped and counted.
 */
async function sendAtRate(
  rate: number,
  start: number,
  seconds: number,
  send: (index: number, sent: Sent) => Promise<void>,
  laundromatOf: (index: number) => string,
): Promise<Sender> {
  const sender: Sender = { sent: [], skipped: 0, inFlight: 0, running: [] };
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  let index = 0;
  while (index < total) {
    const now = performance.now();
    // Everything due by now goes out in this turn (a timer fires every few ms at best).
    while (index < total && index * intervalMs <= now - start) {
      const scheduledMs = index * intervalMs;
      if (sender.inFlight >= settings.maxInFlight) {
        sender.skipped += 1;
      } else {
        const sent: Sent = { scheduledMs, laundromatId: laundromatOf(index), status: 0, sentAt: now };
        sender.sent.push(sent);
        sender.inFlight += 1;
        sender.running.push(send(index, sent).finally(() => (sender.inFlight -= 1)));
      }
      index += 1;
    }
    await sleep(Math.min(5, start + index * intervalMs - performance.now()));
  }
  return sender;
}

// ---------------------------------------------------------------------------------------------------- run

async function main(): Promise<void> {
  const env = benchEnv();
  const startedAt = new Date();
  process.env.SESSION_SECRET ??= randomBytes(32).toString('hex');
  const sessionSecret = process.env.SESSION_SECRET;
  const fdLimit = openFileLimit();
  const db = await openPostgres({ url: env.databaseUrl, schema: schemas.directory, logger, max: 2 });
  let stack: RunningStack | undefined;
  const book: StreamBook = {
    states: [],
    arrivals: new Map(),
    lost: [],
    openFailures: new Map(),
    unmatchedEvents: 0,
    closing: false,
  };
  const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  // One pool of connections per kind, so a backlog of one kind does not hold the other's requests.
  const reportAgent = new http.Agent({ keepAlive: true, maxSockets: settings.maxInFlight });
  const machineAgent = new http.Agent({ keepAlive: true, maxSockets: settings.maxInFlight });
  try {
    // A fresh data set each run: no live state, report or key of an earlier run.
    const previous = await db.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE nspname LIKE '${SCHEMA_PREFIX}\\_%'`,
    );
    for (const { nspname } of previous) await db.exec(`DROP SCHEMA IF EXISTS ${nspname} CASCADE`);
    await db.exec(`CREATE SCHEMA ${schemas.directory}`);
    write(`Loading ${settings.reportLaundromats + settings.machineLaundromats} laundromats...\n`);
    const laundromatIds = await prepareDirectory(
      db,
      settings.reportLaundromats + settings.machineLaundromats,
    );
    const reportIds = laundromatIds.slice(0, settings.reportLaundromats);
    const machineIds = laundromatIds.slice(settings.reportLaundromats);
    const machineBefore = await machineFacts(db);

    write(`Starting the distributed stack (every service in its own process, the gateway in front)...\n`);
    stack = await startDistributedStack({
      databaseUrl: env.databaseUrl,
      amqpUrl: env.amqpUrl,
      redisUrl: env.redisUrl,
      directorySchema: schemas.directory,
      identitySchema: schemas.identity,
      schemaPrefix: SCHEMA_PREFIX,
      rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
      busNamespace: `bench.live.${randomBytes(3).toString('hex')}.`,
      removeNamespaceOnStop: true,
      // Other stacks on this machine may hold the default metrics ports.
      env: { METRICS_BASE_PORT: 'off', AVAILABILITY_DB_POOL_MAX: String(settings.availabilityDbPoolMax) },
    });
    const gateway = new URL(stack.gatewayUrl);
    const pids = stackProcesses(stack.runnerPid);
    // The gateway holds two sockets per stream (the browser's and its own to the service), and the senders'.
    const gatewayFdLimit = openFileLimit(pids.gateway);
    const gatewayFdsNeeded = openFiles(pids.gateway) + 2 * settings.streams + 4 * settings.maxInFlight;
    if (typeof gatewayFdLimit === 'number' && gatewayFdsNeeded > gatewayFdLimit) {
      write(
        `Warning: the gateway may open ${gatewayFdLimit} files and needs about ${gatewayFdsNeeded} for ` +
          `${settings.streams} streams: raise the limit (ulimit -n) where the benchmark is started.\n`,
      );
    }
    const keys = await issueFeedKeys(db, machineIds);

    // Subscriptions dealt evenly over every laundromat that will change.
    const subscriptions = dealSubscriptions(
      shuffled([...reportIds, ...machineIds], 4_242),
      settings.streams,
      settings.follow,
    );
    const followers = new Map<string, number>();
    for (const ids of subscriptions) for (const id of ids) followers.set(id, (followers.get(id) ?? 0) + 1);

    await sleep(3_000);
    const beforeStreams = {
      gateway: processFigures(pids.gateway),
      availability: processFigures(pids.availability),
    };
    const clientBefore = process.memoryUsage().rss;

    write(`Opening ${settings.streams} streams, ${settings.openConcurrency} at a time...\n`);
    const runStarted = performance.now();
    let nextStream = 0;
    let opened = 0;
    const opener = async () => {
      while (nextStream < settings.streams) {
        const index = nextStream++;
        if (await openStream(gateway, streamAgent, index, subscriptions[index]!, book, runStarted))
          opened += 1;
      }
    };
    await Promise.all(Array.from({ length: settings.openConcurrency }, opener));
    const openSeconds = (performance.now() - runStarted) / 1000;
    write(`${opened} open in ${round1(openSeconds)} s; ${book.states.length - opened} failed\n`);
    await sleep(5_000);
    const afterOpen = {
      gateway: processFigures(pids.gateway),
      availability: processFigures(pids.availability),
    };
    const clientAfterOpen = process.memoryUsage().rss;
    const openAfterSettle = book.states.filter((s) => s.open).length;
    const openFilesAfterOpen = {
      gateway: openFiles(pids.gateway),
      availability: openFiles(pids.availability),
    };

    const seconds = settings.warmupSeconds + settings.durationSeconds;
    write(
      `Sending ${settings.reportsPerSecond} reports/s and ${settings.machineMessagesPerSecond} machine ` +
        `messages/s for ${seconds} s (${settings.warmupSeconds} s warm-up)...\n`,
    );
    const loadAverageAtLoad = os.loadavg().map((n) => Math.round(n * 100) / 100);
    const cpuBefore = {
      gateway: processFigures(pids.gateway),
      availability: processFigures(pids.availability),
    };
    const clientCpuBefore = process.cpuUsage();
    const sendStart = performance.now();
    const [reports, machines] = await Promise.all([
      sendAtRate(
        settings.reportsPerSecond,
        sendStart,
        seconds,
        (index, sent) => {
          const person = {
            id: randomUUID(),
            email: `bench-live-${index}@example.test`,
            role: 'user' as const,
          };
          const cookie = `sid=${signSession(person, sessionSecret, 3_600)}`;
          return post(
            gateway,
            reportAgent,
            `/api/laundromats/${sent.laundromatId}/availability/reports`,
            { cookie },
            {
              kind: 'counts',
              washers: { free: index % 9, total: 8 + (index % 2) },
              dryers: { free: index % 5, total: 6 },
            },
            sent,
          );
        },
        (index) => reportIds[index % reportIds.length]!,
      ),
      sendAtRate(
        settings.machineMessagesPerSecond,
        sendStart,
        seconds,
        (index, sent) =>
          post(
            gateway,
            machineAgent,
            '/api/feeds/machines',
            { authorization: `Bearer ${keys[index % keys.length]!}` },
            machineMessage(index),
            sent,
          ),
        (index) => machineIds[index % machineIds.length]!,
      ),
    ]);
    const sendingSeconds = (performance.now() - sendStart) / 1000;
    await Promise.all([...reports.running, ...machines.running]);
    const answeredSeconds = (performance.now() - sendStart) / 1000;
    const cpuAfter = {
      gateway: processFigures(pids.gateway),
      availability: processFigures(pids.availability),
    };
    const clientCpu = process.cpuUsage(clientCpuBefore);
    write(`Sent; waiting ${settings.drainSeconds} s for the last events...\n`);
    await sleep(settings.drainSeconds * 1000);
    const atEnd = { gateway: processFigures(pids.gateway), availability: processFigures(pids.availability) };
    const openAtEnd = book.states.filter((s) => s.open).length;

    const measuredFrom = settings.warmupSeconds * 1000;
    const kinds = { reports, machines };
    const perKind = Object.fromEntries(
      Object.entries(kinds).map(([kind, sender]) => {
        const measured = sender.sent.filter((s) => s.scheduledMs >= measuredFrom);
        const accepted = measured.filter((s) => s.status >= 200 && s.status < 300);
        const changes: AcceptedChange[] = accepted
          .filter((s) => s.updatedAt !== undefined)
          .map((s) => ({
            key: changeKey(s.laundromatId, s.updatedAt!),
            answeredAt: s.answeredAt!,
            followers: followers.get(s.laundromatId) ?? 0,
          }));
        const tally = tallyDeliveries(changes, book.arrivals);
        const refusals: Record<string, number> = {};
        for (const s of measured)
          if (s.status < 200 || s.status >= 300) refusals[s.status] = (refusals[s.status] ?? 0) + 1;
        const target = kind === 'reports' ? settings.reportsPerSecond : settings.machineMessagesPerSecond;
        const skippedMeasured = Math.round(sender.skipped * (settings.durationSeconds / seconds));
        return [
          kind,
          {
            targetPerSecond: target,
            sentPerSecond: round1(measured.length / settings.durationSeconds),
            acceptedPerSecond: round1(accepted.length / settings.durationSeconds),
            sent: measured.length,
            accepted: accepted.length,
            acceptedWithoutLiveState: accepted.length - changes.length,
            refused: refusals,
            skippedAsTooManyInFlight: sender.skipped,
            skippedInMeasuredWindowApprox: skippedMeasured,
            answerMs: summarise(accepted.map((s) => s.answeredAt! - s.sentAt)),
            answeredToEventMs: summarise(tally.latencies),
            answeredToFirstEventMs: summarise(tally.firstLatencies),
            sentToEventMs: summarise(
              accepted.flatMap((s) =>
                (book.arrivals.get(changeKey(s.laundromatId, s.updatedAt ?? '')) ?? []).map(
                  (at) => at - s.sentAt,
                ),
              ),
            ),
            deliveries: {
              expected: tally.expected,
              delivered: tally.delivered,
              missing: tally.missing,
              duplicates: tally.duplicates,
              changesNeverDelivered: tally.changesNeverDelivered,
            },
          },
        ];
      }),
    );
    const all = tallyDeliveries(
      Object.values(kinds).flatMap((sender) =>
        sender.sent
          .filter((s) => s.scheduledMs >= measuredFrom && s.status >= 200 && s.status < 300 && s.updatedAt)
          .map((s) => ({
            key: changeKey(s.laundromatId, s.updatedAt!),
            answeredAt: s.answeredAt!,
            followers: followers.get(s.laundromatId) ?? 0,
          })),
      ),
      book.arrivals,
    );
    const perStream = (after: ProcessFigures, before: ProcessFigures) =>
      opened > 0 ? round1(((after.rssMiB - before.rssMiB) * 1024) / opened) : NaN;
    const cpuShare = (after: ProcessFigures, before: ProcessFigures) =>
      round1(((after.cpuSeconds - before.cpuSeconds) / answeredSeconds) * 100);
    const results = {
      streams: {
        requested: settings.streams,
        opened,
        openFailures: Object.fromEntries(book.openFailures),
        openSeconds: round1(openSeconds),
        openAfterSettle,
        openAtEnd,
        openFilesAfterOpen,
        lost: book.lost.length,
        lostFirst: book.lost.slice(0, 20),
        eventsReceived: book.states.reduce((sum, s) => sum + (s?.events ?? 0), 0),
        eventsWithoutSummary: book.unmatchedEvents,
        subscriptionsPerStream: settings.follow,
        followersPerLaundromat: {
          min: Math.min(...followers.values()),
          max: Math.max(...followers.values()),
        },
      },
      answeredToEventMs: summarise(all.latencies),
      deliveries: {
        expected: all.expected,
        delivered: all.delivered,
        missing: all.missing,
        duplicates: all.duplicates,
        perSecond: round1(all.delivered / settings.durationSeconds),
      },
      ...perKind,
      memory: {
        beforeStreams,
        afterOpen,
        atEnd,
        gatewayKiBPerStream: perStream(afterOpen.gateway, beforeStreams.gateway),
        availabilityKiBPerStream: perStream(afterOpen.availability, beforeStreams.availability),
        gatewayKiBPerStreamAtEnd: perStream(atEnd.gateway, beforeStreams.gateway),
        availabilityKiBPerStreamAtEnd: perStream(atEnd.availability, beforeStreams.availability),
        clientKiBPerStream: opened > 0 ? round1((clientAfterOpen - clientBefore) / 1024 / opened) : NaN,
      },
      cpuDuringLoadPercentOfOneCore: {
        gateway: cpuShare(cpuAfter.gateway, cpuBefore.gateway),
        availability: cpuShare(cpuAfter.availability, cpuBefore.availability),
        benchmarkClient: round1(((clientCpu.user + clientCpu.system) / 1e6 / answeredSeconds) * 100),
      },
      timing: { sendingSeconds: round1(sendingSeconds), lastAnswerSeconds: round1(answeredSeconds) },
    };

    write(`\n${JSON.stringify(results, null, 2)}\n`);
    book.closing = true;
    const machine = {
      ...machineBefore,
      loadAverageAtLoad,
      loadAverageAfter: (await machineFacts(db)).loadAverage,
      openFilesLimit: { benchmark: fdLimit, gateway: openFileLimit(pids.gateway) },
    };
    if (!settings.quick) {
      const file = await writeResults(resultsName, startedAt, {
        startedAt: startedAt.toISOString(),
        command: COMMAND,
        commit: gitCommit(),
        machine,
        settings,
        results,
      });
      write(`Results written to ${file}\n`);
    } else {
      write(`A --quick run writes no results file.\n`);
    }
  } finally {
    book.closing = true;
    streamAgent.destroy();
    reportAgent.destroy();
    machineAgent.destroy();
    await stack?.stop();
    await db.close();
  }
}

main().then(
  // The streams' sockets are gone; nothing else should hold the process.
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    process.stderr.write(
      `bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
