/**
 * Money in billing is integers: ledger amounts in ten-thousandths of a dollar (e4), because a per-impression
 * price has 4 decimals (spec §9: 10,4); statement figures in cents, because that is what a card is charged.
 *
 * The rounding rule, in one place: a statement sums its entries exactly in e4, rounds that sum once to cents
 * (half up: 0.005 and above goes up), then takes the platform fee as the fee rate of those cents, rounded
 * half up again. The charge is revenue plus fee, so the invoice's lines always add up to its total.
 */

/** An event's cost in dollars (at most 4 decimals, as the ad service sends it) as e4. */
export function dollarsToE4(dollars: number): number {
  const e4 = Math.round(dollars * 10_000);
  if (!Number.isSafeInteger(e4) || e4 < 0 || Math.abs(dollars * 10_000 - e4) > 1e-6) {
    throw new RangeError(`not an amount of at most 4 decimals: ${dollars}`);
  }
  return e4;
}

/** Rounds a non-negative amount in e4 to cents, half up. */
export function e4ToCents(e4: number): number {
  if (e4 < 0) throw new RangeError('a statement never rounds a negative amount');
  return Math.floor((e4 + 50) / 100);
}

/** A fee rate such as 0.15 (at most 4 decimals, 0 to 1) as basis points of a hundredth percent: 1500. */
export function feeRateToBasisPoints(rate: number): number {
  const bp = Math.round(rate * 10_000);
  if (rate < 0 || rate > 1 || Math.abs(rate * 10_000 - bp) > 1e-6) {
    throw new RangeError('a fee rate is between 0 and 1 with at most 4 decimals');
  }
  return bp;
}

/** The fee on an amount in cents at a rate in basis points (1/10000), half up; exact for any size. */
export function feeCents(revenueCents: number, rateBp: number): number {
  return Number((BigInt(revenueCents) * BigInt(rateBp) + 5_000n) / 10_000n);
}

export interface StatementFigures {
  totalRevenueCents: number;
  platformFeeCents: number;
  advertiserChargeCents: number;
}

/** What a statement shows and charges for an exact revenue in e4 at a fee rate. */
export function statementFigures(revenueE4: number, rateBp: number): StatementFigures {
  const totalRevenueCents = e4ToCents(revenueE4);
  const platformFeeCents = feeCents(totalRevenueCents, rateBp);
  return {
    totalRevenueCents,
    platformFeeCents,
    advertiserChargeCents: totalRevenueCents + platformFeeCents,
  };
}

/** Cents as the API's dollar numbers (two decimals). */
export const centsToDollars = (cents: number) => cents / 100;

/** e4 as dollars (four decimals), for figures not yet rounded to a statement. */
export const e4ToDollars = (e4: number) => e4 / 10_000;
