/**
 * The opening_hours library reads a Date through the process's local-time getters. To evaluate a
 * laundromat in its own zone in one process, an instant is turned into a "wall date": a Date whose local
 * fields are the laundromat's wall clock, and the library's answers are turned back into instants.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      // An unknown zone would fail every request for that laundromat; UTC is the stated fallback.
      formatter = formatterFor('UTC');
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone's wall clock minus UTC at an instant, in ms, as Intl reads it: a few microseconds a call. */
function offsetFromIntl(timeZone: string, epochMs: number): number {
  const raw: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) raw[part.type] = Number(part.value);
  const wallAsUtc = Date.UTC(raw.year!, raw.month! - 1, raw.day!, raw.hour! % 24, raw.minute!, raw.second!);
  return wallAsUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

const QUARTER_HOUR_MS = 900_000;
const MAX_QUARTERS_PER_ZONE = 10_000;
const offsets = new Map<string, Map<number, number>>();

/**
 * Wall clock minus UTC, in ms, at an instant. Every zone's offset changes only at a quarter hour of UTC
 * (zoned-clock.test.ts checks every zone over the years around now), so it is read from Intl once per zone
 * and quarter hour: a page of 50 laundromats asked Intl a hundred times a request, the directory's busiest
 * function under load.
 */
export function zoneOffsetMs(timeZone: string, epochMs: number): number {
  const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  let offset = zone.get(quarter);
  if (offset === undefined) {
    offset = offsetFromIntl(timeZone, quarter * QUARTER_HOUR_MS);
    if (zone.size >= MAX_QUARTERS_PER_ZONE) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

export function wallClockAt(timeZone: string, epochMs: number): WallClock {
  const wall = new Date(epochMs + zoneOffsetMs(timeZone, epochMs));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The Date whose process-local fields read as the zone's wall clock at `at`. */
export function toWallDate(timeZone: string, at: Date): Date {
  // A page is read at one instant, mostly in one zone: the rows after the first cost no Intl call.
  const last = lastWallDate.get(timeZone);
  if (last?.epochMs === at.getTime()) return new Date(last.wall);
  const w = wallClockAt(timeZone, at.getTime());
  const wall = new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, at.getMilliseconds());
  lastWallDate.set(timeZone, { epochMs: at.getTime(), wall: wall.getTime() });
  return wall;
}

const lastWallDate = new Map<string, { epochMs: number; wall: number }>();

/**
 * The instant of a wall time `wall` that lies near the instant `at` whose wall time is `atWall`: the
 * same distance away when the zone's offset is the same at both, which is nearly always; else
 * fromWallDate's search.
 */
export function instantNear(timeZone: string, at: Date, atWall: Date, wall: Date): Date {
  const guess = at.getTime() + (wall.getTime() - atWall.getTime());
  const offsetAt = localAsUtc(atWall) - at.getTime();
  if (zoneOffsetMs(timeZone, guess) === offsetAt && localAsUtc(wall) - guess === offsetAt)
    return new Date(guess);
  return fromWallDate(timeZone, wall);
}

function localAsUtc(wall: Date): number {
  return Date.UTC(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
    wall.getMilliseconds(),
  );
}

/**
 * The instant at which the zone's wall clock reads the local fields of `wall`. A repeated wall time
 * (autumn) gives its first occurrence; a skipped one (spring) the instant after the gap.
 */
export function fromWallDate(timeZone: string, wall: Date): Date {
  const wallAsUtc = Date.UTC(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
    wall.getMilliseconds(),
  );
  const candidates = [
    wallAsUtc - zoneOffsetMs(timeZone, wallAsUtc - 86_400_000),
    wallAsUtc - zoneOffsetMs(timeZone, wallAsUtc + 86_400_000),
  ];
  const exact = candidates.filter((t) => zoneOffsetMs(timeZone, t) === wallAsUtc - t);
  if (exact.length > 0) return new Date(Math.min(...exact));
  return new Date(Math.max(...candidates));
}
