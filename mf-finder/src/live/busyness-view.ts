import { busynessLimits, type BusynessLevel, type BusynessResponse } from '@laundry/contracts';
import type { I18nText } from '../domain/i18n-text.ts';

/** One hour of today's chart on the laundromat's clock. */
export interface BusynessBar {
  hour: number;
  /** 0 (empty) to 1 (every machine in use); null when nothing was ever seen at that hour. */
  occupancy: number | null;
  level: BusynessLevel | null;
  isNow: boolean;
  isBest: boolean;
}

export type BusynessView =
  | { kind: 'not-enough'; message: I18nText }
  | {
      kind: 'chart';
      /** Monday 1 … Sunday 7, the laundromat's today. */
      weekday: number;
      bars: BusynessBar[];
      /** 'Usually quiet at this time', or null when this hour has not been seen. */
      usually: I18nText | null;
      /** 'Best time today: 10:00', or null when no hour left today is known. */
      bestHour: number | null;
    };

/** The level of an hour, by the same thresholds as the service's verdict. */
export function busynessLevel(occupancy: number | null): BusynessLevel | null {
  if (occupancy === null) return null;
  if (occupancy >= busynessLimits.busyAt) return 'busy';
  if (occupancy <= busynessLimits.quietAt) return 'quiet';
  return 'moderate';
}

export const busynessKeys = {
  notEnough: 'finder:busyness.notEnough',
  usually: {
    quiet: 'finder:busyness.usually.quiet',
    moderate: 'finder:busyness.usually.moderate',
    busy: 'finder:busyness.usually.busy',
  },
  level: {
    quiet: 'finder:busyness.level.quiet',
    moderate: 'finder:busyness.level.moderate',
    busy: 'finder:busyness.level.busy',
    unknown: 'finder:busyness.level.unknown',
  },
} as const;

/**
 * What the detail shows of how busy the laundromat usually is today. Too few visits in all, or none ever
 * seen on this weekday, says so rather than drawing an empty chart; the verdict for this hour and the best
 * hour are the service's own (it leaves them out while it has too little to go on).
 */
export function busynessView(answer: BusynessResponse): BusynessView {
  const today = answer.days.find((day) => day.weekday === answer.now.weekday);
  if (!answer.enoughData || !today || today.hours.every((cell) => cell.occupancy === null))
    return { kind: 'not-enough', message: { key: busynessKeys.notEnough } };
  const best = answer.bestTimeToday?.hour ?? null;
  return {
    kind: 'chart',
    weekday: answer.now.weekday,
    bars: today.hours.map((cell) => ({
      hour: cell.hour,
      occupancy: cell.occupancy,
      level: busynessLevel(cell.occupancy),
      isNow: cell.hour === answer.now.hour,
      isBest: cell.hour === best,
    })),
    usually: answer.now.usually ? { key: busynessKeys.usually[answer.now.usually] } : null,
    bestHour: best,
  };
}

/** The hours the chart labels under its bars: every sixth, so 24 narrow bars stay readable on a phone. */
export const labelledHour = (hour: number): boolean => hour % 6 === 0;
