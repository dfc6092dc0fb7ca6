import type { Db } from '@laundry/platform/db';
import type { ReachEstimate, ReachEstimateRequest } from '@laundry/contracts';
import type { RequestCountStore } from './request-counts.ts';

/** The days an estimate looks back on. */
export const estimateDays = 28;
/** Below this many requests in the period, or this many days with any, the estimate would be a guess. */
export const minimumRequests = 100;
export const minimumDays = 7;
/** The click rate assumed until the product has served enough to know its own (1 %). */
const defaultClickRate = 0.01;
const minimumImpressionsForRate = 1000;

/** The value at a fraction of the sorted list (0.25 the lower quartile). */
function quantile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * fraction;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

export interface ReachInputs {
  /** Each day of the period's requests in the area, and how many of those a campaign filled. */
  days: readonly { requests: number; filled: number }[];
  bidE4: number;
  /** The bids of the campaigns serving now, on average; null when none serves. */
  averageCpcE4: number | null;
  clickRate: number;
  /** The share of the week the schedule serves in (1 always). */
  scheduleShare: number;
  dailyBudgetE4: number | null;
}

/**
 * A day's impressions the campaign could expect: every unfilled request (nothing else wanted it) and a
 * share of those other campaigns filled, as large as its bid against theirs (half of them at an equal bid).
 * The range is the middle half of the period's days (lower to upper quartile), so one odd day moves it
 * little; clicks follow the click rate, both held back by the daily budget at the bid.
 */
export function estimateReach(
  inputs: ReachInputs,
  basis: 'area' | 'everywhere',
  periodDays = estimateDays,
): ReachEstimate {
  const total = inputs.days.reduce((sum, day) => sum + day.requests, 0);
  if (total < minimumRequests || inputs.days.length < minimumDays) return { enough: false, basis };
  const share = inputs.averageCpcE4 ? Math.min(1, inputs.bidE4 / (2 * inputs.averageCpcE4)) : 1;
  // Days without a request count as zero.
  const perDay = [
    ...inputs.days.map((day) => (day.requests - day.filled + day.filled * share) * inputs.scheduleShare),
    ...Array.from({ length: Math.max(0, periodDays - inputs.days.length) }, () => 0),
  ].sort((a, b) => a - b);
  let impressions = { low: Math.round(quantile(perDay, 0.25)), high: Math.round(quantile(perDay, 0.75)) };
  let clicks = {
    low: Math.floor(impressions.low * inputs.clickRate),
    high: Math.ceil(impressions.high * inputs.clickRate),
  };
  const suggestedDailyBudget = Math.max(1, Math.ceil((clicks.high * inputs.bidE4) / 10_000));
  const affordable =
    inputs.dailyBudgetE4 === null ? Infinity : Math.floor(inputs.dailyBudgetE4 / inputs.bidE4);
  const limitedByBudget = clicks.high > affordable;
  if (limitedByBudget) {
    const ratio = clicks.high === 0 ? 0 : affordable / clicks.high;
    clicks = { low: Math.min(clicks.low, affordable), high: affordable };
    impressions = {
      low: Math.min(impressions.low, Math.round(impressions.high * ratio)),
      high: Math.round(impressions.high * ratio),
    };
  }
  return { enough: true, basis, impressions, clicks, suggestedDailyBudget, limitedByBudget };
}

/** POST /api/campaigns/reach-estimate: the last 28 days of requests in the area, and today's market. */
export async function reachEstimate(
  deps: { db: Db; requestCounts: RequestCountStore },
  input: ReachEstimateRequest,
  now = new Date(),
): Promise<ReachEstimate> {
  const since = new Date(now.getTime() - estimateDays * 86_400_000).toISOString().slice(0, 10);
  const area =
    input.targetLatitude !== undefined && input.targetLongitude !== undefined && input.radiusKm !== undefined
      ? { latitude: input.targetLatitude, longitude: input.targetLongitude, radiusKm: input.radiusKm }
      : null;
  const [days, market] = await Promise.all([
    deps.requestCounts.dailyTotals(deps.db, area, since),
    deps.requestCounts.market(deps.db, since),
  ]);
  return estimateReach(
    {
      days,
      bidE4: input.costPerClickE4,
      averageCpcE4: market.averageCpcE4,
      clickRate:
        market.impressions >= minimumImpressionsForRate
          ? market.clicks / market.impressions
          : defaultClickRate,
      scheduleShare: input.weeklyHours / 168,
      dailyBudgetE4: input.dailyBudgetE4 ?? null,
    },
    area ? 'area' : 'everywhere',
  );
}
