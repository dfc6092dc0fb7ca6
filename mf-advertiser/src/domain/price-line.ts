import {
  maxChargeForBudget,
  placementPriceLine,
  type AdPricingResponse,
  type PlacementKey,
} from '@laundry/contracts';
import { centsToDollars, decimalToE4, e4ToDollars } from '@laundry/contracts/money';

export interface Amount {
  value: number;
  decimals: 2 | 4;
}

const amount = (e4: number): Amount => ({ value: e4ToDollars(e4), decimals: e4 % 100 === 0 ? 2 : 4 });

export interface PriceLine {
  /** The fee rate as a fraction for Intl's percent format (0.15), from exact basis points. */
  feeRate: number;
  budget: number;
  maxCharged: number;
  /** Each amount with the decimals it needs: 2, or 4 when a part of a cent is charged. */
  placements: Array<{ key: PlacementKey; factor: string; spend: Amount; charged: Amount }>;
}

/** A money field's text as exact E4, or null while it is not an amount (empty, half typed, negative). */
function amountE4(text: string): number | null {
  if (!/^\d{1,9}(\.\d{0,4})?$/.test(text.trim())) return null;
  return decimalToE4(text.trim());
}

/** ×1.2 from 12000 bp, by its digits. */
const factorText = (bp: number) => {
  const whole = Math.floor(bp / 10_000);
  const rest = String(bp % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `×${whole}.${rest || '0'}`;
};

/**
 * What the form tells beside the budget and bid, by the one rule billing charges by (ad-pricing.ts): the most
 * a total budget is charged with the fee, and per placement what a click costs and is charged. Exact: E4 and
 * cents throughout, turned into numbers of dollars only to be formatted. Null while a field is not an amount.
 */
export function priceLine(
  pricing: AdPricingResponse,
  totalBudget: string,
  costPerClick: string,
): PriceLine | null {
  const budgetE4 = amountE4(totalBudget);
  const bidE4 = amountE4(costPerClick);
  if (budgetE4 === null || bidE4 === null) return null;
  const most = maxChargeForBudget(budgetE4, pricing.feeRateBp);
  return {
    feeRate: pricing.feeRateBp / 10_000,
    budget: e4ToDollars(budgetE4),
    maxCharged: centsToDollars(most.advertiserChargeCents),
    placements: pricing.placements.map((placement) => {
      const line = placementPriceLine(bidE4, placement.factorBp, pricing.feeRateBp);
      return {
        key: placement.key,
        factor: factorText(placement.factorBp),
        spend: amount(line.spendE4),
        charged: amount(line.chargedE4),
      };
    }),
  };
}
