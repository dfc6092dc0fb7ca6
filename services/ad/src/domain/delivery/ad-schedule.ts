import type { CampaignSchedule } from '@laundry/contracts';
import { dayElapsedIn } from './ad-pacing.ts';

/** The campaign's clock at `now`: its weekday (0 Sunday) and the share of its day passed, in its time zone. */
export function localClock(timeZone: string, now: Date): { day: string; weekday: number; elapsed: number } {
  const { day, elapsed } = dayElapsedIn(timeZone, now);
  return { day, weekday: new Date(`${day}T00:00:00Z`).getUTCDay(), elapsed };
}

/** Hours a scheduled day serves (a day off serves none; no schedule serves all 24). */
export const scheduledHours = (schedule: CampaignSchedule | null): number =>
  schedule ? Math.max(0, schedule.toHour - schedule.fromHour) : 24;

/** Whether the weekly schedule lets the campaign serve at `now` in its time zone; no schedule always does. */
export function inSchedule(schedule: CampaignSchedule | null, timeZone: string, now: Date): boolean {
  if (!schedule) return true;
  const { weekday, elapsed } = localClock(timeZone, now);
  const hour = elapsed * 24;
  return schedule.days.includes(weekday) && hour >= schedule.fromHour && hour < schedule.toHour;
}

/**
 * How much of today's serving time has passed (0–1), which pacing spreads the day's budget over: the share of
 * the scheduled hours behind us, so a campaign serving 9 to 17 plans its budget over those eight hours, not
 * over twenty-four of which it may use a third. No schedule: the share of the day.
 */
export function servingDayElapsed(schedule: CampaignSchedule | null, timeZone: string, now: Date): number {
  const { elapsed } = localClock(timeZone, now);
  if (!schedule) return elapsed;
  const hours = scheduledHours(schedule);
  const passed = Math.min(Math.max(elapsed * 24 - schedule.fromHour, 0), hours);
  return hours > 0 ? passed / hours : 1;
}

/**
 * The daily budget as pacing's even rate reads it: pacing spreads a budget over 24 hours, so a campaign
 * serving H hours a day is paced as if its budget were 24/H times larger while it serves, which spends the
 * real budget evenly over its H hours (and its hourly allowance is its budget over H, not over 24).
 */
export const pacedBudget = (dailyBudget: number, schedule: CampaignSchedule | null): number =>
  schedule && scheduledHours(schedule) > 0 ? (dailyBudget * 24) / scheduledHours(schedule) : dailyBudget;
