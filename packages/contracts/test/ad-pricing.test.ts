import { describe, expect, it } from 'vitest';
import {
  factorTextToBasisPoints,
  feeRateToBasisPoints,
  maxChargeForBudget,
  placementPriceE4,
  placementPriceLine,
  statementFigures,
} from '../src/ad-pricing.ts';

describe('the price told up front', () => {
  it.each([
    // budget E4, fee bp, spend cents, fee cents, charged cents
    [100_0000, 1500, 10000, 1500, 11500],
    [10_0000, 1500, 1000, 150, 1150],
    [12_3400, 1500, 1234, 185, 1419], // 185.1 → 185
    [1_0300, 1500, 103, 15, 118], // 15.45 → 15
    [1_1000, 1500, 110, 17, 127], // 16.5 → 17, half up
    [99_9999, 1500, 10000, 1500, 11500], // the spend rounds to cents first
    [100_0000, 0, 10000, 0, 10000],
    [100_0000, 10000, 10000, 10000, 20000],
  ])(
    'a budget of %i E4 at %i bp is charged at most its spend, fee and their sum',
    (budget, bp, spend, fee, charged) => {
      expect(maxChargeForBudget(budget, bp)).toEqual({
        totalRevenueCents: spend,
        platformFeeCents: fee,
        advertiserChargeCents: charged,
      });
    },
  );

  it.each([
    // bid E4, factor bp, price E4
    [1_0000, 10_000, 1_0000],
    [1_0000, 12_000, 1_2000],
    [1000, 12_000, 1200], // $0.10 → $0.12
    [25, 12_000, 30], // $0.0025 per impression → $0.0030
    [33, 12_000, 40], // 39.6 → 40
    [5, 11_000, 6], // 5.5 → 6, half up
    [3333_3333, 12_000, 4000_0000], // 39999999.6 → 40000000
  ])('a bid of %i E4 in a placement of factor %i bp costs %i E4', (bid, factor, price) => {
    expect(placementPriceE4(bid, factor)).toBe(price);
  });

  it('when a click in the detail slot is priced, then its line gives the spend and the charge with the fee', () => {
    expect(placementPriceLine(1_0000, 12_000, 1500)).toEqual({ spendE4: 1_2000, chargedE4: 1_3800 });
    expect(placementPriceLine(1000, 10_000, 1500)).toEqual({ spendE4: 1000, chargedE4: 1150 });
  });

  it('when a statement is figured, then the charge is always the spend plus the fee', () => {
    for (let e4 = 0; e4 < 3_000; e4 += 7) {
      const figures = statementFigures(e4 * 13, 1500);
      expect(figures.advertiserChargeCents).toBe(figures.totalRevenueCents + figures.platformFeeCents);
    }
  });

  it.each([
    ['1.20', 12_000],
    ['1.00', 10_000],
    ['1', 10_000],
    ['0.85', 8_500],
    ['2.5', 25_000],
  ])('the placements table factor %s is %i bp', (text, bp) => {
    expect(factorTextToBasisPoints(text)).toBe(bp);
  });

  it('when a factor or a fee rate is not a plain decimal of at most 4 places, then it is refused', () => {
    expect(() => factorTextToBasisPoints('1.2e1')).toThrow(RangeError);
    expect(() => factorTextToBasisPoints('-1')).toThrow(RangeError);
    expect(() => feeRateToBasisPoints(0.15001)).toThrow(RangeError);
    expect(() => feeRateToBasisPoints(1.5)).toThrow(RangeError);
    expect(feeRateToBasisPoints(0.15)).toBe(1500);
    expect(() => placementPriceE4(1.5, 10_000)).toThrow(RangeError);
  });
});
