import { describe, expect, it } from 'vitest';
import {
  busynessGrid,
  busynessLevel,
  feedOccupancy,
  localWeekdayHour,
  reportOccupancy,
  type HourAggregate,
} from '../../src/domain/busyness.ts';

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
// A Saturday, 12:00 UTC: 13:00 in Paris (winter time).
const now = new Date('2026-11-28T12:00:00Z');
const id = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';

/** One observed hour `weeksAgo` weeks before the UTC hour `utcHour` of a day `daysBack` before now. */
const hourAt = (
  weeksAgo: number,
  daysBack: number,
  utcHour: number,
  occupancy: number,
  weight = 1,
): HourAggregate => {
  const day = new Date(now.getTime() - weeksAgo * WEEK - daysBack * 24 * HOUR);
  day.setUTCHours(utcHour, 0, 0, 0);
  return { hourStart: day, occupancySum: occupancy * weight, weight };
};

/** The seven past Saturdays: busy at 13:00 Paris (12 UTC), moderate at 16:00, quiet at 19:00 (18 UTC). */
const saturdays = Array.from({ length: 7 }, (_, week) => [
  hourAt(week + 1, 0, 12, 0.9),
  hourAt(week + 1, 0, 15, 0.5),
  hourAt(week + 1, 0, 18, 0.1),
]).flat();

describe('reportOccupancy: how full a report says the laundromat is', () => {
  it.each([
    ['all free', { kind: 'all-free' as const }, 0],
    ['full, waiting', { kind: 'full' as const }, 1],
    ['some free', { kind: 'some-free' as const }, 0.5],
    ['3 of 12 washers free', { kind: 'counts' as const, washersFree: 3, washersTotal: 12 }, 0.75],
    [
      'washers and dryers together',
      { kind: 'counts' as const, washersFree: 2, washersTotal: 10, dryersFree: 8, dryersTotal: 10 },
      0.5,
    ],
    ['no totals at all', { kind: 'counts' as const }, null],
  ])('%s → %s', (_case, report, expected) => {
    expect(
      reportOccupancy({
        washersFree: null,
        washersTotal: null,
        dryersFree: null,
        dryersTotal: null,
        ...report,
      }),
    ).toBe(expected);
  });
});

describe('feedOccupancy: the share of working machines in use', () => {
  it.each([
    [['available', 'available', 'in_use', 'finishing'], 0.5],
    [['in_use', 'out_of_order'], 1],
    [['out_of_order'], null],
    [[], null],
  ])('%j → %s', (statuses, expected) => {
    expect(feedOccupancy(statuses)).toBe(expected);
  });
});

describe('busynessLevel', () => {
  it.each([
    [0.1, 'quiet'],
    [0.3, 'quiet'],
    [0.45, 'moderate'],
    [0.6, 'busy'],
    [null, null],
  ])('%s → %s', (occupancy, level) => {
    expect(busynessLevel(occupancy)).toBe(level);
  });
});

describe('localWeekdayHour: the laundromat’s own clock', () => {
  it.each([
    ['Europe/Paris', '2026-11-28T23:30:00Z', { weekday: 7, hour: 0 }],
    ['America/New_York', '2026-11-28T03:00:00Z', { weekday: 5, hour: 22 }],
    ['Asia/Kolkata', '2026-11-28T12:00:00Z', { weekday: 6, hour: 17 }],
    ['UTC', '2026-11-30T00:00:00Z', { weekday: 1, hour: 0 }],
  ])('%s at %s', (zone, moment, expected) => {
    expect(localWeekdayHour(new Date(moment), zone)).toEqual(expected);
  });
});

describe('busynessGrid', () => {
  it('files each hour under its local weekday and hour, and answers the verdicts', () => {
    const grid = busynessGrid({ laundromatId: id, timeZone: 'Europe/Paris', hours: saturdays, now });
    expect(grid.enoughData).toBe(true);
    expect(grid.days).toHaveLength(7);
    const saturday = grid.days[5]!.hours;
    expect(saturday[13]!.occupancy).toBeCloseTo(0.9);
    expect(saturday[16]!.occupancy).toBeCloseTo(0.5);
    expect(saturday[19]!.occupancy).toBeCloseTo(0.1);
    expect(saturday[12]!.occupancy).toBeNull();
    expect(grid.now).toEqual({ weekday: 6, hour: 13, usually: 'busy' });
    expect(grid.bestTimeToday).toEqual({ hour: 19, occupancy: 0.1 });
  });

  it('lets the older weeks count less', () => {
    const hours = [
      ...Array.from({ length: 12 }, (_, i) => hourAt(1, 1, i, 0.5)),
      hourAt(1, 0, 18, 1), // last week: full
      hourAt(6, 0, 18, 0), // six weeks ago: empty
    ];
    const grid = busynessGrid({ laundromatId: id, timeZone: 'UTC', hours, now });
    // Weights 0.8 and 0.8^6 ≈ 0.26: the recent week dominates.
    expect(grid.days[5]!.hours[18]!.occupancy).toBeCloseTo(0.8 / (0.8 + 0.8 ** 6), 3);
  });

  it('ignores hours older than eight weeks or in the future', () => {
    const hours = [
      ...saturdays,
      hourAt(9, 0, 18, 1, 100),
      { hourStart: new Date(now.getTime() + HOUR), occupancySum: 1, weight: 1 },
    ];
    const grid = busynessGrid({ laundromatId: id, timeZone: 'Europe/Paris', hours, now });
    expect(grid.days[5]!.hours[19]!.occupancy).toBeCloseTo(0.1);
    expect(grid.observedHours).toBe(21);
  });

  it.each([
    ['nothing at all', []],
    ['eleven hours', saturdays.slice(0, 11)],
  ])('with %s it says there is not enough data and gives no verdict', (_case, hours) => {
    const grid = busynessGrid({ laundromatId: id, timeZone: 'Europe/Paris', hours, now });
    expect(grid.enoughData).toBe(false);
    expect(grid.now.usually).toBeNull();
    expect(grid.bestTimeToday).toBeNull();
  });

  it('offers no best time from hours already gone today', () => {
    const late = new Date('2026-11-28T20:00:00Z'); // 21:00 in Paris
    const grid = busynessGrid({ laundromatId: id, timeZone: 'Europe/Paris', hours: saturdays, now: late });
    expect(grid.bestTimeToday).toBeNull();
  });
});
