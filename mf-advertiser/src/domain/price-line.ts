import {
  e4PerMinor,
  maxChargeForBudget,
  minorUnitDigits,
  placementPriceLine,
  type AdPricingResponse,
  type BillingCurrency,
  type PlacementKey,
} from '@laundry/contracts';
import { decimalToE4, e4ToDollars } from '@laundry/contracts/money';

export interface Amount {
  /** Units of the currency, for Intl only (dollars, yen). */
  value: number;
  decimals: number;
}

/** An exact E4 amount with the decimals it needs: the minor unit's, two more for a part of one, else four. */
function amount(e4: number, currency: BillingCurrency): Amount {
  const digits = minorUnitDigits[currency];
  const decimals =
    e4 % e4PerMinor(currency) === 0 ? digits : e4 % (e4PerMinor(currency) / 100) === 0 ? digits + 2 : 4;
  return { value: e4ToDollars(e4), decimals };
}

export interface PriceLine {
  currency: BillingCurrency;
  /** The fee rate as a fraction for Intl's percent format (0.15), from exact basis points. */
  feeRate: number;
  /** Units of the currency. */
  budget: number;
  /** Minor units of the currency (cents; yen), as a statement charges them. */
  maxChargedMinor: number;
  /** Each amount with the decimals it needs: the minor unit's, or more when a part of one is charged. */
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
 * minor units of the advertiser's currency throughout (a yen budget is charged whole yen), turned into numbers
 * of units only to be formatted. Null while a field is not an amount.
 */
export function priceLine(
  pricing: AdPricingResponse,
  totalBudget: string,
  costPerClick: string,
  currency: BillingCurrency = 'USD',
): PriceLine | null {
  const budgetE4 = amountE4(totalBudget);
  const bidE4 = amountE4(costPerClick);
  if (budgetE4 === null || bidE4 === null) return null;
  const most = maxChargeForBudget(budgetE4, pricing.feeRateBp, currency);
  return {
    currency,
    feeRate: pricing.feeRateBp / 10_000,
    budget: e4ToDollars(budgetE4),
    maxChargedMinor: most.advertiserChargeCents,
    placements: pricing.placements.map((placement) => {
      const line = placementPriceLine(bidE4, placement.factorBp, pricing.feeRateBp);
      return {
        key: placement.key,
        factor: factorText(placement.factorBp),
        spend: amount(line.spendE4, currency),
        charged: amount(line.chargedE4, currency),
      };
    }),
  };
}
