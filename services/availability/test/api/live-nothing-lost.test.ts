import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityChangedV1,
  type AvailabilityChangedV1,
  type AvailabilityResponse,
  type LiveSummary,
} from '@laundry/contracts';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@laundry/platform/auth';
import { createRabbitBus, type RabbitBus } from '@laundry/platform/bus/rabbitmq';
import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import { openPostgres } from '@laundry/platform/db/postgres';
import { available, silentLogger, urls } from '../../../../test/support/servers.ts';
import {
  canStartPrivateRabbit,
  freePort,
  privateRabbit,
  untilPort,
} from '../../../billing/test/support/private-rabbit.ts';

/**
 * Nothing lost, nothing doubled, for live availability: visitors' reports and machine-feed messages are
 * sent to the availability service (a child process) while the RabbitMQ node it publishes to (one of this
 * test's own, never the shared one) is stopped and started, and while the service is killed (SIGKILL) with
 * requests in flight and started again. A sender whose request got no answer sends it again, as a client
 * does. Afterwards every accepted report and message is in the live state exactly once, and every
 * availability.changed.v1 the service committed reached a consumer on the broker, each handled once.
 */
const runnable = canStartPrivateRabbit && available.postgres && available.redis;
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const ns = `lnl${randomBytes(3).toString('hex')}`;
const schema = `${ns}_availability`;
const checkSchema = `${ns}_check`;
const secret = randomBytes(24).toString('hex');
const PHASE = 12;
const LAUNDROMATS = 6;

let rabbit: Awaited<ReturnType<typeof privateRabbit>>;
let service: ChildProcess | undefined;
let servicePort: number;
let directory: http.Server;
let database: pg.Pool;
let checkDb: Db;
let consumer: RabbitBus;
const deliveries: string[] = [];
/** Requests sent again because the service answered nothing (it was killed or not yet back). */
let sentAgain = 0;

const reportLaundromats: string[] = Array.from({ length: LAUNDROMATS }, () => randomUUID());
const machineLaundromats: string[] = Array.from({ length: LAUNDROMATS }, () => randomUUID());
const feedKeys = new Map(
  machineLaundromats.map((id) => [id, `lfk_${randomBytes(32).toString('base64url')}`]),
);

function startService(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'services/availability/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(servicePort),
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      DATABASE_URL: urls.database,
      DB_SCHEMA: schema,
      AMQP_URL: rabbit.url,
      REDIS_URL: urls.redis,
      BUS_NAMESPACE: `${ns}.`,
      INTERNAL_SECRET: secret,
      DIRECTORY_URL: `http://127.0.0.1:${(directory.address() as AddressInfo).port}`,
      LIVE_EXPIRY_INTERVAL_MS: '0',
      BUSYNESS_INTERVAL_MS: '0',
      ALERT_PURGE_INTERVAL_MS: '0',
      RETENTION_INTERVAL_MS: '0',
      DEMO_FEEDS: 'false',
    },
    stdio: 'ignore',
  });
}

async function ready(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`http://127.0.0.1:${servicePort}/ready`).catch(() => undefined);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error('availability did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends until the service answers (a killed process answers nothing); the answer's status and body. */
async function untilAnswered(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const deadline = Date.now() + 90_000;
  for (let tries = 1; ; tries++) {
    try {
      const response = await fetch(`http://127.0.0.1:${servicePort}${path}`, init);
      return { status: response.status, body: await response.json() };
    } catch (error) {
      if (Date.now() > deadline) throw error;
      if (tries === 1) sentAgain += 1;
      await sleep(200);
    }
  }
}

interface Sent {
  reports: Map<string, string>;
  machines: Map<string, number>;
}

/**
 * One report per new person (round the report laundromats) and one machine message per machine laundromat
 * in turn, `count` of each. A report answered 429 'less than 10 minutes ago' was stored by an attempt whose
 * answer was lost: it counts as accepted, once. A laundromat's machine messages go one after another, so
 * the last accepted is the last sent.
 */
async function send(sent: Sent, count: number, during?: () => Promise<void>): Promise<void> {
  const reports = Array.from({ length: count }, async (_, i) => {
    const person = randomUUID();
    const laundromatId = reportLaundromats[(sent.reports.size + i) % LAUNDROMATS]!;
    const { status, body } = await untilAnswered(`/api/laundromats/${laundromatId}/availability/reports`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(
          { id: person, email: `${person}@example.test`, role: 'user' },
          secret,
        ),
      },
      body: JSON.stringify({ kind: 'counts', washers: { free: i % 10, total: 10 } }),
    });
    const storedBefore =
      status === 429 && /less than \d+ minutes ago/.test((body as { message: string }).message);
    if (status !== 201 && !storedBefore) throw new Error(`report: ${status} ${JSON.stringify(body)}`);
    sent.reports.set(person, laundromatId);
  });
  const rounds = Math.ceil(count / LAUNDROMATS);
  const machines = machineLaundromats.map(async (laundromatId, l) => {
    for (let round = 0; round < rounds && round * LAUNDROMATS + l < count; round++) {
      const free = (sent.machines.get(laundromatId) ?? 0) + 1;
      const { status, body } = await untilAnswered('/api/feeds/machines', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${feedKeys.get(laundromatId)}`,
        },
        body: JSON.stringify({
          machines: Array.from({ length: 8 }, (_, m) => ({
            machineId: `W${m + 1}`,
            type: 'washer',
            status: m < free % 9 ? 'available' : 'in_use',
          })),
        }),
      });
      if (status !== 200) throw new Error(`machines: ${status} ${JSON.stringify(body)}`);
      sent.machines.set(laundromatId, free);
    }
  });
  await Promise.all([...reports, ...machines, during?.()]);
}

beforeAll(async () => {
  if (!runnable) return;
  rabbit = await privateRabbit();
  // The directory as the service asks it: where a laundromat is, and how many machines the listing says.
  directory = http.createServer((req, res) => {
    const id = /^\/api\/laundromats\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const listed = id !== undefined && reportLaundromats.includes(id);
    res.writeHead(listed ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        listed ? { latitude: 48.85, longitude: 2.35, numWashers: 10, numDryers: 6 } : { message: 'no' },
      ),
    );
  });
  const rabbitStarted = rabbit.start();
  await new Promise<void>((resolve) => directory.listen(0, '127.0.0.1', resolve));
  servicePort = await freePort();
  database = new pg.Pool({ connectionString: urls.database, max: 2 });
  checkDb = await openPostgres({ url: urls.database, schema: checkSchema, logger: silentLogger, max: 4 });
  await checkDb.exec(
    `CREATE TABLE processed_events (consumer text NOT NULL, event_id text NOT NULL,
       processed_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (consumer, event_id));
     CREATE TABLE changes (event_id text PRIMARY KEY, laundromat_id uuid NOT NULL, live jsonb,
       computed_at timestamptz NOT NULL)`,
  );
  // Booting (and migrating) while the broker boots; it connects once the broker is up.
  service = startService();
  await rabbitStarted;
  // A consumer of the events on the same broker, idempotent as every consumer of ours is.
  consumer = createRabbitBus({
    url: rabbit.url,
    service: 'live-check',
    namespace: `${ns}.`,
    logger: silentLogger,
  });
  consumer.subscribe(availabilityChangedV1, async (event: AvailabilityChangedV1) => {
    deliveries.push(event.id);
    await idempotentHandler<AvailabilityChangedV1>({
      db: checkDb,
      consumer: 'live-check',
      handler: async (changed, tx) => {
        await tx.query(
          'INSERT INTO changes (event_id, laundromat_id, live, computed_at) VALUES ($1, $2, $3::jsonb, $4)',
          [changed.id, changed.data.laundromatId, JSON.stringify(changed.data.live), changed.data.computedAt],
        );
      },
    })(event);
  });
  await consumer.start();
  await ready();
  for (const [laundromatId, key] of feedKeys) {
    await database.query(
      `INSERT INTO ${schema}.feed_keys (laundromat_id, label, key_hash) VALUES ($1, 'test', $2)`,
      [laundromatId, createHash('sha256').update(key).digest('hex')],
    );
  }
}, 180_000);

afterAll(async () => {
  if (!runnable) return;
  service?.kill('SIGKILL');
  await consumer?.close().catch(() => undefined);
  await rabbit?.remove();
  await new Promise((resolve) => directory?.close(resolve));
  await checkDb?.close();
  await database?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await database?.query(`DROP SCHEMA IF EXISTS ${checkSchema} CASCADE`);
  await database?.end();
}, 120_000);

describe.runIf(runnable)('live availability: nothing lost, nothing doubled', () => {
  it('when the broker restarts and the service is killed mid-stream, then each accepted report and machine message is in the live state once, and each change reached the broker once', async () => {
    const sent: Sent = { reports: new Map(), machines: new Map() };
    await send(sent, PHASE);

    // The broker goes away: writes go on, their events wait in the outbox.
    await rabbit.stopApp();
    await send(sent, PHASE);

    // The service is killed with requests in flight and events not yet relayed, and started again; it
    // waits for the broker, which comes back meanwhile. Unanswered requests are sent again.
    let pendingAtKill = 0;
    await send(sent, PHASE, async () => {
      await sleep(50);
      const [pending] = (
        await database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${schema}.outbox WHERE published_at IS NULL`,
        )
      ).rows;
      pendingAtKill = pending!.n;
      service!.kill('SIGKILL');
      await untilPort(servicePort, false, 10_000);
      service = startService();
      await rabbit.startApp();
      await ready();
    });
    await send(sent, PHASE);

    // Every change committed is relayed, and heard by the consumer.
    const outbox = async () =>
      (
        await database.query<{ id: string; published: boolean }>(
          `SELECT id::text, published_at IS NOT NULL AS published FROM ${schema}.outbox
           WHERE type = $1 ORDER BY seq`,
          [availabilityChangedV1],
        )
      ).rows;
    const consumed = async () =>
      (await checkDb.query<{ event_id: string }>('SELECT event_id FROM changes')).map((row) => row.event_id);
    await expect
      .poll(async () => (await outbox()).every((row) => row.published) && (await consumed()).length, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe((await outbox()).length);
    await sleep(500);
    const committed = (await outbox()).map((row) => row.id);
    expect(new Set(await consumed())).toEqual(new Set(committed));
    expect(await consumed()).toHaveLength(committed.length);
    expect(new Set(deliveries)).toEqual(new Set(committed));

    // Each accepted report once: one row per person, and counted once in its laundromat's live state.
    const rows = (
      await database.query<{ user_id: string; laundromat_id: string }>(
        `SELECT user_id::text, laundromat_id::text FROM ${schema}.availability_reports`,
      )
    ).rows;
    expect(rows).toHaveLength(4 * PHASE);
    expect(new Map(rows.map((row) => [row.user_id, row.laundromat_id]))).toEqual(sent.reports);
    const live = async (laundromatId: string) =>
      (
        (await (
          await fetch(`http://127.0.0.1:${servicePort}/api/laundromats/${laundromatId}/availability`)
        ).json()) as AvailabilityResponse
      ).live;
    for (const laundromatId of reportLaundromats) {
      const accepted = [...sent.reports.values()].filter((id) => id === laundromatId).length;
      expect((await live(laundromatId))?.reportCount).toBe(accepted);
    }
    // Each laundromat's machines as its last accepted message left them.
    for (const laundromatId of machineLaundromats) {
      expect(await live(laundromatId)).toMatchObject({
        source: 'machines',
        washersFree: sent.machines.get(laundromatId)! % 9,
        washersTotal: 8,
      });
    }
    expect(sent.machines.size).toBe(LAUNDROMATS);
    expect([...sent.machines.values()].reduce((a, b) => a + b, 0)).toBe(4 * PHASE);

    // What the consumer last heard of each laundromat is its live state as stored.
    const stored = (
      await database.query<{ laundromat_id: string; summary: LiveSummary | null }>(
        `SELECT laundromat_id::text, summary FROM ${schema}.live_states`,
      )
    ).rows;
    const heard = await checkDb.query<{ laundromat_id: string; live: LiveSummary | null }>(
      `SELECT DISTINCT ON (laundromat_id) laundromat_id::text, live FROM changes
       ORDER BY laundromat_id, computed_at DESC`,
    );
    expect(new Map(heard.map((row) => [row.laundromat_id, row.live]))).toEqual(
      new Map(stored.map((row) => [row.laundromat_id, row.summary])),
    );
    // The kill found events waiting for the broker; what they were is above: none lost, none twice.
    expect(pendingAtKill).toBeGreaterThan(0);
    console.warn(
      `live nothing lost: ${sent.reports.size} reports, ${4 * PHASE} machine messages, ` +
        `${committed.length} changes (${pendingAtKill} waiting in the outbox when the service was killed), ` +
        `${sentAgain} requests sent again, ${deliveries.length - committed.length} events delivered twice`,
    );
  }, 180_000);
});
