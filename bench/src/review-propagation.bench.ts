import { createLogger, migrate, openPostgres, type Db } from '@laundry/platform';
import { insertLaundromats } from '../../services/directory/src/infra/laundromat-bulk-insert.ts';
import { generateDemoLaundromats } from '../../scripts/src/demo-data.ts';
import { DIRECTORY_MIGRATIONS } from '../../scripts/src/directory-db.ts';
import { benchEnv, positive } from './bench-env.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { startDistributedStack, type RunningStack } from './distributed-stack.ts';
import { machineFacts } from './machine-facts.ts';

/**
 * Review-to-rating propagation in the distributed mode: reviews are posted through the gateway at a fixed
 * rate (open loop: each on its own schedule, whether or not earlier ones have answered). Every review's
 * propagation is read from the database clock (outbox row → the directory's rating transaction), and one
 * review in BENCH_WATCH_EVERY is also watched through the gateway, reading its laundromat every
 * BENCH_POLL_MS until the rating counts it: watching every review would itself be most of the load.
 * Every review goes to a laundromat of its own that has no reviews yet, so "counts it" is totalReviews = 1.
 */
const COMMAND = 'npm run bench:reviews -w bench';
const BENCH_RATE_LIMIT_PER_MINUTE = 100_000_000;
/** A review not visible after this long counts as lost rather than slow. */
const VISIBLE_DEADLINE_MS = 30_000;
const schemas = {
  directory: 'bench_reviews_directory',
  identity: 'bench_reviews_identity',
  review: 'bench_reviews_review',
};

const logger = createLogger('bench', process.env.LOG_LEVEL ?? 'warn');
const write = (text: string) => process.stdout.write(text);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Sample {
  index: number;
  scheduledMs: number;
  /** How late the request left against its schedule (the client's own lag). */
  lateMs: number;
  status: number;
  reviewId?: string;
  /** Request sent → 201. */
  postMs?: number;
  /** Request sent → the gateway shows the new rating. */
  sentToVisibleMs?: number;
  /** 201 → the gateway shows the new rating: what a person sees after the success toast. */
  answeredToVisibleMs?: number;
}

interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

function summarise(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length);
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? NaN),
    mean: round(mean),
  };
}

async function prepareDirectory(db: Db, count: number): Promise<string[]> {
  await migrate(db, DIRECTORY_MIGRATIONS, { logger });
  const rows = generateDemoLaundromats({ count, seed: 4_003 }).map((row) => ({
    ...row,
    averageRating: 0,
    totalReviews: 0,
    priceScore: null,
    safetyScore: null,
    cleanlinessScore: null,
    reliabilityScore: null,
    accessibilityScore: null,
  }));
  await insertLaundromats(db, rows, { batchSize: 5_000 });
  const ids = await db.query<{ id: string }>(
    `SELECT id FROM laundromats WHERE status = 'approved' AND is_active ORDER BY id`,
  );
  return ids.map((row) => row.id);
}

async function signUpUsers(gatewayUrl: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${gatewayUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-reviewer-${i}-${Date.now()}@example.test`,
        password: 'correct horse battery',
        confirmAge13: true,
      }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (response.status !== 201 || !cookie) throw new Error(`sign-up failed: ${response.status}`);
    cookies.push(cookie.split(';')[0]!);
  }
  return cookies;
}

async function reviewAndWatch(
  gatewayUrl: string,
  cookie: string,
  laundromatId: string,
  sample: Sample,
  /** Undefined: post only, do not watch. */
  pollMs: number | undefined,
): Promise<void> {
  const sent = performance.now();
  const response = await fetch(`${gatewayUrl}/api/laundromats/${laundromatId}/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ overallRating: 1 + (sample.index % 5), cleanlinessRating: 4, visitTime: 'day' }),
  });
  const body = (await response.json().catch(() => ({}))) as { id?: string };
  const answered = performance.now();
  sample.status = response.status;
  if (response.status !== 201) return;
  sample.reviewId = body.id;
  sample.postMs = answered - sent;
  if (pollMs === undefined) return;
  const deadline = answered + VISIBLE_DEADLINE_MS;
  while (performance.now() < deadline) {
    const read = await fetch(`${gatewayUrl}/api/laundromats/${laundromatId}`);
    const { totalReviews } = (await read.json()) as { totalReviews: number };
    if (totalReviews >= 1) {
      const visible = performance.now();
      sample.sentToVisibleMs = visible - sent;
      sample.answeredToVisibleMs = visible - answered;
      return;
    }
    await sleep(pollMs);
  }
}

/**
 * From each review's outbox row (its transaction) to the directory's rating transaction, on the database
 * clock; waits until every given review has been applied, or VISIBLE_DEADLINE_MS has passed.
 */
async function databaseLatencies(db: Db, reviewIds: string[]): Promise<number[]> {
  const deadline = performance.now() + VISIBLE_DEADLINE_MS;
  for (;;) {
    const rows = await db.query<{ ms: number }>(
      `SELECT extract(epoch FROM (p.processed_at - o.created_at)) * 1000 AS ms
       FROM ${schemas.review}.outbox o
       JOIN ${schemas.directory}.processed_events p
         ON p.event_id = o.id AND p.consumer = 'directory.review-created'
       WHERE o.type = 'review.created.v1' AND o.envelope->'data'->>'reviewId' = ANY($1::text[])`,
      [reviewIds],
    );
    if (rows.length === reviewIds.length || performance.now() > deadline) {
      return rows.map((row) => Number(row.ms));
    }
    await sleep(100);
  }
}

function formatRow(label: string, s: Summary): string {
  const cells = [s.count, s.p50, s.p95, s.p99, s.max].map((v) => String(v).padStart(8));
  return `${label.padEnd(44)}${cells.join('')}\n`;
}

async function main(): Promise<void> {
  const env = benchEnv();
  const rate = positive('BENCH_REVIEWS_PER_SECOND', 50);
  const seconds = env.durationSeconds;
  const warmup = env.warmupSeconds;
  const users = positive('BENCH_USERS', 25);
  const pollMs = positive('BENCH_POLL_MS', 10);
  const watchEvery = positive('BENCH_WATCH_EVERY', 5);
  const total = Math.round(rate * (warmup + seconds));
  const startedAt = new Date();

  const db = await openPostgres({ url: env.databaseUrl, schema: schemas.directory, logger, max: 2 });
  let stack: RunningStack | undefined;
  try {
    // A fresh data set each run, so every review lands on a laundromat nobody has reviewed.
    for (const schema of Object.values(schemas)) await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.exec(`CREATE SCHEMA ${schemas.directory}`);
    const laundromatIds = await prepareDirectory(db, total);
    const machineBefore = await machineFacts(db);

    write(`Starting the distributed stack (every service in its own process, the gateway in front)...\n`);
    stack = await startDistributedStack({
      databaseUrl: env.databaseUrl,
      amqpUrl: env.amqpUrl,
      redisUrl: env.redisUrl,
      directorySchema: schemas.directory,
      identitySchema: schemas.identity,
      reviewSchema: schemas.review,
      rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
    });
    const cookies = await signUpUsers(stack.gatewayUrl, users);

    write(`Posting ${total} reviews at ${rate}/s (${warmup} s warm-up, then ${seconds} s measured)...\n`);
    const samples: Sample[] = [];
    const running: Promise<void>[] = [];
    const intervalMs = 1000 / rate;
    const start = performance.now();
    for (let index = 0; index < total; index++) {
      const scheduledMs = index * intervalMs;
      await sleep(start + scheduledMs - performance.now());
      const sample: Sample = {
        index,
        scheduledMs,
        lateMs: performance.now() - start - scheduledMs,
        status: 0,
      };
      samples.push(sample);
      running.push(
        reviewAndWatch(
          stack.gatewayUrl,
          cookies[index % cookies.length]!,
          laundromatIds[index]!,
          sample,
          index % watchEvery === 0 ? pollMs : undefined,
        ).catch(() => undefined),
      );
    }
    const postingSeconds = (performance.now() - start) / 1000;
    await Promise.all(running);

    const measured = samples.filter((s) => s.scheduledMs >= warmup * 1000);
    const created = measured.filter((s) => s.status === 201);
    const watched = created.filter((s) => s.index % watchEvery === 0);
    const visible = watched.filter((s) => s.sentToVisibleMs !== undefined);
    const reviewIds = created.map((s) => s.reviewId!);
    const results = {
      answeredToVisible: summarise(visible.map((s) => s.answeredToVisibleMs!)),
      sentToVisible: summarise(visible.map((s) => s.sentToVisibleMs!)),
      post: summarise(created.map((s) => s.postMs!)),
      outboxToRatingInDatabase: summarise(await databaseLatencies(db, reviewIds)),
      clientLateness: summarise(measured.map((s) => s.lateMs)),
    };
    const counts = {
      posted: measured.length,
      created: created.length,
      watched: watched.length,
      visible: visible.length,
      failed: measured.filter((s) => s.status !== 201).length,
      notVisibleWithinDeadline: watched.length - visible.length,
      achievedReviewsPerSecond: Math.round((samples.length / postingSeconds) * 10) / 10,
    };

    write(
      `\n${''.padEnd(44)}${['n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'].map((h) => h.padStart(8)).join('')}\n`,
    );
    write(formatRow('201 answered → rating shown (gateway)', results.answeredToVisible));
    write(formatRow('review sent → rating shown (gateway)', results.sentToVisible));
    write(formatRow('POST /reviews (sent → 201)', results.post));
    write(formatRow('outbox row → rating applied (database clock)', results.outboxToRatingInDatabase));
    write(formatRow('client lateness against schedule', results.clientLateness));
    write(`\n${JSON.stringify(counts)}\n`);

    const machine = { ...machineBefore, loadAverageAfter: (await machineFacts(db)).loadAverage };
    const file = await writeResults('review-propagation', startedAt, {
      startedAt: startedAt.toISOString(),
      command: COMMAND,
      commit: gitCommit(),
      machine,
      settings: {
        reviewsPerSecond: rate,
        durationSeconds: seconds,
        warmupSeconds: warmup,
        users,
        pollMs,
        watchEvery,
        rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
        stackLogLevel: 'warn',
        schemas,
      },
      counts,
      results,
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
