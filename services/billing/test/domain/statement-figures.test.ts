import { describe, expect, it } from 'vitest';
import { dollarsToE4, e4ToCents } from '@laundry/contracts/money';
import { feeCents, feeRateToBasisPoints, statementFigures } from '../../src/domain/statement-figures.ts';

describe('a statement’s arithmetic', () => {
  it.each([
    // revenue in e4, fee rate, then revenue, fee and charge in cents
    { revenueE4: 0, rate: 0.15, revenue: 0, fee: 0, charge: 0 },
    { revenueE4: 10_000, rate: 0.15, revenue: 100, fee: 15, charge: 115 },
    // $9.995 rounds half up to $10.00 before the fee is taken.
    { revenueE4: 99_950, rate: 0.15, revenue: 1000, fee: 150, charge: 1150 },
    // $0.0049 is less than half a cent: nothing to charge.
    { revenueE4: 49, rate: 0.15, revenue: 0, fee: 0, charge: 0 },
    // $0.0050 is half a cent: up to one cent; 15% of a cent rounds to nothing.
    { revenueE4: 50, rate: 0.15, revenue: 1, fee: 0, charge: 1 },
    // 15% of $0.10 is 1.5 cents: half up to 2.
    { revenueE4: 1000, rate: 0.15, revenue: 10, fee: 2, charge: 12 },
    // 15% of $0.03 is 0.45 cents: down to 0.
    { revenueE4: 300, rate: 0.15, revenue: 3, fee: 0, charge: 3 },
    // 1,000 impressions at $0.0025 and 7 clicks at $0.30: $4.60, fee 69 cents.
    { revenueE4: 1000 * 25 + 7 * 3000, rate: 0.15, revenue: 460, fee: 69, charge: 529 },
    // A rate with 4 decimals: 12.34% of $123.45 is $15.23373, so $15.23.
    { revenueE4: 1_234_500, rate: 0.1234, revenue: 12_345, fee: 1523, charge: 13_868 },
    { revenueE4: 1_234_500, rate: 0, revenue: 12_345, fee: 0, charge: 12_345 },
    { revenueE4: 1_234_500, rate: 1, revenue: 12_345, fee: 12_345, charge: 24_690 },
    // A large statement stays exact: $90,071,992,547.41 at 15%.
    {
      revenueE4: 900_719_925_474_100,
      rate: 0.15,
      revenue: 9_007_199_254_741,
      fee: 1_351_079_888_211,
      charge: 10_358_279_142_952,
    },
  ])(
    'when revenue is $revenueE4 ten-thousandths at $rate, then $revenue + $fee = $charge cents',
    ({ revenueE4, rate, revenue, fee, charge }) => {
      expect(statementFigures(revenueE4, feeRateToBasisPoints(rate))).toEqual({
        totalRevenueCents: revenue,
        platformFeeCents: fee,
        advertiserChargeCents: charge,
      });
    },
  );

  it.each([
    [0.0025, 25],
    [0.3, 3000],
    [1.2345, 12_345],
    [0.1 + 0.2, 3000],
    [0, 0],
  ])('when an event costs $%s, then the ledger holds %i ten-thousandths', (dollars, e4) => {
    expect(dollarsToE4(dollars)).toBe(e4);
  });

  // A v1 event's cost is refused when it is no amount at all or too large to count exactly (a negative
  // cost never gets this far: the event's schema refuses it).
  it.each([[Number.NaN], [Infinity], [1e15]])(
    'when an event costs %s, then it is refused rather than rounded',
    (dollars) => {
      expect(() => dollarsToE4(dollars)).toThrow(RangeError);
    },
  );

  it.each([
    [49, 0],
    [50, 1],
    [149, 1],
    [150, 2],
    [12_345, 123],
  ])('when %i ten-thousandths are rounded, then they are %i cents (half up)', (e4, cents) => {
    expect(e4ToCents(e4)).toBe(cents);
  });

  it('when a statement is in yen, then its spend rounds half up to the whole yen and fee and charge are whole yen', () => {
    // Ten clicks at ¥1,234.55: ¥12,345.5 → ¥12,346; 15 % of it ¥1,851.9 → ¥1,852; charged ¥14,198.
    expect(statementFigures(10 * 12_345_500, 1500, 'JPY')).toEqual({
      totalRevenueCents: 12_346,
      platformFeeCents: 1852,
      advertiserChargeCents: 14_198,
    });
    // Less than half a yen is nothing to charge; half a yen is one.
    expect(statementFigures(4999, 1500, 'JPY').advertiserChargeCents).toBe(0);
    expect(statementFigures(5000, 1500, 'JPY').advertiserChargeCents).toBe(1);
    // The same spend in euros keeps its cents: €12,345.50, fee €1,851.83 (1,851.825 half up).
    expect(statementFigures(10 * 12_345_500, 1500, 'EUR')).toEqual({
      totalRevenueCents: 1_234_550,
      platformFeeCents: 185_183,
      advertiserChargeCents: 1_419_733,
    });
  });

  it('when a fee rate has more than 4 decimals or is outside 0 to 1, then it is refused', () => {
    expect(() => feeRateToBasisPoints(0.123456)).toThrow(RangeError);
    expect(() => feeRateToBasisPoints(0.00001)).toThrow(RangeError);
    expect(() => feeRateToBasisPoints(Number.NaN)).toThrow(RangeError);
    expect(feeRateToBasisPoints(0.0001)).toBe(1);
    expect(feeRateToBasisPoints(0.29)).toBe(2900);
    expect(() => feeRateToBasisPoints(1.5)).toThrow(RangeError);
    expect(() => feeRateToBasisPoints(-0.1)).toThrow(RangeError);
    expect(feeCents(333, 5000)).toBe(167);
  });
});
