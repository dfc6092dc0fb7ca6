import type { InsightsCountKey, InsightsTotals } from '@laundry/contracts';

/** The periods the insights page offers, in days; 28 is four whole weeks, so weekdays compare alike. */
export const insightsPeriods = [7, 28, 90] as const;
export type InsightsPeriodDays = (typeof insightsPeriods)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The last `days` days up to today on the owner's calendar, both ends included. */
export function insightsDates(days: InsightsPeriodDays, now: Date): { from: string; to: string } {
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: dateText(first), to: dateText(now) };
}

export const insightsUrl = (laundromatId: string, dates: { from: string; to: string }) =>
  `/api/owner/laundromats/${encodeURIComponent(laundromatId)}/insights?from=${dates.from}&to=${dates.to}`;

/** The same days as the CSV file the directory writes. */
export const insightsCsvUrl = (laundromatId: string, dates: { from: string; to: string }) =>
  `${insightsUrl(laundromatId, dates)}&format=csv`;

/** The tiles, in the order the finder's visitor meets them: found, opened, acted on, kept, reviewed. */
export const insightsTiles: readonly InsightsCountKey[] = [
  'searchAppearances',
  'detailViews',
  'directionTaps',
  'phoneTaps',
  'websiteTaps',
  'shares',
  'favouritesAdded',
  'reviews',
];

/**
 * A figure against the previous period: the change as a fraction (0.25 is 25 % more), or null when the
 * previous period had none to compare with.
 */
export function changeAgainst(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}

export const hasActivity = (totals: InsightsTotals) => insightsTiles.some((key) => totals[key] > 0);
