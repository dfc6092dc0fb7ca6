import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adClickRecordedV1, adImpressionRecordedV1, createEvent } from '@laundry/contracts';
import { createRabbitBus, type RabbitBus } from '@laundry/platform/bus/rabbitmq';
import { available, silentLogger, urls } from '../../../../test/support/servers.ts';
import { canStartPrivateRabbit, freePort, privateRabbit, untilPort } from '../support/private-rabbit.ts';

/**
 * Nothing lost, proven (issue 19, item 7): ad events sent through a RabbitMQ node of the test's own while
 * that node is stopped and started mid-stream and the billing process is killed once; the ledger must then
 * hold every event exactly once. NOTHING_LOST_EVENTS sets how many (10,000 by default);
 * NOTHING_LOST_RECORD=1 writes the figures to bench/results/billing-nothing-lost-<date>.json.
 */
const EVENTS = Number(process.env.NOTHING_LOST_EVENTS ?? 10_000);
const runnable = canStartPrivateRabbit && available.postgres && available.redis;
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

let rabbit: Awaited<ReturnType<typeof privateRabbit>>;
let billing: ChildProcess | undefined;
let publisher: RabbitBus;
let database: pg.Pool;
const ns = `nl${randomBytes(3).toString('hex')}`;
const schema = `${ns}_billing`;
let billingPort: number;

function startBilling(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/billing/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(billingPort),
      HOST: '127.0.0.1',
      DATABASE_URL: urls.database,
      DB_SCHEMA: schema,
      AMQP_URL: rabbit.url,
      REDIS_URL: urls.redis,
      BUS_NAMESPACE: `${ns}.`,
      INTERNAL_SECRET: randomBytes(24).toString('hex'),
      BILLING_CLOSE_CHECK_MS: '3600000',
      BILLING_CHARGE_SWEEP_MS: '3600000',
    },
    stdio: 'ignore',
  });
  return child;
}

async function ready(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`http://127.0.0.1:${billingPort}/ready`).catch(() => undefined);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error('billing did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function ledger(): Promise<{ entries: number; distinct: number; amountE4: number }> {
  const { rows } = await database
    .query<{ entries: number; distinct: number; amountE4: string }>(
      `SELECT count(*)::int AS entries, count(DISTINCT source_id)::int AS distinct,
              COALESCE(sum(amount_e4), 0)::text AS "amountE4" FROM ${schema}.ledger_entries`,
    )
    .catch(() => ({ rows: [{ entries: 0, distinct: 0, amountE4: '0' }] }));
  return { ...rows[0]!, amountE4: Number(rows[0]!.amountE4) };
}

/** Publishes as an outbox does: a publish not confirmed by the broker is tried again until it is. */
async function publishUntilConfirmed(event: ReturnType<typeof makeEvent>): Promise<number> {
  for (let tries = 1; ; tries++) {
    try {
      await publisher.publish(event);
      return tries;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const advertiserId = randomUUID();
const advertiserUserId = randomUUID();
function makeEvent(i: number) {
  const click = i % 10 === 0;
  return createEvent(click ? adClickRecordedV1 : adImpressionRecordedV1, 'ad', {
    adEventId: randomUUID(),
    campaignId: advertiserId,
    advertiserId,
    advertiserUserId,
    placementId: null,
    placementKey: 'home-sidebar',
    city: null,
    country: null,
    laundromatId: null,
    userId: null,
    cost: click ? 0.35 : 0.0025 + (i % 7) / 10_000,
    revenue: click ? 0.35 : 0.0025 + (i % 7) / 10_000,
    recordedAt: new Date().toISOString(),
  });
}

beforeAll(async () => {
  if (!runnable) return;
  rabbit = await privateRabbit();
  await rabbit.start();
  database = new pg.Pool({ connectionString: urls.database, max: 2 });
  billingPort = await freePort();
  billing = startBilling();
  await ready();
  publisher = createRabbitBus({
    url: rabbit.url,
    service: 'ad-nothing-lost',
    namespace: `${ns}.`,
    logger: silentLogger,
    publishTimeoutMs: 2000,
  });
}, 180_000);

afterAll(async () => {
  if (!runnable) return;
  billing?.kill('SIGKILL');
  await publisher?.close().catch(() => undefined);
  await rabbit?.remove();
  await database?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await database?.end();
  const redis = new Redis(urls.redis);
  const keys = await redis.keys(`${ns}.*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}, 120_000);

describe.runIf(runnable)('nothing lost', () => {
  it(`when ${EVENTS} ad events cross a broker stopped and started mid-stream and billing is killed once, then the ledger holds each exactly once`, async () => {
    const events = Array.from({ length: EVENTS }, (_, i) => makeEvent(i));
    const expectedE4 = events.reduce((sum, event) => sum + Math.round(event.data.cost * 10_000), 0);
    const startedAt = Date.now();
    let brokerBackAt = 0;
    let republished = 0;
    const brokerStopAt = Math.floor(EVENTS * 0.3);
    const billingKillAt = Math.floor(EVENTS * 0.6);
    const batch = 100;

    let outage: Promise<void> | undefined;
    for (let from = 0; from < EVENTS; from += batch) {
      if (from === brokerStopAt) {
        // The node goes away with messages in flight and comes back on the same data folder 2 s after it
        // stopped, while the publisher keeps sending: what it could not get confirmed it sends again.
        outage = rabbit.stop().then(async () => {
          await new Promise((resolve) => setTimeout(resolve, 2000));
          await rabbit.start();
          brokerBackAt = Date.now();
        });
      }
      if (from === billingKillAt) {
        billing!.kill('SIGKILL');
        await untilPort(billingPort, false, 10_000);
        billing = startBilling();
      }
      const tries = await Promise.all(
        events.slice(from, from + batch).map((event) => publishUntilConfirmed(event)),
      );
      republished += tries.filter((n) => n > 1).length;
    }
    await outage;
    const publishedAt = Date.now();
    await ready();

    let current = await ledger();
    const deadline = Date.now() + 240_000;
    while (current.entries < EVENTS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      current = await ledger();
    }
    const caughtUpAt = Date.now();
    // A little longer: a redelivery still on its way must not add an entry.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    current = await ledger();

    console.warn(
      `nothing lost: ${EVENTS} events, ${republished} sent again after an unconfirmed publish; ` +
        `published in ${((publishedAt - startedAt) / 1000).toFixed(1)} s; ledger complete ` +
        `${((caughtUpAt - brokerBackAt) / 1000).toFixed(1)} s after the broker returned ` +
        `(${((caughtUpAt - publishedAt) / 1000).toFixed(1)} s after the last publish)`,
    );
    expect(current).toEqual({ entries: EVENTS, distinct: EVENTS, amountE4: expectedE4 });
    if (process.env.NOTHING_LOST_RECORD) {
      const started = new Date(startedAt);
      const result = {
        startedAt: started.toISOString(),
        command: 'NOTHING_LOST_RECORD=1 npx vitest run services/billing/test/consumers/nothing-lost.test.ts',
        commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot }).toString().trim(),
        machine: {
          cpus: os.cpus().length,
          cpuModel: os.cpus()[0]?.model,
          memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
          loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
          node: process.version,
        },
        settings: {
          events: EVENTS,
          publishBatch: batch,
          brokerStoppedAfter: brokerStopAt,
          brokerDownSecondsAfterStop: 2,
          billingKilledAfter: billingKillAt,
        },
        figures: {
          ledgerEntries: current.entries,
          lost: EVENTS - current.distinct,
          countedTwice: current.entries - current.distinct,
          ledgerAmountE4: current.amountE4,
          expectedAmountE4: expectedE4,
          sentAgainAfterUnconfirmedPublish: republished,
          publishSeconds: (publishedAt - startedAt) / 1000,
          catchUpSecondsAfterBrokerReturned: (caughtUpAt - brokerBackAt) / 1000,
          catchUpSecondsAfterLastPublish: (caughtUpAt - publishedAt) / 1000,
        },
      };
      writeFileSync(
        `${repoRoot}bench/results/billing-nothing-lost-${started.toISOString().slice(0, 10)}.json`,
        `${JSON.stringify(result, null, 2)}\n`,
      );
    }
  }, 600_000);
});
