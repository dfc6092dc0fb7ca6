import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusynessResponse } from '@laundry/contracts';
import {
  availability,
  client,
  insertLaundromatsFor,
  startAvailabilityStack,
  type TestStack,
} from '../support/availability-stack.ts';

const london = { latitude: 51.51, longitude: -0.13, timeZone: 'Europe/London' };
const demoRow = { ...london, source: 'demo', isDemo: true, numWashers: 8, numDryers: 4 };

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('with DEMO_FEEDS=true', () => {
  let stack: TestStack;
  let demo: string;
  let other: string;

  beforeAll(async () => {
    stack = await startAvailabilityStack({ DEMO_FEEDS: 'true', DEMO_FEED_INTERVAL_MS: '200' });
    [demo, other] = (await insertLaundromatsFor(stack, [
      { ...demoRow, name: 'Demo Wash (demo)' },
      { ...london, name: 'Listed Wash' },
    ])) as [string, string];
  });
  afterAll(() => stack?.stop());

  it('when a tick has run, then the demo laundromat has a live state from its machines', async () => {
    const state = await eventually(
      () => availability(stack, demo),
      (answer) => answer.live !== null,
    );
    expect(state.live).toMatchObject({ source: 'machines', washersTotal: 8, dryersTotal: 4 });
    expect(state.feed).toMatchObject({ stale: false });
    expect(state.machines).toHaveLength(12);
    for (const machine of state.machines)
      expect(['available', 'in_use', 'finishing', 'out_of_order']).toContain(machine.status);
  });

  it('when the busyness chart is asked for, then it has eight weeks of history at once', async () => {
    // The backfill follows the first live tick.
    const chart = await eventually(
      async () =>
        (await (await client(stack)(`/api/laundromats/${demo}/busyness`)).json()) as BusynessResponse,
      (answer) => answer.enoughData,
    );
    expect(chart.enoughData).toBe(true);
    expect(chart.observedHours).toBeGreaterThan(7 * 24 * 7);
    // Evenings are fuller than the small hours, as in a real laundromat.
    const monday = chart.days[0]!.hours;
    expect(monday[19]!.occupancy!).toBeGreaterThan(monday[4]!.occupancy!);
  });

  it('when a laundromat is not a demo one, then it gets no simulated feed', async () => {
    const state = await availability(stack, other);
    expect(state.live).toBeNull();
    expect(state.machines).toEqual([]);
  });
});

describe('without DEMO_FEEDS (tests, production, the distributed mode)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startAvailabilityStack({ DEMO_FEED_INTERVAL_MS: '200' });
  });
  afterAll(() => stack?.stop());

  it('when time passes, then the demo laundromat has no live state and no machines', async () => {
    const [demo] = await insertLaundromatsFor(stack, [{ ...demoRow, name: 'Quiet Demo (demo)' }]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const state = await availability(stack, demo!);
    expect(state.live).toBeNull();
    expect(state.machines).toEqual([]);
  });
});
