import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../scripts/test/support/test-db.ts';
import { isOpenAt } from '../../src/domain/opening-hours.ts';

/**
 * openNow=true filters in SQL (hours_open_at, migrations) while every card shows the TypeScript reading
 * (isOpenAt 'card'); a row the two disagree on would be listed as closed or hidden while open.
 */

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb('hours_open_at');
});

afterAll(() => testDb?.drop());

const dayValues: unknown[] = [
  '9:00-17:00',
  '09:00-17:00',
  '0:00-24:00',
  '00:00-24:00',
  '0:00-23:59',
  '6:30-22:15',
  '12:00-12:01',
  '23:59-24:00',
  '22:00-24:00',
  '24/7',
  'closed',
  'Closed',
  'CLOSED',
  '',
  '   ',
  ' 9:00-17:00 ',
  '\t9:00-17:00',
  '9:00-17:00\n',
  '\u00a09:00-17:00\u00a0',
  ' 24/7\t',
  '\u300024/7',
  '9:00 - 17:00',
  '9:00–17:00',
  '9:00 – 17:00',
  '9:00-17:00 ',
  '17:00-9:00',
  '12:00-12:00',
  '24:00-24:00',
  '24:00-1:00',
  '9:60-17:00',
  '9:00-24:01',
  '9:00-25:00',
  '009:00-17:00',
  '9:0-17:00',
  '9am-5pm',
  '\u0669:\u0660\u0660-\u0661\u0667:\u0660\u0660',
  '\uff19:\uff10\uff10-\uff11\uff17:\uff10\uff10',
  'Mo-Fr 09:00-17:00',
  '9:00-17:00,18:00-20:00',
  17,
  true,
  null,
  { open: '9:00', close: '17:00' },
  ['9:00-17:00'],
];

const weekdayNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const hoursObjects: unknown[] = [
  ...dayValues.map((value) => Object.fromEntries(weekdayNames.map((day) => [day, value]))),
  { monday: '9:00-17:00', wednesday: '24/7', friday: '10:00-14:00', sunday: 'closed' },
  { tuesday: '0:00-24:00', saturday: '8:00-20:00' },
  {},
  ['9:00-17:00'],
  '9:00-17:00',
];

const zones = [
  'UTC',
  'Asia/Tokyo',
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];

/** A week of instants at awkward minutes, and both sides of daylight-saving changes. */
function instants(): Date[] {
  const result: Date[] = [];
  const weekStart = Date.UTC(2025, 5, 2); // a Monday
  const minutesOfDay = [
    0, 1, 359, 389, 390, 539, 540, 541, 719, 720, 721, 1019, 1020, 1021, 1334, 1335, 1438, 1439,
  ];
  for (let day = 0; day < 7; day += 1) {
    for (const minutes of minutesOfDay)
      result.push(new Date(weekStart + day * 86_400_000 + minutes * 60_000 + 30_000));
  }
  for (const iso of [
    '2025-03-09T06:59:59Z', // New York, spring forward
    '2025-03-09T07:00:00Z',
    '2025-11-02T05:30:00Z', // New York, the repeated hour
    '2025-11-02T06:30:00Z',
    '2025-03-30T00:59:00Z', // London
    '2025-03-30T01:00:00Z',
    '2025-04-05T14:59:00Z', // Lord Howe, half-hour change
    '2025-04-05T15:00:00Z',
    '2024-02-29T12:00:00Z',
    '2024-12-31T23:59:59.999Z',
  ]) {
    result.push(new Date(iso));
  }
  return result;
}

describe('hours_open_at (SQL) against isOpenAt (TypeScript, card reading)', () => {
  it('when evaluated over a grid of hours × instants × zones, then the two agree everywhere', async () => {
    const cases: { hours: unknown; zone: string; at: Date }[] = [];
    const grid = instants();
    for (const hours of hoursObjects)
      for (const zone of zones) for (const at of grid) cases.push({ hours, zone, at });

    const rows = await testDb.db.query<{ i: number; open: boolean }>(
      `SELECT (i - 1)::int AS i, hours_open_at(h::jsonb, z, t::timestamptz) AS open
       FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS input(h, z, t, i)`,
      [
        cases.map((c) => JSON.stringify(c.hours)),
        cases.map((c) => c.zone),
        cases.map((c) => c.at.toISOString()),
      ],
    );

    // One line per hours value, so a failure reads as the list of values the two rules read differently.
    const disagreements = new Map<string, string>();
    for (const row of rows) {
      const c = cases[row.i]!;
      const expected = isOpenAt(c.hours, c.zone, c.at, 'card');
      const key = JSON.stringify(c.hours);
      if (row.open !== expected && !disagreements.has(key)) {
        disagreements.set(
          key,
          `${key}: in ${c.zone} at ${c.at.toISOString()} TS ${expected}, SQL ${row.open}`,
        );
      }
    }
    expect(rows).toHaveLength(cases.length);
    expect([...disagreements.values()]).toEqual([]);
  });

  it('when hours are missing (SQL NULL), then it is closed', async () => {
    const [row] = await testDb.db.query<{ open: boolean }>(
      `SELECT hours_open_at(NULL, 'UTC', now()) AS open`,
    );

    expect(row!.open).toBe(false);
  });
});
