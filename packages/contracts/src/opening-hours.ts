import { parseDayHours as parseHoursValue, weekdays, type Weekday } from './day-hours.ts';
import type { OpenStatus, StatusText } from './open-status.ts';

/**
 * Open/closed rules (docs/product.md, Behaviour). Hours are a map keyed by lower-case English weekday; each
 * value is 'HH:MM-HH:MM' (or 'H:MM-H:MM'), '24/7', '0:00-24:00' or 'closed'. Everything is evaluated in the
 * laundromat's own time zone, never the viewer's.
 */

export type { Weekday };

const WEEKDAYS = weekdays;

type DayReading =
  | { kind: 'closed' }
  | { kind: 'allDay' }
  | { kind: 'range'; openMinutes: number; closeMinutes: number }
  | { kind: 'unknown' };

/** 'card' is the list and map reading (closing minute closed); 'detail' is the detail and favorites reading (closing minute open). */
export type OpenReading = 'card' | 'detail';

/**
 * What the client renders as the card or detail status line (docs/product.md, Pages and Behaviour); the kinds
 * are those of `statusTextSchema` in packages/contracts. Times are 'HH:MM' on a 24-hour clock in the
 * laundromat's zone ('24:00' for a midnight close); the client formats them as 'h:mm AM/PM'.
 *
 * | today's hours              | now (card reading)  | tomorrow's hours | kind                | text                              |
 * |----------------------------|---------------------|------------------|---------------------|-----------------------------------|
 * | no hours object at all     | any                 | any              | hours_not_available | Hours not available               |
 * | missing / non-string / bad | any                 | any              | hours_not_available | Hours not available               |
 * | 'closed'                   | any                 | any              | closed_today        | Closed today                      |
 * | '24/7' or '0:00-24:00'     | any                 | any              | open_24_hours       | Open 24 hours                     |
 * | range                      | before opening      | any              | opens_at            | Opens at {open}                   |
 * | range                      | open ≤ now < close  | any              | closes_at           | Closes at {close}                 |
 * | range                      | at or after close   | range            | opens_tomorrow_at   | Closed • Opens tomorrow at {open} |
 * | range                      | at or after close   | 24 hours         | opens_tomorrow_at   | Closed • Opens tomorrow at 00:00  |
 * | range                      | at or after close   | missing / bad    | opens_tomorrow      | Closed • Opens tomorrow           |
 * | range                      | at or after close   | 'closed'         | closed_today        | Closed today                      |
 *
 * When tomorrow is explicitly 'closed' we do not claim it opens tomorrow; 'Closed today' stays true for
 * the rest of the day. When tomorrow's entry is unusable we know nothing better than the time-less text.
 */
export type { OpenStatus };
export type OpenStatusText = StatusText;

export interface LocalTime {
  weekday: Weekday;
  /** Minutes since local midnight (0–1439). */
  minutes: number;
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const LOOKAHEAD_DAYS = 7;

const UNKNOWN_DAY: DayReading = Object.freeze({ kind: 'unknown' });

function readDayValue(value: string): DayReading {
  const day = parseHoursValue(value);
  if (day === null) return UNKNOWN_DAY;
  if (day.kind === 'open24') return { kind: 'allDay' };
  if (day.kind === 'closed') return { kind: 'closed' };
  return { kind: 'range', openMinutes: day.startMinutes, closeMinutes: day.endMinutes };
}

// Day values repeat endlessly ('24/7', '07:00-23:00', …) and every row of a list reads several, so each
// distinct value is parsed once; readings are frozen because they are shared. The bound keeps a process small.
const MAX_REMEMBERED_DAY_VALUES = 10_000;
const dayReadings = new Map<string, DayReading>();

/** One day's value in the shape these rules use; anything unreadable is 'unknown', which reads as closed. */
export function parseDayReading(value: unknown): DayReading {
  if (typeof value !== 'string') return UNKNOWN_DAY;
  let reading = dayReadings.get(value);
  if (reading === undefined) {
    reading = Object.freeze(readDayValue(value));
    if (dayReadings.size >= MAX_REMEMBERED_DAY_VALUES) dayReadings.clear();
    dayReadings.set(value, reading);
  }
  return reading;
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: Weekday;
}

// Building an Intl.DateTimeFormat costs far more than using one, so keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      timeZone,
      hourCycle: 'h23',
      weekday: 'long',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-US', options);
    } catch {
      // An unknown zone name would otherwise fail every request for that laundromat; UTC is the stated fallback.
      formatter = formatterFor('UTC');
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A list of laundromats is evaluated at one instant, mostly in one zone, so the last reading per zone is
 * kept: the rows after the first cost no Intl call for "now". Returned objects are never mutated.
 */
const lastReading = new Map<string, { epochMs: number; parts: ZonedParts }>();

function zonedParts(timeZone: string, epochMs: number): ZonedParts {
  const last = lastReading.get(timeZone);
  if (last?.epochMs === epochMs) return last.parts;
  const parts = readZonedParts(timeZone, epochMs);
  lastReading.set(timeZone, { epochMs, parts });
  return parts;
}

function readZonedParts(timeZone: string, epochMs: number): ZonedParts {
  const raw: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) raw[part.type] = part.value;
  return {
    year: Number(raw.year),
    month: Number(raw.month),
    day: Number(raw.day),
    hour: Number(raw.hour),
    minute: Number(raw.minute),
    second: Number(raw.second),
    weekday: (raw.weekday ?? '').toLowerCase() as Weekday,
  };
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

export function localTimeIn(timeZone: string, at: Date): LocalTime {
  const p = zonedParts(timeZone, at.getTime());
  return {
    weekday: p.weekday,
    minutes: p.hour * 60 + p.minute,
    date: `${p.year}-${pad2(p.month)}-${pad2(p.day)}`,
  };
}

function dayEntry(hours: unknown, weekday: Weekday): unknown {
  if (hours === null || typeof hours !== 'object' || Array.isArray(hours)) return undefined;
  return (hours as Record<string, unknown>)[weekday];
}

function isOpenDuring(day: DayReading, minutes: number, reading: OpenReading): boolean {
  switch (day.kind) {
    case 'allDay':
      return true;
    case 'range':
      return (
        minutes >= day.openMinutes &&
        (reading === 'card' ? minutes < day.closeMinutes : minutes <= day.closeMinutes)
      );
    default:
      return false;
  }
}

export function isOpenAt(hours: unknown, timeZone: string, at: Date, reading: OpenReading): boolean {
  const local = zonedParts(timeZone, at.getTime());
  return isOpenDuring(
    parseDayReading(dayEntry(hours, local.weekday)),
    local.hour * 60 + local.minute,
    reading,
  );
}

/** Zone offset (local wall clock minus UTC) in ms at an instant. */
function offsetAt(timeZone: string, epochMs: number): number {
  const p = readZonedParts(timeZone, epochMs);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallAsUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

/**
 * The earliest instant at which the zone's wall clock on the given local date (days since 1970-01-01) reads
 * `minutes` or later. A repeated wall time (autumn) gives its first occurrence; a skipped one (spring) gives
 * the transition, which is when a minute-based reading of the local clock first passes it.
 */
function instantOfWallTime(timeZone: string, dayNumber: number, minutes: number): number {
  // A pure function of the zone rules, asked the same few questions for every row of every list (each
  // costs up to a dozen Intl calls), so answers are remembered, by number per zone; the bound keeps a
  // long-lived process small.
  let instants = wallTimeInstants.get(timeZone);
  if (!instants) {
    instants = new Map();
    wallTimeInstants.set(timeZone, instants);
  }
  const key = dayNumber * 1441 + minutes;
  const known = instants.get(key);
  if (known !== undefined) return known;
  if (rememberedWallTimes >= MAX_REMEMBERED_WALL_TIMES) {
    wallTimeInstants.clear();
    rememberedWallTimes = 0;
    return instantOfWallTime(timeZone, dayNumber, minutes);
  }
  const instant = computeInstantOfWallTime(timeZone, dayNumber * DAY_MS + minutes * MINUTE_MS);
  instants.set(key, instant);
  rememberedWallTimes += 1;
  return instant;
}

const MAX_REMEMBERED_WALL_TIMES = 50_000;
const wallTimeInstants = new Map<string, Map<number, number>>();
let rememberedWallTimes = 0;

/** `wallAsUtc`: the wall time read as if it were UTC. */
function computeInstantOfWallTime(timeZone: string, wallAsUtc: number): number {
  // Transitions are months apart, so the offsets a day either side cover every candidate.
  const before = offsetAt(timeZone, wallAsUtc - DAY_MS);
  const after = offsetAt(timeZone, wallAsUtc + DAY_MS);
  const valid = [wallAsUtc - before, wallAsUtc - after].filter(
    (t) => offsetAt(timeZone, t) === wallAsUtc - t,
  );
  if (valid.length > 0) return Math.min(...valid);
  // In a gap: find the transition between the two candidates.
  let lo = Math.min(wallAsUtc - before, wallAsUtc - after);
  let hi = Math.max(wallAsUtc - before, wallAsUtc - after);
  const offsetLo = offsetAt(timeZone, lo);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (offsetAt(timeZone, mid) === offsetLo) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The first change after `now` within an open interval [start, end); null when the interval is over. */
function changeWithin(start: number, end: number, now: number): number | null {
  return start > now ? start : end > now ? end : null;
}

/**
 * Walks the open intervals (card reading: [open, close)) from today through the look-ahead, merged where
 * they touch, and stops at the first one that still changes: the next change is usually today, and each
 * wall-time conversion not yet remembered costs Intl calls.
 */
function nextChangeAfter(hours: unknown, timeZone: string, at: Date): string | null {
  // No hours, or open all day every day, never changes; without this the look-ahead converts 18 wall times
  // to find so.
  if (hours === null || typeof hours !== 'object' || Array.isArray(hours)) return null;
  if (WEEKDAYS.every((weekday) => parseDayReading(dayEntry(hours, weekday)).kind === 'allDay')) return null;
  const now = at.getTime();
  const horizon = now + LOOKAHEAD_DAYS * DAY_MS;
  const today = zonedParts(timeZone, now);
  // Days since 1970-01-01 (a Thursday) of the local date: calendar arithmetic without the host's zone.
  const firstDay = Date.UTC(today.year, today.month - 1, today.day) / DAY_MS;
  const decide = (change: number) => (change <= horizon ? new Date(change).toISOString() : null);
  let pendingStart = 0;
  let pendingEnd = 0;
  let hasPending = false;
  // One extra day so that an interval running to the end of the look-ahead is not mistaken for a close.
  for (let dayNumber = firstDay; dayNumber <= firstDay + LOOKAHEAD_DAYS + 1; dayNumber += 1) {
    const weekday = WEEKDAYS[(((dayNumber + 3) % 7) + 7) % 7] as Weekday;
    const day = parseDayReading(dayEntry(hours, weekday));
    if (day.kind !== 'allDay' && day.kind !== 'range') continue;
    const start = instantOfWallTime(timeZone, dayNumber, day.kind === 'range' ? day.openMinutes : 0);
    const end = instantOfWallTime(timeZone, dayNumber, day.kind === 'range' ? day.closeMinutes : 1440);
    if (hasPending && start <= pendingEnd) {
      pendingEnd = Math.max(pendingEnd, end);
      continue;
    }
    if (hasPending) {
      const change = changeWithin(pendingStart, pendingEnd, now);
      if (change !== null) return decide(change);
    }
    hasPending = end > start;
    pendingStart = start;
    pendingEnd = end;
  }
  if (hasPending) {
    const change = changeWithin(pendingStart, pendingEnd, now);
    if (change !== null) return decide(change);
  }
  return null;
}

function clock(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

function tomorrowWeekday(weekday: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(weekday) + 1) % 7] as Weekday;
}

function statusTextFor(
  hours: unknown,
  today: DayReading,
  local: Pick<LocalTime, 'weekday' | 'minutes'>,
): OpenStatusText {
  if (hours === null || typeof hours !== 'object') return { kind: 'hours_not_available' };
  switch (today.kind) {
    case 'unknown':
      return { kind: 'hours_not_available' };
    case 'closed':
      return { kind: 'closed_today' };
    case 'allDay':
      return { kind: 'open_24_hours' };
    case 'range': {
      if (local.minutes < today.openMinutes) return { kind: 'opens_at', time: clock(today.openMinutes) };
      if (local.minutes < today.closeMinutes) return { kind: 'closes_at', time: clock(today.closeMinutes) };
      const tomorrow = parseDayReading(dayEntry(hours, tomorrowWeekday(local.weekday)));
      if (tomorrow.kind === 'range') return { kind: 'opens_tomorrow_at', time: clock(tomorrow.openMinutes) };
      if (tomorrow.kind === 'allDay') return { kind: 'opens_tomorrow_at', time: clock(0) };
      if (tomorrow.kind === 'closed') return { kind: 'closed_today' };
      return { kind: 'opens_tomorrow' };
    }
  }
}

/** The open status without its next change: what a page shows, and a pure function of the local minute. */
export type CurrentOpenStatus = Omit<OpenStatus, 'nextChange'>;

/**
 * The reading of `hours` at `at` in the laundromat's zone: one Intl call for the local time, none of the
 * look-ahead that finding the next change costs (browsers show the status, not when it changes).
 */
export function computeCurrentOpenStatus(hours: unknown, timeZone: string, at: Date): CurrentOpenStatus {
  const parts = zonedParts(timeZone, at.getTime());
  const local = { weekday: parts.weekday, minutes: parts.hour * 60 + parts.minute };
  const raw = dayEntry(hours, local.weekday);
  const today = parseDayReading(raw);
  return {
    isOpenNow: isOpenDuring(today, local.minutes, 'card'),
    isOpenNowInclusive: isOpenDuring(today, local.minutes, 'detail'),
    is24Hours: today.kind === 'allDay',
    todayHours: typeof raw === 'string' ? raw : null,
    statusText: statusTextFor(hours, today, local),
  };
}

export function computeOpenStatus(hours: unknown, timeZone: string, at: Date): OpenStatus {
  const current = computeCurrentOpenStatus(hours, timeZone, at);
  // Field order as the API has always sent it: nextChange before statusText.
  return {
    isOpenNow: current.isOpenNow,
    isOpenNowInclusive: current.isOpenNowInclusive,
    is24Hours: current.is24Hours,
    todayHours: current.todayHours,
    nextChange: nextChangeAfter(hours, timeZone, at),
    statusText: current.statusText,
  };
}
