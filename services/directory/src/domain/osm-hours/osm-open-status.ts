import type { OpenStatus, StatusText } from '@laundry/contracts';
import { compileOpeningHours, type HoursPlace } from './osm-hours.ts';
import { instantNear, toWallDate } from './zoned-clock.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far ahead the next change is looked for: a week and a day, so a weekly rule always shows one. */
const LOOKAHEAD_MS = 8 * DAY_MS;

/** What a laundromat's hours say at one instant, read by the OSM library in its zone. */
export interface HoursReading {
  open: boolean;
  /** The matching rule is 'unknown' (or only a comment): nobody can say open or closed. */
  unknown: boolean;
  comment: string | null;
}

/** An open (or unknown) stretch of wall time, as the library's getOpenIntervals gives it. */
interface Interval {
  from: number;
  to: number;
  unknown: boolean;
  comment: string | null;
}

interface Window {
  start: number;
  end: number;
  intervals: Interval[];
}

const MAX_WINDOWS = 20_000;
const windows = new Map<string, Window>();

/**
 * The library's open intervals from the day before the wall date to ten days after, once per value, place
 * and local day. Asking the library per row costs up to half a millisecond for a value with public
 * holidays or sun times (it works out the year's holidays and the sun each time); a page then reads
 * intervals, which is what the library's own getState and getNextChange walk.
 */
function windowFor(value: string, place: HoursPlace, at: Date, wall: Date): Window {
  const dayStart = new Date(wall.getFullYear(), wall.getMonth(), wall.getDate());
  // The point matters only for sun times: other values share a window across a whole country.
  const point = /sun|dawn|dusk/i.test(value) ? `${place.latitude}|${place.longitude}` : '';
  const key = `${place.timeZone}|${point}|${place.country ?? ''}|${place.region ?? ''}|${dayStart.getTime()}|${value}`;
  let window = windows.get(key);
  if (!window) {
    const start = new Date(dayStart.getFullYear(), dayStart.getMonth(), dayStart.getDate() - 1);
    const end = new Date(dayStart.getFullYear(), dayStart.getMonth(), dayStart.getDate() + 10);
    // Sun times are set by the zone's offset at midday: a DST change happens at night, never between
    // sunrise and sunset.
    const noonWall = new Date(dayStart.getFullYear(), dayStart.getMonth(), dayStart.getDate(), 12);
    const hours = compileOpeningHours(value, place, instantNear(place.timeZone, at, wall, noonWall));
    const intervals: Interval[] = [];
    for (const [from, to, unknown, comment] of hours.getOpenIntervals(start, end)) {
      const next = { from: from.getTime(), to: to.getTime(), unknown, comment: comment ?? null };
      const last = intervals.at(-1);
      // Touching stretches that read the same are one: the state does not change between them.
      if (last && last.to === next.from && last.unknown === next.unknown && last.comment === next.comment)
        last.to = next.to;
      else intervals.push(next);
    }
    window = { start: start.getTime(), end: end.getTime(), intervals };
    if (windows.size >= MAX_WINDOWS) windows.clear();
    windows.set(key, window);
  }
  return window;
}

/** The index of the first interval that ends after `t`. */
function firstEndingAfter(intervals: Interval[], t: number): number {
  let lo = 0;
  let hi = intervals.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (intervals[mid]!.to <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function readingAt(window: Window, t: number): HoursReading {
  const interval = window.intervals[firstEndingAfter(window.intervals, t)];
  if (!interval || interval.from > t) return { open: false, unknown: false, comment: null };
  return { open: !interval.unknown, unknown: interval.unknown, comment: interval.comment };
}

/** The library's next change after `t` within the look-ahead, as a wall time; undefined when none. */
function nextChangeAt(window: Window, t: number): number | undefined {
  const index = firstEndingAfter(window.intervals, t);
  const interval = window.intervals[index];
  if (!interval) return undefined;
  const change = interval.from > t ? interval.from : interval.to;
  // A stretch cut by the end of the window has no known end.
  if (change >= window.end || change > t + LOOKAHEAD_MS) return undefined;
  return change;
}

/** Open, closed or unknown at `at`; a value the library refuses reads as unknown. */
export function readHoursAt(value: string, place: HoursPlace, at: Date): HoursReading {
  try {
    const wall = toWallDate(place.timeZone, at);
    return readingAt(windowFor(value, place, at, wall), wall.getTime());
  } catch {
    return { open: false, unknown: true, comment: null };
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const clock = (wall: Date) => `${pad2(wall.getHours())}:${pad2(wall.getMinutes())}`;
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Today's open intervals as a line ('08:00-12:00,13:00-18:00', '24/7', 'closed'), past midnight kept. */
function todayLine(window: Window, wall: Date): string {
  const start = new Date(wall.getFullYear(), wall.getMonth(), wall.getDate()).getTime();
  const end = new Date(wall.getFullYear(), wall.getMonth(), wall.getDate() + 1).getTime();
  const today = window.intervals.filter((interval) => interval.to > start && interval.from < end);
  if (today.length === 0) return 'closed';
  if (today.length === 1 && today[0]!.from <= start && today[0]!.to >= end)
    return today[0]!.unknown ? 'unknown' : '24/7';
  return today
    .map(({ from, to, unknown }) => {
      const until = new Date(to);
      const range = `${from < start ? '00:00' : clock(new Date(from))}-${to === end ? '24:00' : clock(until)}`;
      return unknown ? `${range} ?` : range;
    })
    .join(',');
}

function statusTextOf(
  reading: HoursReading,
  wall: Date,
  nextWall: Date | undefined,
  allDay: boolean,
): StatusText {
  if (reading.unknown)
    return { kind: 'call_ahead', ...(reading.comment ? { comment: reading.comment } : {}) };
  if (reading.open && reading.comment) return { kind: 'hours_may_vary', comment: reading.comment };
  if (reading.open) {
    if (!nextWall || allDay) return { kind: 'open_24_hours' };
    return { kind: 'closes_at', time: clock(nextWall) };
  }
  if (!nextWall) return { kind: 'closed_today' };
  if (sameDay(nextWall, wall)) return { kind: 'opens_at', time: clock(nextWall) };
  const tomorrow = new Date(wall.getFullYear(), wall.getMonth(), wall.getDate() + 1);
  if (sameDay(nextWall, tomorrow)) return { kind: 'opens_tomorrow_at', time: clock(nextWall) };
  return { kind: 'closed_today' };
}

const NO_HOURS: OpenStatus = {
  isOpenNow: false,
  isOpenNowInclusive: false,
  is24Hours: false,
  todayHours: null,
  nextChange: null,
  statusText: { kind: 'hours_not_available' },
};

/**
 * The open status of a laundromat whose hours are the OSM value `value`, at `at`, in its zone and with its
 * country's public holidays. 'Closes at' is the library's next change; a change more than a day away while
 * open reads 'Open 24 hours'.
 */
export function osmOpenStatus(value: string | null | undefined, place: HoursPlace, at: Date): OpenStatus {
  if (!value || value.trim() === '') return NO_HOURS;
  try {
    const wall = toWallDate(place.timeZone, at);
    const window = windowFor(value, place, at, wall);
    const t = wall.getTime();
    const reading = readingAt(window, t);
    const next = nextChangeAt(window, t);
    const nextWall = next === undefined ? undefined : new Date(next);
    // The detail page counts the closing minute as open.
    const inclusive = reading.open || readingAt(window, t - MINUTE_MS).open;
    const line = todayLine(window, wall);
    const allDay = reading.open && next !== undefined && next - t > DAY_MS;
    return {
      isOpenNow: reading.open,
      isOpenNowInclusive: inclusive,
      is24Hours: reading.open && (line === '24/7' || next === undefined),
      todayHours: line,
      nextChange: nextWall ? instantNear(place.timeZone, at, wall, nextWall).toISOString() : null,
      statusText: statusTextOf(reading, wall, nextWall, allDay),
      isUnknownNow: reading.unknown,
      comment: reading.comment,
    };
  } catch {
    return { ...NO_HOURS, isUnknownNow: true, statusText: { kind: 'call_ahead' } };
  }
}
