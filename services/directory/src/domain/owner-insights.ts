import type { Identity } from '@laundry/platform/auth';
import { badRequest, forbidden, notFound } from '@laundry/platform/errors';
import {
  INSIGHTS_MAX_DAYS,
  insightsCountKeys,
  type InsightsCountKey,
  type InsightsDay,
  type InsightsTotals,
  type LaundromatInteractionKind,
  type OwnerInsights,
} from '@laundry/contracts';

/**
 * A verified owner's insights into their laundromat. Everything is a count per laundromat and day
 * (laundromat_daily_counts): a search answer, a detail view, a tap, a favourite or a review adds one, and
 * nothing records who did it, so there is no person's id or trail to keep, export or erase.
 */

/** One stored day: the counts and the sum of that day's reviews' stars. */
export interface DailyCounts extends Record<InsightsCountKey, number> {
  day: string;
  ratingSum: number;
}

/** The laundromat's reviews as its rating holds them now, and those counted after a given day. */
export interface ReviewTotals {
  reviews: number;
  ratingSum: number;
}

export interface InsightsStore {
  /** The laundromat's verified owner, or undefined for an unknown laundromat. */
  ownerOf(id: string): Promise<{ ownerUserId: string | null } | undefined>;
  /** The stored days from `from` to `to`, both included. */
  dailyCounts(id: string, from: string, to: string): Promise<DailyCounts[]>;
  /** All the laundromat's reviews now, and those of the days after `day`. */
  reviewTotals(id: string, after: string): Promise<{ now: ReviewTotals; after: ReviewTotals }>;
  /** Adds one to a day's count; false when no approved laundromat has that id. */
  recordInteraction(id: string, kind: LaundromatInteractionKind): Promise<boolean>;
}

export interface InsightsPeriod {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The period asked for and the one of equal length just before it. The schema checked the form of each
 * date; here their order, the length and dates that do not exist (2026-02-30) are refused with a 400.
 */
export function insightsPeriod(from: string, to: string): InsightsPeriod {
  for (const date of [from, to]) {
    if (Number.isNaN(dayNumber(date)) || dateOf(dayNumber(date)) !== date)
      throw badRequest(`${date} is not a date of the calendar`, 'INVALID_PERIOD');
  }
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (last < first) throw badRequest('from must be on or before to', 'INVALID_PERIOD');
  const days = last - first + 1;
  if (days > INSIGHTS_MAX_DAYS)
    throw badRequest(
      `A period covers at most ${INSIGHTS_MAX_DAYS} days; this one covers ${days}`,
      'INVALID_PERIOD',
    );
  return { from, to, days, previousFrom: dateOf(first - days), previousTo: dateOf(first - 1) };
}

/** Stars to 2 decimals, or null without reviews. */
const average = (sum: number, reviews: number) =>
  reviews === 0 ? null : Math.round((sum / reviews) * 100) / 100;

const zeroCounts = (): Record<InsightsCountKey, number> =>
  Object.fromEntries(insightsCountKeys.map((key) => [key, 0])) as Record<InsightsCountKey, number>;

function totalsOf(rows: readonly DailyCounts[]): InsightsTotals {
  const sums = zeroCounts();
  let ratingSum = 0;
  for (const row of rows) {
    for (const key of insightsCountKeys) sums[key] += row[key];
    ratingSum += row.ratingSum;
  }
  return { ...sums, averageRating: average(ratingSum, sums.reviews) };
}

/**
 * The answer from the stored days of both periods: every day of the period (zeros where nothing was
 * stored), the totals of each period, and each day's cumulative rating, which is the laundromat's rating
 * now without the reviews of the days after it.
 */
export function buildInsights(
  laundromatId: string,
  period: InsightsPeriod,
  rows: readonly DailyCounts[],
  reviews: { now: ReviewTotals; after: ReviewTotals },
): OwnerInsights {
  const inPeriod = rows.filter((row) => row.day >= period.from && row.day <= period.to);
  const previous = rows.filter((row) => row.day >= period.previousFrom && row.day <= period.previousTo);
  const byDay = new Map(inPeriod.map((row) => [row.day, row]));
  const first = dayNumber(period.from);
  const stored = Array.from({ length: period.days }, (_, i) => {
    const date = dateOf(first + i);
    return byDay.get(date) ?? { day: date, ratingSum: 0, ...zeroCounts() };
  });
  // Walk back from the last day: what came after each day is taken off the present totals.
  let reviewsUpTo = reviews.now.reviews - reviews.after.reviews;
  let sumUpTo = reviews.now.ratingSum - reviews.after.ratingSum;
  const days: InsightsDay[] = new Array(stored.length);
  for (let i = stored.length - 1; i >= 0; i -= 1) {
    const row = stored[i]!;
    const { day, ratingSum, ...counts } = row;
    days[i] = {
      date: day,
      ...counts,
      averageRating: average(ratingSum, row.reviews),
      cumulativeRating: reviewsUpTo > 0 ? average(sumUpTo, reviewsUpTo) : null,
    };
    reviewsUpTo -= row.reviews;
    sumUpTo -= ratingSum;
  }
  return {
    laundromatId,
    from: period.from,
    to: period.to,
    days,
    totals: totalsOf(inPeriod),
    previous: { from: period.previousFrom, to: period.previousTo, totals: totalsOf(previous) },
  };
}

/** The change from the previous period in percent (rounded), or null when that period had none. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

export const NOT_YOUR_INSIGHTS_MESSAGE = 'Only the verified owner of this laundromat can read its insights.';

export async function readOwnerInsights(
  store: InsightsStore,
  user: Identity,
  id: string,
  query: { from: string; to: string },
): Promise<OwnerInsights> {
  const period = insightsPeriod(query.from, query.to);
  const owner = await store.ownerOf(id);
  if (!owner) throw notFound('Laundromat not found');
  if (user.role !== 'admin' && owner.ownerUserId !== user.id) throw forbidden(NOT_YOUR_INSIGHTS_MESSAGE);
  const [rows, reviews] = await Promise.all([
    store.dailyCounts(id, period.previousFrom, period.to),
    store.reviewTotals(id, period.to),
  ]);
  return buildInsights(id, period, rows, reviews);
}

const csvColumns = [
  'date',
  'search_appearances',
  'detail_views',
  'direction_taps',
  'phone_taps',
  'website_taps',
  'shares',
  'favourites_added',
  'reviews',
  'average_rating',
  'cumulative_rating',
];

/** The days as CSV, one row a day; a rating without reviews is an empty cell. */
export function insightsCsv(insights: OwnerInsights): string {
  const rating = (value: number | null) => (value === null ? '' : value.toFixed(2));
  const rows = [
    csvColumns.join(','),
    ...insights.days.map((day) =>
      [
        day.date,
        ...insightsCountKeys.map((key) => day[key]),
        rating(day.averageRating),
        rating(day.cumulativeRating),
      ].join(','),
    ),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
