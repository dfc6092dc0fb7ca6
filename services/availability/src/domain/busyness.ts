import { busynessLimits, type BusynessLevel, type BusynessResponse } from '@laundry/contracts';

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** One UTC hour of one laundromat, as the hourly aggregates keep it. */
export interface HourAggregate {
  hourStart: Date;
  /** Σ weight × occupancy of the hour's observations (occupancy 0: all free, 1: every machine in use). */
  occupancySum: number;
  /** Σ weight: an on-site report counts 1, one from afar far less, a feed sample 1. */
  weight: number;
}

/** How full the laundromat was by a report's counts: 1 - free/total over the kinds it gives. */
export function reportOccupancy(report: {
  kind: 'counts' | 'all-free' | 'some-free' | 'full';
  washersFree: number | null;
  washersTotal: number | null;
  dryersFree: number | null;
  dryersTotal: number | null;
}): number | null {
  if (report.kind === 'all-free') return 0;
  if (report.kind === 'full') return 1;
  if (report.kind === 'some-free') return 0.5;
  const total = (report.washersTotal ?? 0) + (report.dryersTotal ?? 0);
  if (total === 0) return null;
  return 1 - ((report.washersFree ?? 0) + (report.dryersFree ?? 0)) / total;
}

/** The share of a feed's working machines in use (finishing counts as in use: it is not free yet). */
export function feedOccupancy(statuses: readonly string[]): number | null {
  const working = statuses.filter((status) => status !== 'out_of_order');
  if (working.length === 0) return null;
  return working.filter((status) => status === 'in_use' || status === 'finishing').length / working.length;
}

export function busynessLevel(occupancy: number | null): BusynessLevel | null {
  if (occupancy === null) return null;
  if (occupancy >= busynessLimits.busyAt) return 'busy';
  if (occupancy <= busynessLimits.quietAt) return 'quiet';
  return 'moderate';
}

const weekdayNumbers: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The weekday (Monday 1 … Sunday 7) and hour of a moment on the laundromat's own clock. */
export function localWeekdayHour(moment: Date, timeZone: string): { weekday: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const weekday = weekdayNumbers[parts.find((part) => part.type === 'weekday')!.value]!;
  const hour = Number(parts.find((part) => part.type === 'hour')!.value);
  return { weekday, hour };
}

/**
 * How busy the laundromat usually is, per weekday and hour of its local time, over the last eight weeks:
 * each week back weighs `weeklyDecay` of the one after it, so a change of habits shows within weeks. An
 * hour is known when anything was observed in it; below `minObservedHours` observed hours in all the
 * answer says enoughData: false and offers no verdict ('usually quiet') nor best time.
 */
export function busynessGrid(input: {
  laundromatId: string;
  timeZone: string;
  hours: readonly HourAggregate[];
  now: Date;
}): BusynessResponse {
  const { timeZone, now } = input;
  const sums = Array.from({ length: 7 }, () =>
    Array.from({ length: 24 }, () => ({ occupancy: 0, weight: 0 })),
  );
  let observedHours = 0;
  for (const hour of input.hours) {
    const age = now.getTime() - hour.hourStart.getTime();
    if (age < 0 || age >= busynessLimits.weeks * WEEK_MS || hour.weight <= 0) continue;
    const decay = busynessLimits.weeklyDecay ** Math.floor(age / WEEK_MS);
    // Mid-hour, so a zone whose offset is not whole hours files the hour where most of it falls.
    const local = localWeekdayHour(new Date(hour.hourStart.getTime() + HOUR_MS / 2), timeZone);
    const cell = sums[local.weekday - 1]![local.hour]!;
    cell.occupancy += decay * hour.occupancySum;
    cell.weight += decay * hour.weight;
    observedHours += 1;
  }
  const enoughData = observedHours >= busynessLimits.minObservedHours;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const days = sums.map((hours, index) => ({
    weekday: index + 1,
    hours: hours.map((cell, hour) => ({
      hour,
      occupancy: cell.weight > 0 ? round(Math.min(1, Math.max(0, cell.occupancy / cell.weight))) : null,
      weight: round(cell.weight),
    })),
  }));
  const local = localWeekdayHour(now, timeZone);
  const today = days[local.weekday - 1]!.hours;
  let best: { hour: number; occupancy: number } | null = null;
  if (enoughData) {
    for (const cell of today.slice(local.hour)) {
      if (cell.occupancy !== null && (best === null || cell.occupancy < best.occupancy)) {
        best = { hour: cell.hour, occupancy: cell.occupancy };
      }
    }
  }
  return {
    laundromatId: input.laundromatId,
    timeZone,
    enoughData,
    days,
    now: { ...local, usually: enoughData ? busynessLevel(today[local.hour]!.occupancy) : null },
    bestTimeToday: best,
    observedHours,
  };
}

/** Where the hourly aggregates are kept (infra/busyness-repository.ts). */
export interface BusynessStore {
  /** Sums the reports of every whole hour from `since` again; repeating it changes nothing. */
  aggregateReports(since: Date): Promise<number>;
  /** Adds one sample of every feed fresh since `freshSince` to the hour of `now`. */
  sampleFeeds(now: Date, freshSince: Date): Promise<number>;
  /** The laundromat's hours from `since`. */
  hours(laundromatId: string, since: Date): Promise<HourAggregate[]>;
  /** Adds feed hours the laundromat has no row for (a demo feed's backfill); answers how many it added. */
  addFeedHours(
    laundromatId: string,
    hours: ReadonlyArray<{ hourStart: Date; occupancySum: number; samples: number }>,
  ): Promise<number>;
  /** Whether the laundromat has any hour before `before`. */
  hasHoursBefore(laundromatId: string, before: Date): Promise<boolean>;
}
