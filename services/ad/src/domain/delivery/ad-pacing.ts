/**
 * Spreading a daily budget over the day: each minute a campaign's throttle (the share of requests it enters)
 * is set so that it spends what is left of its budget evenly over what is left of its day, judged by what it
 * has lately been spending per unit of throttle, and never faster than maxPace times its even rate, so a
 * campaign held back by a quiet night catches up over the rest of the day instead of in the first busy hour;
 * and a campaign that has spent hourlyCap times its even share in the current hour sits that hour out. At the
 * budget it is 0. The reservation at counting time is what guarantees the budget; pacing only keeps the day
 * even. So its amounts are floats in any one unit (dollars from the engine): only their ratios matter here.
 */

/** The fastest a campaign is asked to spend, as a multiple of its even rate (its daily budget over 24 hours). */
export const maxPace = 1.25;
/**
 * No clock hour of a campaign's day spends more than this times its even share: one that has spent that much
 * in the current hour sits out the rest of it, whatever the throttle says (pacing's estimate can lag a sudden
 * change of demand, and chance can bunch charges).
 */
export const hourlyCap = 1.35;
export const minimumThrottle = 0.0001;
/** The plan spends the budget by this much of the day before midnight, so the last charges still fit in it. */
const endMargin = 1 / 96;
/**
 * The spend-rate estimate forgets with a time constant of three minutes: long enough to average a few
 * charges, short enough to follow the morning's rise in demand and the other campaigns' throttles.
 */
const rateMemory = 3 / 1440;
/** A round changes the throttle by at most this factor either way, so one noisy minute cannot swing it. */
const maxStep = 2;

/** What a campaign has been spending per unit of throttle lately: two sums that decay with rateMemory. */
export interface SpendRate {
  /** Dollars spent. */
  spent: number;
  /** The throttle times the share of the day it was in force. */
  exposure: number;
}

/**
 * Adds one round's spend to the estimate: `exposure` is the throttle times the share of the day it was in
 * force (summed over the changes within the round), `interval` the round's length as a share of the day.
 */
export function observeSpend(
  rate: SpendRate | undefined,
  round: { spent: number; exposure: number; interval: number },
): SpendRate {
  const keep = Math.exp(-round.interval / rateMemory);
  return {
    spent: (rate?.spent ?? 0) * keep + round.spent,
    exposure: (rate?.exposure ?? 0) * keep + round.exposure,
  };
}

export interface PacingState {
  throttle: number;
  spentToday: number;
  dailyBudget: number;
  /** 0–1: how much of the campaign's day (in its time zone) has passed. */
  dayElapsed: number;
  /** Its recent spend per unit of throttle; without any (a first round), the throttle follows the even line. */
  rate?: SpendRate;
}

/** Whether the campaign has spent its allowance for the current hour (hourlyCap times its even share). */
export function hourAllowanceSpent(spentThisHour: number, dailyBudget: number): boolean {
  return spentThisHour >= (hourlyCap * dailyBudget) / 24;
}

export function nextThrottle({ throttle, spentToday, dailyBudget, dayElapsed, rate }: PacingState): number {
  if (spentToday >= dailyBudget) return 0;
  const bounded = (next: number) => Math.min(1, Math.max(minimumThrottle, next));
  if (!rate || rate.exposure <= 0) {
    // Nothing to judge by yet: down when ahead of the even line (with a quarter hour's slack), up when behind.
    const ratio = spentToday / (dailyBudget * Math.min(1, dayElapsed + 1 / 96));
    if (ratio > 1.02) return bounded(throttle / maxStep);
    if (ratio < 0.98) return bounded(throttle * maxStep);
    return bounded(throttle);
  }
  // Dollars a day: what is left over what is left of the day, but never more than maxPace times the even rate.
  const wanted = Math.min(
    maxPace * dailyBudget,
    (dailyBudget - spentToday) / Math.max(1 - endMargin - dayElapsed, 1 / 1440),
  );
  const atFullThrottle = rate.spent / rate.exposure;
  const ideal = atFullThrottle > 0 ? wanted / atFullThrottle : Number.POSITIVE_INFINITY;
  return bounded(
    Math.min(Math.max(throttle, minimumThrottle) * maxStep, Math.max(throttle / maxStep, ideal)),
  );
}

const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

/**
 * The formatter of a time zone's calendar day and clock, made once per zone: making one takes a good part
 * of a millisecond, and pacing reads every servable campaign's day each minute. Null for an unknown zone.
 */
function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      format = null;
    }
    if (dayFormats.size >= 1000) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** How much of the day has passed at `now` in a time zone (an unknown zone counts as UTC). */
export function dayElapsedIn(timeZone: string, now: Date): { day: string; elapsed: number } {
  const format = dayFormat(timeZone);
  if (!format) return dayElapsedIn('UTC', now);
  const parts = format.formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const day = `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}-${
    parts.find((p) => p.type === 'day')!.value
  }`;
  return { day, elapsed: (part('hour') * 3600 + part('minute') * 60 + part('second')) / 86_400 };
}
