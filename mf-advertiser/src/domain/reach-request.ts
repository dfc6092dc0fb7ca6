import {
  campaignMoneyRules,
  reachEstimateRequestSchemaFor,
  type BillingCurrency,
  type ReachEstimateRequest,
} from '@laundry/contracts';
import { decimalToE4 } from '@laundry/contracts/money';
import type { TargetArea } from './campaign-form.ts';

/** An amount as typed, exactly in ten-thousandths of the currency's unit; NaN (refused below) when it is not one. */
function e4Of(text: string): number {
  try {
    return decimalToE4(text.trim());
  } catch {
    return Number.NaN;
  }
}

/** What the form holds that the estimate reads. */
export interface ReachFormInput {
  area: TargetArea | null;
  /** Per click, or per thousand impressions: what the campaign is charged for. */
  pricingModel: 'cpc' | 'cpm';
  costPerClick: string;
  costPerThousand: string;
  dailyBudget: string;
  weeklyHours?: number | undefined;
}

/**
 * The request for what the form holds, in the advertiser's currency: the bid per click, or the price per
 * thousand impressions as the price of one (÷ 1000, in whole ten-thousandths). `reason` says why there is
 * none yet: no bid the service would take, or a cost per click under the currency's minimum.
 */
export function reachRequestOf(
  input: ReachFormInput,
  currency: BillingCurrency,
): { request: ReachEstimateRequest } | { request: null; reason: 'needsBid' | 'needsPrice' | 'belowMinimum' } {
  const perThousandE4 = e4Of(input.costPerThousand);
  const bid =
    input.pricingModel === 'cpm'
      ? { costPerImpressionE4: perThousandE4 % 1000 === 0 ? perThousandE4 / 1000 : Number.NaN }
      : { costPerClickE4: e4Of(input.costPerClick) };
  const parsed = reachEstimateRequestSchemaFor(currency).safeParse({
    ...(input.area && {
      targetLatitude: input.area.latitude,
      targetLongitude: input.area.longitude,
      radiusKm: input.area.radiusKm,
    }),
    ...bid,
    ...(input.dailyBudget.trim() !== '' && { dailyBudgetE4: e4Of(input.dailyBudget) }),
    ...(input.weeklyHours !== undefined && { weeklyHours: input.weeklyHours }),
  });
  if (parsed.success) return { request: parsed.data };
  if (input.pricingModel === 'cpm') return { request: null, reason: 'needsPrice' };
  const perClick = bid.costPerClickE4 ?? Number.NaN;
  const minimumE4 = Math.round(campaignMoneyRules[currency].minimums.costPerClick * 10_000);
  return {
    request: null,
    reason:
      Number.isSafeInteger(perClick) && perClick > 0 && perClick < minimumE4 ? 'belowMinimum' : 'needsBid',
  };
}
