import OpeningHours from 'opening_hours';
import { weekdays, type Hours } from '@laundry/contracts';

const MINUTES_PER_DAY = 24 * 60;

/**
 * A fixed reference week (Monday 3 June 2024, local time) to evaluate rules on. It has no DST change in
 * either hemisphere; rules for other seasons or for public and school holidays do not show in it, and
 * sun-based times use the library's default place.
 */
const REFERENCE_MONDAY = { year: 2024, month: 5, day: 3 };

type Range = [start: number, end: number];

function dayStart(offset: number): Date {
  return new Date(REFERENCE_MONDAY.year, REFERENCE_MONDAY.month, REFERENCE_MONDAY.day + offset);
}

function minutesInto(day: Date, instant: Date): number {
  return Math.round((instant.getTime() - day.getTime()) / 60_000);
}

function clock(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface ConvertedHours {
  hours: Hours | null;
  /** Why the value could not be used, when it could not. */
  problem?: string;
}

/**
 * The weekly table's map (docs/product.md, Data), derived from an OSM opening_hours value by evaluating each
 * day of a reference week. Only the table reads it: the open status is the library's reading of the value
 * itself (osm-open-status.ts), so what the table cannot hold (a lunch break, a holiday) is still honoured. A day has one range that ends by midnight, so:
 * - open all week round the clock → '24/7' every day; a single whole day → '0:00-24:00';
 * - several ranges in a day (a lunch break) → the widest span, first opening to last closing;
 * - a range past midnight ('18:00-02:00') ends at 24:00 on its first day, and the early-morning tail it
 *   leaves on the next day is dropped when that day has ranges of its own;
 * - a day with no open time → 'closed'; unknown/comment-only ranges ('by appointment') count as open;
 * - a value the library cannot parse, or one that is never open in the reference week → null
 *   ('Hours not available').
 */
export function osmOpeningHoursToHours(value: string | undefined): ConvertedHours {
  if (value === undefined || value.trim() === '') return { hours: null };
  let parsed: OpeningHours;
  try {
    // No place given: public and school holiday rules are then ignored instead of needing a country table.
    parsed = new OpeningHours(value, null);
  } catch (err) {
    return { hours: null, problem: `unparsable opening_hours: ${String(err).split('\n')[0]?.slice(0, 120)}` };
  }
  // One day before the week so Monday can tell a Sunday-night tail from its own hours.
  const rangesByDay: Range[][] = [];
  for (let offset = -1; offset < 7; offset += 1) {
    const start = dayStart(offset);
    const end = dayStart(offset + 1);
    rangesByDay.push(
      parsed
        .getOpenIntervals(start, end)
        .map(([from, to]): Range => [
          minutesInto(start, from),
          to >= end ? MINUTES_PER_DAY : minutesInto(start, to),
        ]),
    );
  }
  const week = rangesByDay.slice(1).map((ranges, index) => {
    const previous = rangesByDay[index] ?? [];
    const previousRunsToMidnight = previous.some(([, end]) => end === MINUTES_PER_DAY);
    const ownRanges = ranges.filter(
      ([start, end]) => !(previousRunsToMidnight && start === 0 && end < MINUTES_PER_DAY),
    );
    return ownRanges.length > 0 ? ownRanges : ranges;
  });
  if (week.every((ranges) => ranges.length === 0)) {
    return { hours: null, problem: 'opening_hours never open in the reference week' };
  }
  const allDay = (ranges: Range[]) => ranges.some(([start, end]) => start === 0 && end === MINUTES_PER_DAY);
  const roundTheClock = week.every(allDay);
  const hours: Hours = {};
  weekdays.forEach((weekday, index) => {
    const ranges = week[index] ?? [];
    const first = ranges[0];
    const last = ranges[ranges.length - 1];
    if (!first || !last) hours[weekday] = 'closed';
    else if (roundTheClock) hours[weekday] = '24/7';
    else hours[weekday] = `${clock(first[0])}-${clock(last[1])}`;
  });
  return { hours };
}
