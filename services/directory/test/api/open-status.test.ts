import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hours, Laundromat, LaundromatListResponse } from '@laundry/contracts';
import { computeOpenStatus } from '../../src/domain/opening-hours.ts';
import { openingHoursFromWeekly } from '../../src/domain/osm-hours/from-weekly.ts';
import { osmOpenStatus } from '../../src/domain/osm-hours/osm-open-status.ts';
import type { NewLaundromatRow } from '../../src/infra/laundromat-bulk-insert.ts';
import {
  fixture,
  getJson,
  insertFixtures,
  seededRandom,
  startDirectoryStack,
  type TestStack,
} from '../support/directory-stack.ts';

/**
 * The API computes open/closed at request time in each laundromat's zone, so the fixtures' hours are
 * written relative to the current local time there (read with Intl, independently of the code under test),
 * and everything is requested within one wall-clock minute.
 */

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
type Weekday = (typeof WEEKDAYS)[number];

const cities = {
  'Asia/Tokyo': { latitude: 35.6812, longitude: 139.7671 },
  'America/New_York': { latitude: 40.7506, longitude: -73.9935 },
  'Europe/London': { latitude: 51.5074, longitude: -0.1278 },
  'Asia/Kolkata': { latitude: 19.076, longitude: 72.8777 },
  'Australia/Sydney': { latitude: -33.8688, longitude: 151.2093 },
  'America/Los_Angeles': { latitude: 34.0522, longitude: -118.2437 },
} as const;
type Zone = keyof typeof cities;

function localNow(zone: string, at: Date): { weekday: Weekday; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'long',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    weekday: parts.weekday!.toLowerCase() as Weekday,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const clock = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
const everyDay = (value: string): Hours => Object.fromEntries(WEEKDAYS.map((day) => [day, value])) as Hours;

/** Waits out the last seconds of a minute, so a whole test's requests share the minute it computed with. */
async function awayFromMinuteEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 250));
}

const at = (place: Zone, overrides: Partial<NewLaundromatRow>) =>
  fixture({ ...cities[place], timeZone: place, ...overrides });

let stack: TestStack;
let requestedAt: Date;
let listed: Map<string, Laundromat>;
let openNowIds: Set<string>;
let roundTheClockIds: Set<string>;
let detailOfClosingMinute: Laundromat;
const ids: Record<string, string> = {};
const generatedIds: string[] = [];
const generatedRows = new Map<string, NewLaundromatRow>();

function generatedHours(random: () => number, zone: Zone, now: Date): Hours | null {
  if (random() < 0.05) return null;
  const today = localNow(zone, now);
  const hours: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    const pick = random();
    if (pick < 0.08) continue;
    if (pick < 0.16) hours[day] = 'closed';
    else if (pick < 0.22) hours[day] = '24/7';
    else if (pick < 0.26) hours[day] = '0:00-24:00';
    else if (pick < 0.6 && day === today.weekday) {
      // Ranges whose ends sit near the current minute, where the readings differ.
      const open = Math.max(0, today.minutes - Math.floor(random() * 90));
      const close = Math.min(1440, Math.max(open + 1, today.minutes + Math.floor(random() * 5) - 2));
      hours[day] = `${clock(open)}-${close === 1440 ? '24:00' : clock(close)}`;
    } else {
      const open = Math.floor(random() * 1380);
      const close = open + 1 + Math.floor(random() * (1440 - open - 1));
      hours[day] = `${clock(open)}-${close === 1440 ? '24:00' : clock(close)}`;
    }
  }
  return hours as Hours;
}

beforeAll(async () => {
  stack = await startDirectoryStack();
  await awayFromMinuteEdge();
  const now = new Date();
  const tokyo = localNow('Asia/Tokyo', now);
  // ±60 minutes around Tokyo's clock; New York is 13 or 14 hours away, far outside it.
  const tokyoWindow = `${clock(Math.max(0, tokyo.minutes - 60))}-${
    tokyo.minutes + 60 >= 1440 ? '24:00' : clock(tokyo.minutes + 60)
  }`;
  // The closing-minute cases need a zone where the clock is past 1:00 (so the range can start before it).
  const edgeZone = (Object.keys(cities) as Zone[]).find((zone) => localNow(zone, now).minutes >= 60)!;
  const edge = localNow(edgeZone, now);
  const withoutToday = Object.fromEntries(
    WEEKDAYS.filter((day) => day !== tokyo.weekday).map((day) => [day, '0:00-24:00']),
  ) as Hours;

  const named: Record<string, NewLaundromatRow> = {
    tokyoWindowInTokyo: at('Asia/Tokyo', { hours: everyDay(tokyoWindow) }),
    tokyoWindowInNewYork: at('America/New_York', { hours: everyDay(tokyoWindow) }),
    allDay: at('America/New_York', { hours: everyDay('24/7') }),
    midnightToMidnight: at('Asia/Tokyo', { hours: everyDay('0:00-24:00') }),
    closedEveryDay: at('Asia/Tokyo', { hours: everyDay('closed') }),
    todayMissing: at('Asia/Tokyo', { hours: withoutToday }),
    noHours: at('Asia/Tokyo', { hours: null }),
    unparsable: at('Asia/Tokyo', { hours: everyDay('9am-5pm') }),
    closingMinute: at(edgeZone, { hours: everyDay(`${clock(edge.minutes - 60)}-${clock(edge.minutes)}`) }),
    openingMinute: at(edgeZone, {
      hours: everyDay(
        `${clock(edge.minutes)}-${edge.minutes + 1 >= 1440 ? '24:00' : clock(edge.minutes + 1)}`,
      ),
    }),
  };
  const namedIds = await insertFixtures(stack, Object.values(named));
  Object.keys(named).forEach((name, i) => (ids[name] = namedIds[i]!));

  const random = seededRandom(4242);
  const zones = Object.keys(cities) as Zone[];
  const generated = Array.from({ length: 150 }, (_, i) => {
    const zone = zones[i % zones.length]!;
    return at(zone, { name: `generated ${i}`, hours: generatedHours(random, zone, now) });
  });
  generatedIds.push(...(await insertFixtures(stack, generated)));
  generatedIds.forEach((id, i) => generatedRows.set(id, generated[i]!));

  requestedAt = new Date();
  const [all, open, detail, roundTheClock] = await Promise.all([
    getJson<LaundromatListResponse>(stack, '/api/laundromats?limit=200'),
    getJson<LaundromatListResponse>(stack, '/api/laundromats?limit=200&openNow=true'),
    getJson<Laundromat>(stack, `/api/laundromats/${ids.closingMinute}`),
    getJson<LaundromatListResponse>(stack, '/api/laundromats?limit=200&open24Hours=true'),
  ]);
  // The whole comparison is void if the minute turned meanwhile.
  expect(Math.floor(Date.now() / 60_000)).toBe(Math.floor(now.getTime() / 60_000));
  expect(all.status).toBe(200);
  expect(open.status).toBe(200);
  expect(all.body.items).toHaveLength(160);
  listed = new Map(all.body.items.map((item) => [item.id, item]));
  openNowIds = new Set(open.body.items.map((item) => item.id));
  expect(roundTheClock.status).toBe(200);
  roundTheClockIds = new Set(roundTheClock.body.items.map((item) => item.id));
  detailOfClosingMinute = detail.body;
});

afterAll(() => stack?.stop());

const statusOf = (name: string) => listed.get(ids[name]!)!.openStatus;

describe('openStatus in the laundromat’s time zone (docs/product.md, Behaviour)', () => {
  it('when Tokyo and New York laundromats have the same hours, then at the same instant Tokyo is open and New York closed', () => {
    expect(statusOf('tokyoWindowInTokyo').isOpenNow).toBe(true);
    expect(statusOf('tokyoWindowInNewYork').isOpenNow).toBe(false);
  });

  it.each(['allDay', 'midnightToMidnight'])(
    'when hours are %s, then it is open, 24 hours, and never changes',
    (name) => {
      expect(statusOf(name)).toMatchObject({
        isOpenNow: true,
        isOpenNowInclusive: true,
        is24Hours: true,
        nextChange: null,
        statusText: { kind: 'open_24_hours' },
      });
    },
  );

  it("when today is 'closed', then it is closed today", () => {
    expect(statusOf('closedEveryDay')).toMatchObject({
      isOpenNow: false,
      isOpenNowInclusive: false,
      todayHours: 'closed',
      statusText: { kind: 'closed_today' },
    });
  });

  it('when today has no entry, then it is not open and reads as unknown (call ahead)', () => {
    expect(statusOf('todayMissing')).toMatchObject({
      isOpenNow: false,
      isUnknownNow: true,
      todayHours: 'unknown',
      statusText: { kind: 'call_ahead' },
    });
  });

  it('when there are no hours at all, then it is closed and hours are not available', () => {
    expect(statusOf('noHours')).toMatchObject({
      isOpenNow: false,
      isOpenNowInclusive: false,
      is24Hours: false,
      todayHours: null,
      nextChange: null,
      statusText: { kind: 'hours_not_available' },
    });
  });

  it('when today’s weekly value cannot be read, then it is not open and reads as unknown (call ahead)', () => {
    expect(statusOf('unparsable')).toMatchObject({
      isOpenNow: false,
      isUnknownNow: true,
      statusText: { kind: 'call_ahead' },
    });
  });

  it('when it is the closing minute, then the card reading is closed and the detail reading open', () => {
    expect(statusOf('closingMinute')).toMatchObject({ isOpenNow: false, isOpenNowInclusive: true });
    expect(detailOfClosingMinute.openStatus).toMatchObject({ isOpenNow: false, isOpenNowInclusive: true });
  });

  it('when it is the opening minute, then both readings are open', () => {
    expect(statusOf('openingMinute')).toMatchObject({ isOpenNow: true, isOpenNowInclusive: true });
  });

  it('when 150 laundromats have generated weekly hours in six zones, then each openStatus is the OSM reading of the derived value, open exactly when the weekly reading is', () => {
    const mismatches = generatedIds.filter((id) => {
      const row = generatedRows.get(id)!;
      const place = { latitude: row.latitude, longitude: row.longitude, timeZone: row.timeZone! };
      const expected = osmOpenStatus(openingHoursFromWeekly(row.hours), place, requestedAt);
      const weekly = computeOpenStatus(row.hours, row.timeZone!, requestedAt);
      const shown = listed.get(id)!.openStatus;
      return (
        JSON.stringify(shown) !== JSON.stringify(expected) ||
        shown.isOpenNow !== weekly.isOpenNow ||
        shown.isOpenNowInclusive !== weekly.isOpenNowInclusive
      );
    });

    expect(mismatches).toEqual([]);
    const openCount = generatedIds.filter((id) => listed.get(id)!.openStatus.isOpenNow).length;
    expect(openCount).toBeGreaterThan(10);
    expect(openCount).toBeLessThan(140);
  });
});

describe('GET /api/laundromats?openNow=true', () => {
  it('when filtering on open now, then exactly the rows whose card reading is open come back', () => {
    const expected = [...listed.values()].filter((item) => item.openStatus.isOpenNow).map((item) => item.id);

    expect([...openNowIds].sort()).toEqual(expected.sort());
  });

  it('when a laundromat is in its closing minute or closed, then openNow=true leaves it out', () => {
    for (const name of [
      'closingMinute',
      'tokyoWindowInNewYork',
      'closedEveryDay',
      'noHours',
      'unparsable',
      'todayMissing',
    ]) {
      expect(openNowIds.has(ids[name]!), name).toBe(false);
    }
    for (const name of ['tokyoWindowInTokyo', 'allDay', 'midnightToMidnight', 'openingMinute']) {
      expect(openNowIds.has(ids[name]!), name).toBe(true);
    }
  });
});

describe('GET /api/laundromats?open24Hours=true', () => {
  it('when filtering on open 24 hours, then exactly the laundromats open round the clock every day come back', () => {
    const wholeDay = new Set(['24/7', '0:00-24:00']);
    const generatedRoundTheClock = generatedIds.filter((id) => {
      const hours = generatedRows.get(id)!.hours;
      return hours !== null && hours !== undefined && WEEKDAYS.every((day) => wholeDay.has(hours[day] ?? ''));
    });
    expect([...roundTheClockIds].sort()).toEqual(
      [ids.allDay!, ids.midnightToMidnight!, ...generatedRoundTheClock].sort(),
    );
  });

  it('when open 24 hours is neither true nor false, then 400 names it', async () => {
    const { status, body } = await getJson<{ message: string }>(stack, '/api/laundromats?open24Hours=yes');
    expect(status).toBe(400);
    expect(body.message).toBe("open24Hours must be 'true' or 'false'");
  });
});
