import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, laundromatApprovedV1, type EventOf } from '@laundry/contracts';
import type { EventBus, EventEnvelope } from '@laundry/platform/bus';
import { busFixtures, type BusFixture } from '../support/buses.ts';
import { eventually } from '../support/servers.ts';

function envelope(type: string, data: unknown = {}): EventEnvelope {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), producer: 'test', data };
}

describe.each(busFixtures.filter((variant) => !variant.unavailable))('EventBus on $name', ({ create }) => {
  let fixture: BusFixture;
  let publisher: EventBus;
  const received: EventEnvelope[] = [];
  const typed: EventOf<typeof laundromatApprovedV1>[] = [];
  const attempts = new Map<string, number>();
  const countAttempt = (event: EventEnvelope) => attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);

  beforeAll(async () => {
    fixture = create();
    publisher = fixture.bus('producer');
    const consumer = fixture.bus('consumer');
    consumer.subscribe('thing.created.v1', async (event) => {
      received.push(event);
    });
    consumer.subscribe('thing.flaky.v1', async (event) => {
      countAttempt(event);
      if ((attempts.get(event.id) ?? 0) < 2) throw new Error('first try fails');
      received.push(event);
    });
    consumer.subscribe(laundromatApprovedV1, async (event) => {
      typed.push(event);
    });
    consumer.subscribe(
      'thing.broken.v1',
      async (event) => {
        countAttempt(event);
        throw new Error('always fails');
      },
      { maxAttempts: 3 },
    );
    await consumer.start();
  }, 30_000);

  afterAll(async () => {
    await fixture?.cleanup();
  });

  it('when an event is published, then the subscriber receives the same envelope', async () => {
    const event = envelope('thing.created.v1', { name: 'first', at: 1 });
    await publisher.publish(event);
    await eventually(() => received.some((got) => got.id === event.id));
    expect(received.find((got) => got.id === event.id)).toEqual(event);
  });

  it('when an event of a type nobody subscribed to is published, then it is not delivered', async () => {
    const ignored = envelope('thing.ignored.v1');
    const marker = envelope('thing.created.v1');
    await publisher.publish(ignored);
    await publisher.publish(marker);
    await eventually(() => received.some((got) => got.id === marker.id));
    expect(received.some((got) => got.id === ignored.id)).toBe(false);
  });

  it('when a handler throws once, then the event is redelivered after a back-off and handled', async () => {
    const event = envelope('thing.flaky.v1');
    await publisher.publish(event);
    await eventually(() => received.some((got) => got.id === event.id));
    expect(attempts.get(event.id)).toBe(2);
    expect(await fixture.deadLetters('consumer')).not.toContainEqual(
      expect.objectContaining({ id: event.id }),
    );
  });

  it('when a handler keeps throwing, then it is tried maxAttempts times and parked in the dead-letter queue', async () => {
    const event = envelope('thing.broken.v1', { why: 'broken' });
    await publisher.publish(event);
    await eventually(async () =>
      (await fixture.deadLetters('consumer')).some((dead) => dead.id === event.id),
    );
    expect(attempts.get(event.id)).toBe(3);
    const parked = (await fixture.deadLetters('consumer')).find((dead) => dead.id === event.id);
    expect(parked).toEqual(event);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attempts.get(event.id)).toBe(3);
  });

  it('when the bus is connected, then it reports ready', async () => {
    await eventually(() => publisher.ready());
    expect(await publisher.ready()).toBe(true);
  });

  it('when a contract event arrives, then its handler receives it parsed against its schema', async () => {
    const event = createEvent(laundromatApprovedV1, 'test', {
      laundromatId: randomUUID(),
      submittedById: null,
      approvedById: randomUUID(),
      approvedAt: new Date().toISOString(),
    });
    // A field the contract does not know travels in the envelope but is not part of the typed event.
    await publisher.publish({ ...event, data: { ...event.data, smuggled: 'x' } });

    await eventually(() => typed.some((got) => got.id === event.id));
    expect(typed.find((got) => got.id === event.id)).toEqual(event);
  });

  it('when a contract event breaks its schema, then its handler never sees it and it is dead-lettered', async () => {
    const event = envelope(laundromatApprovedV1, { laundromatId: 'not-an-id' });
    await publisher.publish(event);

    await eventually(
      async () => (await fixture.deadLetters('consumer')).some((dead) => dead.id === event.id),
      20_000,
    );
    expect(typed.some((got) => got.id === event.id)).toBe(false);
  });
});
