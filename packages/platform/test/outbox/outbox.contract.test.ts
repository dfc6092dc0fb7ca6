import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, laundromatApprovedV1 } from '@laundry/contracts';
import { migrate, type Db } from '@laundry/platform/db';
import { createOutbox } from '@laundry/platform/outbox';
import type { EventBus, EventEnvelope } from '@laundry/platform/bus';
import { memoryFixture, rabbitFixture, type BusFixture } from '../support/buses.ts';
import { pgliteFixture, postgresFixture, type DatabaseFixture } from '../support/databases.ts';
import { available, eventually, silentLogger, uniqueName } from '../support/servers.ts';

const pairs = [
  {
    name: 'postgres + rabbitmq',
    db: postgresFixture,
    bus: rabbitFixture,
    unavailable: !available.postgres || !available.rabbit,
  },
  { name: 'pglite + memory', db: pgliteFixture, bus: memoryFixture, unavailable: false },
];

const TYPE = 'order.placed.v1';

/** An envelope as createEvent makes one, for a type the adapters' tests own. */
const anEvent = <T>(data: T): EventEnvelope<T> => ({
  id: randomUUID(),
  type: TYPE,
  occurredAt: new Date().toISOString(),
  producer: 'orders',
  data,
});

describe.each(pairs.filter((variant) => !variant.unavailable))('outbox on $name', (pair) => {
  let databases: DatabaseFixture;
  let buses: BusFixture;
  let db: Db;
  let schema: string;
  let bus: EventBus;
  const received: EventEnvelope[] = [];
  const timesReceived = (id: string) => received.filter((event) => event.id === id).length;

  beforeAll(async () => {
    databases = pair.db();
    buses = pair.bus();
    schema = uniqueName('outbox');
    db = await databases.open(schema);
    await migrate(db, undefined, { logger: silentLogger });
    bus = buses.bus('orders');
    const consumer = buses.bus('listener');
    consumer.subscribe(TYPE, async (event) => {
      received.push(event);
    });
    await consumer.start();
  }, 120_000);

  afterAll(async () => {
    await buses?.cleanup();
    await databases?.cleanup();
  });

  it('when the transaction that recorded an event rolls back, then the event is never published', async () => {
    const outbox = createOutbox({ db, bus, producer: 'orders', logger: silentLogger });
    let recorded: EventEnvelope | undefined;
    await expect(
      db.tx(async (tx) => {
        recorded = await outbox.record(tx, anEvent({ order: 'rolled back' }));
        throw new Error('change rejected');
      }),
    ).rejects.toThrow('change rejected');
    expect(await outbox.relay()).toBe(0);
    expect(await db.query('SELECT id FROM outbox WHERE id = $1', [recorded?.id])).toEqual([]);
  });

  it('when the transaction commits, then the event is published exactly once, even by two relays at once', async () => {
    const outbox = createOutbox({ db, bus, producer: 'orders', logger: silentLogger });
    // A second relay with its own connection, as another replica would have.
    const replica = createOutbox({
      db: await databases.open(schema),
      bus,
      producer: 'orders',
      logger: silentLogger,
    });
    const events = await db.tx(async (tx) => {
      const recorded: EventEnvelope[] = [];
      for (let i = 0; i < 20; i += 1) recorded.push(await outbox.record(tx, anEvent({ order: i })));
      return recorded;
    });
    const [first, second] = await Promise.all([outbox.relay(), replica.relay()]);
    expect(first + second).toBe(20);
    expect(await outbox.relay()).toBe(0);
    await eventually(() => events.every((event) => timesReceived(event.id) === 1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.map((event) => timesReceived(event.id))).toEqual(events.map(() => 1));
    expect(received.find((event) => event.id === events[0]?.id)).toEqual({
      id: events[0]?.id,
      type: TYPE,
      occurredAt: events[0]?.occurredAt,
      producer: 'orders',
      data: { order: 0 },
    });
  });

  it('when several events are recorded in one statement, then each is published once, in their order, and none if the transaction rolls back', async () => {
    const outbox = createOutbox({ db, bus, producer: 'orders', logger: silentLogger });
    await expect(
      db.tx(async (tx) => {
        await outbox.recordAll!(tx, [anEvent({ batch: 'rolled back' })]);
        throw new Error('change rejected');
      }),
    ).rejects.toThrow('change rejected');
    const events = Array.from({ length: 5 }, (_, i) => anEvent({ batch: i }));
    await db.tx((tx) => outbox.recordAll!(tx, events));
    const stored = await db.query<{ id: string }>(
      'SELECT id FROM outbox WHERE published_at IS NULL ORDER BY seq',
    );
    expect(stored.map((row) => row.id)).toEqual(events.map((event) => event.id));
    expect(await outbox.relay()).toBe(5);
    await eventually(() => events.every((event) => timesReceived(event.id) === 1));
    expect(received.filter((event) => (event.data as { batch?: unknown }).batch === 'rolled back')).toEqual(
      [],
    );
  });

  it('when the broker refuses a publish, then the row stays pending with its attempts and error', async () => {
    const refusingBroker: EventBus = {
      publish: async () => {
        throw new Error('broker unavailable');
      },
      subscribe: () => undefined,
      start: async () => undefined,
      ready: async () => false,
      close: async () => undefined,
    };
    const outbox = createOutbox({ db, bus: refusingBroker, producer: 'orders', logger: silentLogger });
    const event = await db.tx((tx) => outbox.record(tx, anEvent({ order: 'refused' })));
    expect(await outbox.relay()).toBe(0);
    const [row] = await db.query<{ published_at: Date | null; attempts: number; last_error: string }>(
      'SELECT published_at, attempts, last_error FROM outbox WHERE id = $1',
      [event.id],
    );
    expect(row).toEqual({ published_at: null, attempts: 1, last_error: 'broker unavailable' });

    const working = createOutbox({ db, bus, producer: 'orders', logger: silentLogger });
    expect(await working.relay()).toBe(1);
    await eventually(() => timesReceived(event.id) === 1);
  });

  it('when started, then an event is published as soon as its transaction commits, without a relay or a poll', async () => {
    const outbox = createOutbox({ db, bus, producer: 'orders', logger: silentLogger, pollMs: 60_000 });
    outbox.start();
    try {
      const event = await db.tx((tx) => outbox.record(tx, anEvent({ order: 'committed' })));
      await eventually(() => timesReceived(event.id) === 1);
    } finally {
      await outbox.stop();
    }
  });

  it('when published events are older than the retention, then they are purged and pending ones are kept', async () => {
    const outbox = createOutbox({ db, bus, producer: 'orders', logger: silentLogger });
    await outbox.relay();
    const published = await db.tx((tx) => outbox.record(tx, anEvent({ order: 'old' })));
    await outbox.relay();
    const refusing = createOutbox({
      db,
      bus: { ...bus, publish: () => Promise.reject(new Error('down')) },
      producer: 'orders',
      logger: silentLogger,
    });
    const pending = await db.tx((tx) => refusing.record(tx, anEvent({ order: 'pending' })));
    const ids = async () =>
      (
        await db.query<{ id: string }>('SELECT id FROM outbox WHERE id = ANY($1)', [
          [published.id, pending.id],
        ])
      )
        .map((row) => row.id)
        .sort();

    expect(await outbox.purgePublished(new Date(Date.now() - 60_000))).toBe(0);
    expect(await ids()).toEqual([published.id, pending.id].sort());

    expect(await outbox.purgePublished(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual([pending.id]);
    await db.query('DELETE FROM outbox WHERE id = $1', [pending.id]);
  });

  it('when a contract event breaks its schema, then record refuses it and the transaction stores nothing', async () => {
    const outbox = createOutbox({ db, bus, producer: 'orders', logger: silentLogger });
    const valid = createEvent(laundromatApprovedV1, 'orders', {
      laundromatId: randomUUID(),
      submittedById: null,
      approvedById: null,
      approvedAt: new Date().toISOString(),
    });
    const broken = { ...valid, data: { ...valid.data, laundromatId: 'not-an-id' } };

    await expect(db.tx((tx) => outbox.record(tx, broken))).rejects.toThrow(/laundromatId/);

    expect(await db.query('SELECT id FROM outbox WHERE id = $1', [broken.id])).toEqual([]);
  });
});

describe.skipIf(!available.postgres || !available.rabbit)(
  'outbox on postgres + rabbitmq, connection dropped',
  () => {
    const databases = postgresFixture();
    const buses = rabbitFixture();
    const received: EventEnvelope[] = [];

    afterAll(async () => {
      await buses.cleanup();
      await databases.cleanup();
    });

    it('when an event is recorded while the broker connection is down, then it is delivered once it is back', async () => {
      const db = await databases.open(uniqueName('outbox_drop'));
      await migrate(db, undefined, { logger: silentLogger });
      const consumer = buses.bus('listener');
      consumer.subscribe(TYPE, async (event) => {
        received.push(event);
      });
      await consumer.start();
      const bus = buses.rabbitBus('orders');
      const outbox = createOutbox({ db, bus, producer: 'orders', logger: silentLogger, pollMs: 250 });
      outbox.start();
      try {
        await eventually(() => bus.ready());
        const dropped = new Promise((resolve) => bus.connection.once('disconnect', resolve));
        // Destroy the TCP socket under amqplib: an abrupt drop, not a polite AMQP close.
        const socket = (
          bus.connection.connection as unknown as { connection: { stream: { destroy(err: Error): void } } }
        ).connection.stream;
        socket.destroy(new Error('connection dropped by the test'));
        await dropped;
        expect(await bus.ready()).toBe(false);

        const event = await db.tx((tx) => outbox.record(tx, anEvent({ order: 'during outage' })));

        await eventually(() => received.some((got) => got.id === event.id), 20_000);
        await eventually(async () => {
          const [row] = await db.query<{ published_at: Date | null }>(
            'SELECT published_at FROM outbox WHERE id = $1',
            [event.id],
          );
          return row?.published_at instanceof Date;
        });
        expect(received.filter((got) => got.id === event.id)).toHaveLength(1);
      } finally {
        await outbox.stop();
      }
    }, 30_000);
  },
);
