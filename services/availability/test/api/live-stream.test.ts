import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createService, loadConfig } from '@laundry/platform';
import { metricsRegistry } from '@laundry/platform/observability';
import type { LiveAvailabilityEvent } from '@laundry/contracts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { available, urls } from '../../../../test/support/servers.ts';
import {
  insertLaundromatsFor,
  report,
  startAvailabilityStack,
  type TestStack,
} from '../support/availability-stack.ts';
import { openEventStream, type OpenStream } from '../support/event-stream.ts';
import { createRedisFanout } from '../../src/infra/live-fanout.ts';
import { availabilityConfigSchema, availabilityService } from '../../src/index.ts';
import type { LiveFanout } from '../../src/domain/live-streams.ts';

let stack: TestStack;
let alice: Session;
let bob: Session;
let ids: string[];
const open: OpenStream[] = [];

beforeAll(async () => {
  // With the real servers the service fans changes out through Redis, as its replicas do in production.
  stack = await startAvailabilityStack({
    ...(available.redis ? { REDIS_URL: urls.redis } : {}),
    // Short, so the test sees heartbeats pass the gateway; 15 s by default.
    LIVE_HEARTBEAT_MS: '200',
  });
  [alice, bob] = await Promise.all([signUp(stack.baseUrl), signUp(stack.baseUrl)]);
  ids = await insertLaundromatsFor(stack, [
    { name: 'Live one', numWashers: 12, numDryers: 8 },
    { name: 'Live two', numWashers: 10, numDryers: 6 },
    { name: 'Live three', numWashers: 10, numDryers: 6 },
    { name: 'Live four', numWashers: 10, numDryers: 6 },
    { name: 'Not followed', numWashers: 10, numDryers: 6 },
    { name: 'Live five', numWashers: 10, numDryers: 6 },
  ]);
});

afterAll(async () => {
  for (const stream of open) stream.close();
  await stack?.stop();
});

async function follow(laundromatIds: string[], headers: Record<string, string> = {}) {
  const stream = await openEventStream(`${stack.baseUrl}/api/live?laundromats=${laundromatIds.join(',')}`, {
    'accept-encoding': 'gzip, deflate, br',
    ...headers,
  });
  open.push(stream);
  return stream;
}

const dataOf = (event: { data: string }) => JSON.parse(event.data) as LiveAvailabilityEvent;
const about = (laundromatId: string) => (event: { event?: string; data: string }) =>
  event.event === 'availability' && dataOf(event).laundromatId === laundromatId;

async function counts(session: Session, laundromatId: string, free: number, total: number) {
  const response = await report(stack, session, laundromatId, { washers: { free, total } });
  expect(response.status).toBe(201);
}

describe('a page following laundromats through the gateway', () => {
  it('receives the new state within a second of a report being accepted, uncompressed', async () => {
    const stream = await follow([ids[0]!, ids[1]!]);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('content-encoding')).toBeNull();

    await counts(alice, ids[0]!, 3, 12);
    const accepted = Date.now();
    const event = await stream.next(about(ids[0]!));
    expect(Date.now() - accepted).toBeLessThan(1000);
    expect(event.id).toBe(String(Date.parse(dataOf(event).computedAt)));
    expect(dataOf(event).live).toMatchObject({ washersFree: 3, washersTotal: 12, source: 'visitors' });
  });

  it('hears nothing about laundromats it does not follow', async () => {
    const stream = await follow([ids[1]!]);
    await counts(alice, ids[4]!, 5, 10);
    await counts(bob, ids[1]!, 2, 10);
    await stream.next(about(ids[1]!));
    expect(stream.events.filter(about(ids[4]!))).toEqual([]);
  });

  it('gets a heartbeat comment while nothing changes, through the gateway', async () => {
    const stream = await follow([ids[4]!]);
    await expect
      .poll(() => stream.comments.filter((comment) => comment === 'heartbeat').length)
      .toBeGreaterThanOrEqual(2);
    expect(stream.events).toEqual([]);
  });

  it('counts its open streams in laundry_live_streams_open', async () => {
    const openNow = async () =>
      (await metricsRegistry.getSingleMetric('laundry_live_streams_open')!.get()).values.find(
        (value) => value.labels.service === 'availability',
      )?.value ?? 0;
    const before = await openNow();
    const stream = await follow([ids[3]!]);
    expect(await openNow()).toBe(before + 1);
    stream.close();
    await expect.poll(openNow).toBe(before);
  });
});

describe('a stream that reconnects with Last-Event-ID', () => {
  it('first gets what changed while it was away, and nothing older', async () => {
    const first = await follow([ids[2]!, ids[3]!]);
    await counts(alice, ids[2]!, 1, 10);
    const seen = await first.next(about(ids[2]!));
    first.close();

    // While the page is away: another count at the same laundromat, and a first one at the other.
    await counts(bob, ids[2]!, 9, 10);
    await counts(bob, ids[3]!, 4, 10);

    const again = await follow([ids[2]!, ids[3]!], { 'last-event-id': seen.id! });
    const missedTwo = dataOf(await again.next(about(ids[2]!)));
    const missedThree = dataOf(await again.next(about(ids[3]!)));
    expect(missedTwo.computedAt > dataOf(seen).computedAt).toBe(true);
    expect(missedTwo.live).not.toEqual(dataOf(seen).live);
    expect(missedThree.live).toMatchObject({ washersFree: 4, washersTotal: 10 });
    // The state it had already seen is not sent again.
    expect(again.events.filter((event) => event.id === seen.id)).toEqual([]);
  });
});

describe('a page that opens a stream for a new set of laundromats', () => {
  it('names where it left off in the query and first gets what changed since', async () => {
    const first = await follow([ids[5]!]);
    await counts(alice, ids[5]!, 6, 10);
    const seen = await first.next(about(ids[5]!));
    first.close();

    // Changed while the page switched streams: it follows one more laundromat now. The change is out
    // (another page heard it) before the new stream opens, so it is a change the new one missed.
    const witness = await follow([ids[5]!]);
    await counts(bob, ids[5]!, 7, 10);
    await witness.next(about(ids[5]!));
    const next = await follow([ids[5]!, ids[0]!], {});
    // Without a place to resume from, a new stream sends nothing until the next change...
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(next.events.filter(about(ids[5]!))).toEqual([]);

    // ...and with ?lastEventId= it first sends what was missed.
    const resumed = await openEventStream(
      `${stack.baseUrl}/api/live?laundromats=${ids[5]},${ids[0]}&lastEventId=${seen.id}`,
    );
    open.push(resumed);
    const missed = dataOf(await resumed.next(about(ids[5]!)));
    // The state bob's report made, newer than the one the page had seen.
    expect(missed.computedAt > dataOf(seen).computedAt).toBe(true);
    expect(resumed.events.filter((event) => event.id === seen.id)).toEqual([]);
  });

  it('when lastEventId is not one of its ids, then the stream opens and resumes from nothing', async () => {
    const stream = await openEventStream(`${stack.baseUrl}/api/live?laundromats=${ids[4]}&lastEventId=abc`);
    open.push(stream);
    expect(stream.response.status).toBe(200);
  });
});

describe('several replicas', () => {
  it('share every change through Redis pub/sub', async () => {
    // A second replica's fan-out, in this process: it hears the changes the running service commits.
    const replica: LiveFanout = await createRedisFanout({
      url: urls.redis,
      namespace: stack.env.BUS_NAMESPACE!,
      logger: createLogger('test', 'silent'),
    });
    const heard: LiveAvailabilityEvent[] = [];
    await replica.listen((event) => heard.push(event));
    try {
      await counts(alice, ids[3]!, 7, 10);
      const accepted = Date.now();
      await expect
        .poll(() => heard.find((event) => event.laundromatId === ids[3]), { timeout: 1000 })
        .toBeDefined();
      expect(Date.now() - accepted).toBeLessThan(1000);
    } finally {
      await replica.close();
    }
  });
});

describe('a second replica of the service', () => {
  it('streams the changes the first one commits', async () => {
    // Same schema, same namespace, its own port: what a second pod behind a load balancer is.
    const ns = stack.env.BUS_NAMESPACE!.replace(/\.$/, '');
    const second = await createService(availabilityService, {
      config: loadConfig(availabilityConfigSchema, {
        ...stack.env,
        DB_SCHEMA: `${ns}_availability`,
        REDIS_URL: urls.redis,
        LIVE_EXPIRY_INTERVAL_MS: '0',
      }),
      infra: stack.infra,
    });
    const { port } = await second.start({ port: 0, host: '127.0.0.1' });
    try {
      const stream = await openEventStream(`http://127.0.0.1:${port}/api/live?laundromats=${ids[4]}`);
      open.push(stream);
      await counts(bob, ids[4]!, 8, 10);
      const accepted = Date.now();
      const event = await stream.next(about(ids[4]!));
      expect(Date.now() - accepted).toBeLessThan(1000);
      expect(dataOf(event).live).toMatchObject({ washersTotal: 10 });
    } finally {
      for (const stream of open.splice(0)) stream.close();
      await second.stop();
    }
  });
});

describe('a stream that cannot be opened', () => {
  it.each([
    ['no laundromats', '', 'Name the laundromats to follow'],
    ['an id that is not one', '?laundromats=not-an-id', 'must be a valid id'],
    [
      'more than 200 laundromats',
      `?laundromats=${Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',')}`,
      'at most 200 laundromats',
    ],
  ])('is refused with a 400 when it names %s', async (_case, query, message) => {
    const response = await fetch(`${stack.baseUrl}/api/live${query}`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(message);
  });
});
