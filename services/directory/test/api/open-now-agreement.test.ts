import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listLaundromatsQuerySchema,
  type Hours,
  type Laundromat,
  type LaundromatListResponse,
} from '@laundry/contracts';
import { listLaundromats } from '../../src/domain/find-laundromats.ts';
import { createLaundromatRepository } from '../../src/infra/laundromat-repository.ts';
import { openingHoursFromWeekly } from '../../src/domain/osm-hours/from-weekly.ts';
import {
  fixture,
  insertFixtures,
  seededRandom,
  startDirectoryStack,
  type TestStack,
} from '../support/directory-stack.ts';
import { hoursPlaces, realisticOpeningHours } from '../support/osm-hours-values.ts';

/**
 * The 'open now' filter and the card read the same engine: at many instants, in five zones, the filtered
 * list is exactly the laundromats whose card says open, in the unfiltered list's order. Real database,
 * real repository; only the instant is chosen by the test.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startDirectoryStack();
  const rows = hoursPlaces.flatMap((place) =>
    realisticOpeningHours.map((openingHours) =>
      fixture({
        latitude: place.latitude,
        longitude: place.longitude,
        country: place.country,
        region: place.region,
        timeZone: place.timeZone,
        openingHours,
      }),
    ),
  );
  rows.push(fixture({ latitude: 52.5, longitude: 13.4, timeZone: 'Europe/Berlin', hours: null }));
  await insertFixtures(stack, rows);
});

afterAll(() => stack?.stop());

async function everyPage(openNow: boolean, now: Date): Promise<Laundromat[]> {
  const repository = createLaundromatRepository(stack.directoryDb);
  const items: Laundromat[] = [];
  let cursor: string | undefined;
  for (;;) {
    const query = listLaundromatsQuerySchema.parse({
      limit: '50',
      latitude: '20',
      longitude: '0',
      ...(openNow ? { openNow: 'true' } : {}),
      ...(cursor ? { cursor } : {}),
    });
    const page = JSON.parse(await listLaundromats(repository, query, now)) as LaundromatListResponse;
    items.push(...page.items);
    if (!page.nextCursor) return items;
    cursor = page.nextCursor;
  }
}

describe('GET /api/laundromats?openNow=true agrees with the card', () => {
  it('when 201 laundromats in five zones are listed at 40 instants, then the open-now list is exactly the open cards, in order', async () => {
    const random = seededRandom(77);
    const instants = [
      ...['2026-12-25T11:00:00Z', '2026-03-29T22:30:00Z', '2026-11-01T06:30:00Z', '2026-07-04T16:00:00Z'],
      ...Array.from({ length: 36 }, () =>
        new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 365 * 86_400_000)).toISOString(),
      ),
    ];
    let openSeen = 0;
    for (const instant of instants) {
      const now = new Date(instant);
      const [all, open] = await Promise.all([everyPage(false, now), everyPage(true, now)]);
      expect(all).toHaveLength(201);
      const openCards = all.filter((item) => item.openStatus.isOpenNow).map((item) => item.id);
      expect(
        open.map((item) => item.id),
        instant,
      ).toEqual(openCards);
      expect(open.every((item) => item.openStatus.isOpenNow)).toBe(true);
      openSeen += open.length;
    }
    expect(openSeen).toBeGreaterThan(40 * 20);
  });
});

describe('migrations 0007/0008 write opening_hours from the weekly hours', () => {
  it('when weekly hours of every shape are converted, then the SQL gives the value the service gives', async () => {
    const sql = readFileSync(
      new URL('../../migrations/0008_opening_hours_missing_days.sql', import.meta.url),
      'utf8',
    );
    const functions = sql.slice(sql.indexOf('CREATE FUNCTION'), sql.indexOf('UPDATE laundromats'));
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
    const values = ['closed', '24/7', '0:00-24:00', '9:00-21:00', '07:30-23:45', '9:00-24:00', 'nonsense'];
    const random = seededRandom(5);
    const samples: (Hours | null)[] = [null, {}, Object.fromEntries(days.map((d) => [d, '24/7'])) as Hours];
    for (let i = 0; i < 200; i += 1) {
      const hours: Record<string, string> = {};
      for (const day of days) if (random() > 0.1) hours[day] = values[Math.floor(random() * values.length)]!;
      samples.push(hours as Hours);
    }
    await stack.directoryDb.tx(async (tx) => {
      await tx.exec(functions);
      for (const hours of samples) {
        const [row] = await tx.query<{ value: string | null }>(
          'SELECT osm_week_from_hours($1::jsonb) AS value',
          [hours === null ? null : JSON.stringify(hours)],
        );
        expect(row!.value, JSON.stringify(hours)).toBe(openingHoursFromWeekly(hours));
      }
      await tx.exec('DROP FUNCTION osm_week_from_hours(jsonb); DROP FUNCTION osm_day_from_hours(jsonb);');
    });
  });
});
