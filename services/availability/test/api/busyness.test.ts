import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@laundry/platform';
import type { BusynessResponse } from '@laundry/contracts';
import {
  availabilityDb,
  client,
  insertLaundromatsFor,
  startAvailabilityStack,
  type TestStack,
} from '../support/availability-stack.ts';
import { createBusynessRepository } from '../../src/infra/busyness-repository.ts';
import { aggregateBusyness } from '../../src/domain/busyness-aggregation.ts';
import { localWeekdayHour } from '../../src/domain/busyness.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let stack: TestStack;
let paris: string;
let empty: string;
let fed: string;
const now = new Date();
const here = localWeekdayHour(now, 'Europe/Paris');

/**
 * Eight weeks of visitors' reports at the Paris laundromat, on its local clock: every day full at 18:00
 * (after work), 3 of 12 free at 12:00, all free at 07:00; now and then a far-away report at 18:00 that
 * says all free and counts little. The current local hour is made quiet, so 'usually' and the best time are known.
 */
async function simulateEightWeeks(laundromatId: string) {
  const rows: Array<[string, string, number | null, number | null, string, Date]> = [];
  for (let day = 1; day <= 56; day++) {
    for (const [localHour, kind, free] of [
      [18, 'full', null],
      [12, 'counts', 3],
      [7, 'all-free', null],
    ] as const) {
      const at = parisTime(new Date(now.getTime() - day * DAY), localHour, 20);
      rows.push([laundromatId, kind, free, free === null ? null : 12, 'on-site', at]);
      if (localHour === 18 && day % 7 === 0)
        rows.push([laundromatId, 'all-free', null, null, 'far', new Date(at.getTime() + 60_000)]);
    }
    if (here.hour !== 18 && here.hour !== 12 && here.hour !== 7 && day <= 14) {
      rows.push([laundromatId, 'all-free', null, null, 'on-site', new Date(now.getTime() - day * DAY)]);
    }
  }
  for (const [id, kind, free, total, band, at] of rows) {
    await availabilityDb(stack).query(
      `INSERT INTO availability_reports (laundromat_id, kind, washers_free, washers_total, distance_band, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, kind, free, total, band, at.toISOString()],
    );
  }
}

/** The moment of `hour`:`minute` in Paris on the day of `day` (Paris' offset is +1 or +2). */
function parisTime(day: Date, hour: number, minute: number): Date {
  for (const offset of [1, 2]) {
    const candidate = new Date(day);
    candidate.setUTCHours(hour - offset, minute, 0, 0);
    if (localWeekdayHour(candidate, 'Europe/Paris').hour === hour) return candidate;
  }
  throw new Error('no such time');
}

async function busyness(laundromatId: string) {
  const response = await client(stack)(`/api/laundromats/${laundromatId}/busyness`);
  expect(response.status).toBe(200);
  return (await response.json()) as BusynessResponse;
}

beforeAll(async () => {
  stack = await startAvailabilityStack({ BUSYNESS_INTERVAL_MS: '0' });
  const ids = await insertLaundromatsFor(stack, [
    { name: 'Busy evenings', timeZone: 'Europe/Paris' },
    { name: 'Nobody reported', timeZone: 'Europe/Paris' },
    { name: 'With a feed', timeZone: 'Europe/Paris' },
  ]);
  [paris, empty, fed] = [ids[0]!, ids[1]!, ids[2]!];
  await simulateEightWeeks(paris);
  const db = availabilityDb(stack);
  await db.query(
    `INSERT INTO machine_states (laundromat_id, machine_id, machine_type, status, reported_at)
     VALUES ($1, 'w1', 'washer', 'in_use', now()), ($1, 'w2', 'washer', 'finishing', now()),
            ($1, 'w3', 'washer', 'available', now()), ($1, 'w4', 'washer', 'out_of_order', now())`,
    [fed],
  );
  const aggregation = aggregateBusyness({
    busyness: createBusynessRepository(db),
    logger: createLogger('test', 'silent'),
    everyMs: 0,
  });
  // The aggregation over the whole simulated period, then again: summing the same hours twice changes nothing.
  await aggregation.runOnce(now, new Date(now.getTime() - 60 * DAY));
  await aggregation.runOnce(now, new Date(now.getTime() - 60 * DAY));
});

afterAll(() => stack?.stop());

describe('GET /api/laundromats/{id}/busyness after eight weeks of reports', () => {
  it('draws the week in the laundromat’s local hours: full at 18:00, mostly busy at 12:00, empty at 07:00', async () => {
    const answer = await busyness(paris);
    expect(answer.timeZone).toBe('Europe/Paris');
    expect(answer.enoughData).toBe(true);
    expect(answer.days.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const day of answer.days) {
      expect(day.hours).toHaveLength(24);
      expect(day.hours[18]!.occupancy).toBeGreaterThan(0.9);
      expect(day.hours[12]!.occupancy).toBeCloseTo(0.75, 1);
      expect(day.hours[7]!.occupancy).toBeLessThan(0.1);
      // An hour nobody reported: 03:00, unless the test runs then and made it the quiet hour.
      expect(day.hours[here.hour === 3 ? 4 : 3]!.occupancy).toBeNull();
    }
  });

  it('says how busy this hour usually is, and the quietest hour left today', async () => {
    const answer = await busyness(paris);
    expect(answer.now.weekday).toBe(here.weekday);
    expect(answer.now.hour).toBe(here.hour);
    const expected = here.hour === 18 ? 'busy' : here.hour === 12 ? 'busy' : 'quiet';
    expect(answer.now.usually).toBe(expected);
    const later = answer.days[here.weekday - 1]!.hours.slice(here.hour).filter(
      (cell) => cell.occupancy !== null,
    );
    const quietest = Math.min(...later.map((cell) => cell.occupancy!));
    expect(answer.bestTimeToday?.occupancy).toBe(quietest);
    expect(answer.bestTimeToday!.hour).toBeGreaterThanOrEqual(here.hour);
  });

  it('answers enoughData: false, and no verdict, where nobody reported', async () => {
    const answer = await busyness(empty);
    expect(answer).toMatchObject({ enoughData: false, observedHours: 0, bestTimeToday: null });
    expect(answer.now.usually).toBeNull();
  });

  it('counts a fresh machine feed’s share in use in the current hour', async () => {
    const answer = await busyness(fed);
    // 2 of the 3 working machines in use (finishing counts); the broken one is left out.
    expect(answer.days[here.weekday - 1]!.hours[here.hour]!.occupancy).toBeCloseTo(2 / 3, 3);
    expect(answer.enoughData).toBe(false);
  });

  it.each([
    ['an unknown laundromat', '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab'],
    ['a malformed id', 'not-an-id'],
  ])('answers 404 for %s', async (_case, id) => {
    const response = await client(stack)(`/api/laundromats/${id}/busyness`);
    expect(response.status).toBe(404);
  });
});
