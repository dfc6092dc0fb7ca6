import { z } from 'zod';
import { dollarsToE4 } from './money.ts';
import { e4ToMinor, type BillingCurrency } from './billing-currency.ts';
import { placementKeySchema } from './ad.ts';

/**
 * What an advertiser pays, told before they spend: the one rule the campaign form, the For owners page, the
 * ad service's charges and billing's statements all follow, in integers (E4 and cents), never floats.
 *
 * - A placement's price factor scales the bid where the ad is shown: a click in a slot of factor 1.2 costs
 *   the bid times 1.2, rounded half up to E4. Factors are kept in basis points (12_000 is ×1.2).
 * - The platform fee is a rate of a statement's spend, added on top: the charge is spend plus fee. A spend
 *   never passes the campaign's budget, so a budget B is charged at most B plus the fee on B.
 * - A statement sums its spend exactly in E4, rounds that once to cents (half up), then takes the fee as the
 *   rate of those cents, half up again.
 */

export const basisPointsPerUnit = 10_000;

/** The platform fee when none is configured (BILLING_PLATFORM_FEE_RATE): 15 %. */
export const defaultPlatformFeeRateBp = 1_500;

/** A fee rate such as 0.15 (0 to 1, at most 4 decimals) in basis points: 1500. Refuses anything finer. */
export function feeRateToBasisPoints(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new RangeError('a fee rate is between 0 and 1 with at most 4 decimals');
  }
  // A rate has the scale of E4, so it is read as one: digit by digit, refused if it had more decimals.
  const bp = dollarsToE4(rate);
  if (bp / basisPointsPerUnit !== rate) {
    throw new RangeError('a fee rate is between 0 and 1 with at most 4 decimals');
  }
  return bp;
}

/** amount × bp / 10000, rounded half up, exactly for any size (amount non-negative). */
function scaleHalfUp(amount: number, bp: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`not a non-negative whole amount: ${amount}`);
  if (!Number.isSafeInteger(bp) || bp < 0) throw new RangeError(`not a rate in basis points: ${bp}`);
  return Number((BigInt(amount) * BigInt(bp) + 5_000n) / 10_000n);
}

/** The fee on an amount in cents at a rate in basis points, half up. */
export const feeCents = (cents: number, rateBp: number): number => scaleHalfUp(cents, rateBp);

/** The fee on an exact amount in E4 at a rate in basis points, half up to E4. */
export const feeE4 = (e4: number, rateBp: number): number => scaleHalfUp(e4, rateBp);

/** What one click or impression costs in a placement: the bid times the placement's factor, half up to E4. */
export const placementPriceE4 = (bidE4: number, factorBp: number): number => scaleHalfUp(bidE4, factorBp);

/**
 * A statement's figures in minor units of its currency (the fields keep the name cents, which they are for
 * five of the six billing currencies; for JPY they are whole yen).
 */
export interface StatementFigures {
  totalRevenueCents: number;
  platformFeeCents: number;
  advertiserChargeCents: number;
}

/**
 * What a statement shows and charges for an exact spend in E4 at a fee rate: spend, fee and their sum, each
 * in minor units of the currency (a yen spend rounds to whole yen).
 */
export function statementFigures(
  revenueE4: number,
  rateBp: number,
  currency: BillingCurrency = 'USD',
): StatementFigures {
  const totalRevenueCents = e4ToMinor(revenueE4, currency);
  const platformFeeCents = feeCents(totalRevenueCents, rateBp);
  return {
    totalRevenueCents,
    platformFeeCents,
    advertiserChargeCents: totalRevenueCents + platformFeeCents,
  };
}

/**
 * The most a budget can be charged: the whole budget spent, then rounded and fee'd as a statement is. Spend
 * spread over several statements rounds each one, so a real charge may differ from this by a minor unit per
 * statement.
 */
export const maxChargeForBudget = (
  budgetE4: number,
  rateBp: number,
  currency: BillingCurrency = 'USD',
): StatementFigures => statementFigures(budgetE4, rateBp, currency);

/** One placement's price for a bid: what it spends per click (or impression) and what that is charged with the fee. */
export function placementPriceLine(bidE4: number, factorBp: number, rateBp: number) {
  const spendE4 = placementPriceE4(bidE4, factorBp);
  return { spendE4, chargedE4: spendE4 + feeE4(spendE4, rateBp) };
}

/** A placement's price factor on the wire: basis points (×1.2 is 12000), an integer. */
export const adPlacementPriceSchema = z.object({
  key: placementKeySchema,
  factorBp: z.number().int().min(0),
});
export type AdPlacementPrice = z.infer<typeof adPlacementPriceSchema>;

/** GET /api/ads/pricing: the platform fee rate and each placement's factor, the form's one source. */
export const adPricingResponseSchema = z.object({
  feeRateBp: z.number().int().min(0).max(basisPointsPerUnit),
  placements: z.array(adPlacementPriceSchema),
});
export type AdPricingResponse = z.infer<typeof adPricingResponseSchema>;

/** A factor as the ad_placements table writes it (numeric(3,2), '1.20') in basis points, exactly. */
export const factorTextToBasisPoints = (text: string): number => {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a price factor: ${text}`);
  return Number(match[1]) * basisPointsPerUnit + Number((match[2] ?? '').padEnd(4, '0'));
};
