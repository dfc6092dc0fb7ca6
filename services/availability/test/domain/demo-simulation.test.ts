import { describe, expect, it } from 'vitest';
import { demoHistory, demoSimulator } from '../../src/domain/demo-simulation.ts';
import { demoFeedsEnabled, availabilityConfigSchema } from '../../src/config.ts';

const laundromat = {
  id: '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab',
  timeZone: 'Europe/London',
  numWashers: 6,
  numDryers: 3,
};
const MINUTE = 60_000;

describe('the demo machines', () => {
  it('are the same at the same moment, whenever they are asked (a restart continues where it was)', () => {
    const at = new Date('2026-11-27T18:30:00Z');
    expect(demoSimulator(laundromat).at(at)).toEqual(demoSimulator({ ...laundromat }).at(at));
  });

  it('cycle through available, in use and finishing in a day, counting down their minutes', () => {
    const simulator = demoSimulator(laundromat);
    const start = new Date('2026-11-27T00:00:00Z').getTime();
    const seen = new Set<string>();
    let previous = simulator.at(new Date(start));
    for (let minute = 1; minute < 24 * 60; minute++) {
      const now = simulator.at(new Date(start + minute * MINUTE));
      now.forEach((machine, i) => {
        seen.add(machine.status);
        const before = previous[i]!;
        if (before.status === 'in_use' && machine.status === 'in_use')
          expect(machine.minutesRemaining).toBe(before.minutesRemaining! - 1);
      });
      previous = now;
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['available', 'finishing', 'in_use']));
  });

  it('are now and then out of order, for a six-hour block', () => {
    const simulator = demoSimulator(laundromat);
    const start = new Date('2026-10-01T00:00:00Z').getTime();
    let broken = 0;
    for (let hour = 0; hour < 24 * 30; hour += 6)
      broken += simulator
        .at(new Date(start + hour * 3_600_000))
        .filter((m) => m.status === 'out_of_order').length;
    // 9 machines, 120 six-hour blocks: a few in a hundred at most.
    expect(broken).toBeGreaterThan(0);
    expect(broken / (9 * 120)).toBeLessThan(0.05);
  });

  it('leave a history busier at 19:00 than at 04:00', () => {
    const until = new Date('2026-11-28T00:00:00Z');
    const hours = demoHistory(demoSimulator(laundromat), new Date(until.getTime() - 14 * 86_400_000), until);
    expect(hours).toHaveLength(14 * 24);
    const share = (hour: number) => {
      const of = hours.filter((h) => h.hourStart.getUTCHours() === hour);
      return of.reduce((sum, h) => sum + h.occupancySum, 0) / of.reduce((sum, h) => sum + h.samples, 0);
    };
    expect(share(19)).toBeGreaterThan(share(4) + 0.3);
  });
});

describe('DEMO_FEEDS', () => {
  const config = (env: Record<string, string>) =>
    availabilityConfigSchema.parse({ INTERNAL_SECRET: 'a-long-random-internal-secret', ...env });

  it('is on by default in the embedded mode, off in tests, production and the distributed mode', () => {
    expect(demoFeedsEnabled(config({}))).toBe(true);
    expect(demoFeedsEnabled(config({ NODE_ENV: 'test' }))).toBe(false);
    expect(demoFeedsEnabled(config({ NODE_ENV: 'production' }))).toBe(false);
    expect(demoFeedsEnabled(config({ DATABASE_URL: 'postgres://db.example/x' }))).toBe(false);
  });

  it('is what it is set to when set', () => {
    expect(demoFeedsEnabled(config({ NODE_ENV: 'production', DEMO_FEEDS: 'true' }))).toBe(true);
    expect(demoFeedsEnabled(config({ DEMO_FEEDS: 'false' }))).toBe(false);
  });
});

describe('DB_POOL_MAX', () => {
  const config = (env: Record<string, string>) =>
    availabilityConfigSchema.safeParse({ INTERNAL_SECRET: 'a-long-random-internal-secret', ...env });

  it('keeps ten connections unless told otherwise, and takes a busier service’s own number', () => {
    expect(config({}).data?.DB_POOL_MAX).toBe(10);
    expect(config({ DB_POOL_MAX: '40' }).data?.DB_POOL_MAX).toBe(40);
  });

  it('refuses a pool of no connection or not a whole number', () => {
    expect(config({ DB_POOL_MAX: '0' }).success).toBe(false);
    expect(config({ DB_POOL_MAX: 'many' }).success).toBe(false);
  });
});
