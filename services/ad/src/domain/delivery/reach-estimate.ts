import type { Db } from '@laundry/platform/db';
import {
  campaignMoneyRules,
  rankingWeightPerUnit,
  type BillingCurrency,
  type ReachEstimate,
  type ReachEstimateRequest,
} from '@laundry/contracts';
import { e4PerUnit } from '@laundry/contracts/money';
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

/**
 * What a campaign pays for: a click at its cost per click, or, when it bids per impression (the form's price
 * per thousand ÷ 1000), each impression at that price, as the ad server charges it (ad-server.ts, chargeIn).
 */
export interface ReachBid {
  billedEvent: 'click' | 'impression';
  /** The price of the billed event, E4 of `currency`. */
  priceE4: number;
  currency: BillingCurrency;
}

/** The campaigns serving now with one currency and one billed event, and their average price (E4). */
export interface CompetingBids {
  currency: BillingCurrency;
  billedEvent: 'click' | 'impression';
  averagePriceE4: number;
  campaigns: number;
}

export interface ReachInputs {
  /** Each day of the period's requests in the area, and how many of those a campaign filled. */
  days: readonly { requests: number; filled: number }[];
  bid: ReachBid;
  /** The campaigns serving now, by currency and billed event; empty when none serves. */
  competitors: readonly CompetingBids[];
  clickRate: number;
  /** The share of the week the schedule serves in (1 always). */
  scheduleShare: number;
  /** E4 of the bid's currency; null when the form has none yet. */
  dailyBudgetE4: number | null;
}

/**
 * What showing an ad once is worth, in the ad server's ranking terms (rankingWeightPerUnit, about US dollars
 * E4): the price of an impression, or the price of a click times the click rate. So a cost per click and a
 * price per thousand impressions compare like with like, and a yen bid is weighed by what a yen is worth
 * rather than by its digits.
 */
export function valuePerImpression(
  bid: Pick<ReachBid, 'billedEvent' | 'priceE4' | 'currency'>,
  clickRate: number,
): number {
  const perImpression = bid.billedEvent === 'impression' ? bid.priceE4 : bid.priceE4 * clickRate;
  return perImpression * rankingWeightPerUnit[bid.currency];
}

/** The average value per impression of the campaigns serving now, each campaign counting once; null if none. */
function marketValue(competitors: readonly CompetingBids[], clickRate: number): number | null {
  const campaigns = competitors.reduce((sum, group) => sum + group.campaigns, 0);
  if (campaigns === 0) return null;
  const total = competitors.reduce(
    (sum, group) =>
      sum + group.campaigns * valuePerImpression({ ...group, priceE4: group.averagePriceE4 }, clickRate),
    0,
  );
  return total / campaigns;
}

type Range = { low: number; high: number };

/**
 * A day's impressions the campaign could expect: every unfilled request (nothing else wanted it) and a
 * share of those other campaigns filled, as large as its value per impression against theirs (half of them
 * at an equal value). The range is the middle half of the period's days (lower to upper quartile), so one
 * odd day moves it little; clicks follow the click rate. The daily budget holds back what it pays for: the
 * clicks at a cost per click, the impressions at a price per impression.
 */
export function estimateReach(
  inputs: ReachInputs,
  basis: 'area' | 'everywhere',
  periodDays = estimateDays,
): ReachEstimate {
  const total = inputs.days.reduce((sum, day) => sum + day.requests, 0);
  if (total < minimumRequests || inputs.days.length < minimumDays) return { enough: false, basis };
  const { bid, clickRate } = inputs;
  const market = marketValue(inputs.competitors, clickRate);
  const share = market ? Math.min(1, valuePerImpression(bid, clickRate) / (2 * market)) : 1;
  // Days without a request count as zero.
  const perDay = [
    ...inputs.days.map((day) => (day.requests - day.filled + day.filled * share) * inputs.scheduleShare),
    ...Array.from({ length: Math.max(0, periodDays - inputs.days.length) }, () => 0),
  ].sort((a, b) => a - b);
  let impressions: Range = {
    low: Math.round(quantile(perDay, 0.25)),
    high: Math.round(quantile(perDay, 0.75)),
  };
  const clicksOf = (shown: Range): Range => ({
    low: Math.floor(shown.low * clickRate),
    high: Math.ceil(shown.high * clickRate),
  });
  let clicks = clicksOf(impressions);

  const perClick = bid.billedEvent === 'click';
  const billed = perClick ? clicks.high : impressions.high;
  const rules = campaignMoneyRules[bid.currency];
  // Whole units, up: what the currency writes a daily budget in (whole yen), and never below its minimum.
  const suggestedDailyBudget = Math.max(
    Math.ceil(rules.minimums.dailyBudget),
    Math.ceil((billed * bid.priceE4) / e4PerUnit),
  );
  const affordable =
    inputs.dailyBudgetE4 === null ? Infinity : Math.floor(inputs.dailyBudgetE4 / bid.priceE4);
  const limitedByBudget = billed > affordable;
  if (limitedByBudget && perClick) {
    const ratio = clicks.high === 0 ? 0 : affordable / clicks.high;
    clicks = { low: Math.min(clicks.low, affordable), high: affordable };
    impressions = {
      low: Math.min(impressions.low, Math.round(impressions.high * ratio)),
      high: Math.round(impressions.high * ratio),
    };
  } else if (limitedByBudget) {
    impressions = { low: Math.min(impressions.low, affordable), high: affordable };
    clicks = clicksOf(impressions);
  }
  return {
    enough: true,
    basis,
    impressions,
    clicks,
    currency: bid.currency,
    suggestedDailyBudget,
    limitedByBudget,
  };
}

/** The bid the form gives: a price per impression when it has one (as serving charges), else per click. */
export function bidOf(input: ReachEstimateRequest, currency: BillingCurrency): ReachBid {
  return input.costPerImpressionE4 !== undefined
    ? { billedEvent: 'impression', priceE4: input.costPerImpressionE4, currency }
    : { billedEvent: 'click', priceE4: input.costPerClickE4!, currency };
}

/**
 * POST /api/campaigns/reach-estimate: the last 28 days of requests in the area, and today's market. `input`
 * is in the advertiser's billing currency and already checked against its minimums.
 */
export async function reachEstimate(
  deps: { db: Db; requestCounts: RequestCountStore },
  input: ReachEstimateRequest,
  currency: BillingCurrency,
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
      bid: bidOf(input, currency),
      competitors: market.competitors,
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
