import { parseDayHours as parseHoursValue, weekdays, type Weekday } from './day-hours.ts';
import type { OpenStatus, StatusText } from './open-status.ts';

/**
 * Open/closed rules (spec §4). Hours are a map keyed by lower-case English weekday; each value is
 * 'HH:MM-HH:MM' (or 'H:MM-H:MM'), '24/7', '0:00-24:00' or 'closed'. Everything is evaluated in the
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
 * What the client renders as the card or detail status line (spec §2, §4); the kinds are those of
 * `statusTextSchema` in packages/contracts. Times are 'HH:MM' on a 24-hour clock in the laundromat's
 * zone ('24:00' for a midnight close); the client formats them as 'h:mm AM/PM'.
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

/** One day's value in the shape these rules use; anything unreadable is 'unknown', which reads as closed. */
export function parseDayReading(value: unknown): DayReading {
  const day = parseHoursValue(value);
  if (day === null) return { kind: 'unknown' };
  if (day.kind === 'open24') return { kind: 'allDay' };
  if (day.kind === 'closed') return day;
  return { kind: 'range', openMinutes: day.startMinutes, closeMinutes: day.endMinutes };
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
  const local = localTimeIn(timeZone, at);
  return isOpenDuring(parseDayReading(dayEntry(hours, local.weekday)), local.minutes, reading);
}

/** Zone offset (local wall clock minus UTC) in ms at an instant. */
function offsetAt(timeZone: string, epochMs: number): number {
  const p = readZonedParts(timeZone, epochMs);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallAsUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

/**
 * The earliest instant at which the zone's wall clock on the given local date reads `minutes` or later.
 * A repeated wall time (autumn) gives its first occurrence; a skipped one (spring) gives the transition,
 * which is when a minute-based reading of the local clock first passes it.
 */
function instantOfWallTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  minutes: number,
): number {
  // A pure function of the zone rules, asked the same few questions for every row of every list (each
  // costs up to a dozen Intl calls), so answers are remembered; the bound keeps a long-lived process small.
  const key = `${timeZone} ${year}-${month}-${day} ${minutes}`;
  const known = wallTimeInstants.get(key);
  if (known !== undefined) return known;
  if (wallTimeInstants.size >= MAX_REMEMBERED_WALL_TIMES) wallTimeInstants.clear();
  const instant = computeInstantOfWallTime(timeZone, year, month, day, minutes);
  wallTimeInstants.set(key, instant);
  return instant;
}

const MAX_REMEMBERED_WALL_TIMES = 50_000;
const wallTimeInstants = new Map<string, number>();

function computeInstantOfWallTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  minutes: number,
): number {
  const wallAsUtc = Date.UTC(year, month - 1, day) + minutes * MINUTE_MS;
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

interface Interval {
  start: number;
  end: number;
}

/**
 * Open intervals (card reading: [open, close)) from today through `days` more local days, merged where they
 * touch, produced lazily: the next change is usually today, and each wall-time conversion costs Intl calls.
 */
function* openIntervals(hours: unknown, timeZone: string, at: Date, days: number): Generator<Interval> {
  const today = zonedParts(timeZone, at.getTime());
  let pending: Interval | undefined;
  for (let offset = 0; offset <= days; offset += 1) {
    // Calendar arithmetic on a UTC date avoids any dependence on the host's zone.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const weekday = WEEKDAYS[(date.getUTCDay() + 6) % 7] as Weekday;
    const day = parseDayReading(dayEntry(hours, weekday));
    const span =
      day.kind === 'allDay' ? [0, 1440] : day.kind === 'range' ? [day.openMinutes, day.closeMinutes] : null;
    if (!span) continue;
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const start = instantOfWallTime(timeZone, y, m, d, span[0]!);
    const end = instantOfWallTime(timeZone, y, m, d, span[1]!);
    if (pending && start <= pending.end) {
      pending.end = Math.max(pending.end, end);
      continue;
    }
    if (pending) yield pending;
    pending = end > start ? { start, end } : undefined;
  }
  if (pending) yield pending;
}

function nextChangeAfter(hours: unknown, timeZone: string, at: Date): string | null {
  // Open all day every day never changes; without this the look-ahead converts 18 wall times to find so.
  if (WEEKDAYS.every((weekday) => parseDayReading(dayEntry(hours, weekday)).kind === 'allDay')) return null;
  const now = at.getTime();
  const horizon = now + LOOKAHEAD_DAYS * DAY_MS;
  // One extra day so that an interval running to the end of the look-ahead is not mistaken for a close.
  for (const interval of openIntervals(hours, timeZone, at, LOOKAHEAD_DAYS + 1)) {
    const change = interval.start > now ? interval.start : interval.end > now ? interval.end : null;
    if (change === null) continue;
    return change <= horizon ? new Date(change).toISOString() : null;
  }
  return null;
}

function clock(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

function tomorrowWeekday(weekday: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(weekday) + 1) % 7] as Weekday;
}

function statusTextFor(hours: unknown, today: DayReading, local: LocalTime): OpenStatusText {
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
  const local = localTimeIn(timeZone, at);
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
  const { statusText, ...reading } = computeCurrentOpenStatus(hours, timeZone, at);
  // Field order as the API has always sent it: nextChange before statusText.
  return { ...reading, nextChange: nextChangeAfter(hours, timeZone, at), statusText };
}
