import { describe, expect, it } from 'vitest';
import {
  centsAmountSchema,
  centsToDollars,
  centsToE4,
  decimalE4Schema,
  decimalLimits,
  decimalToCents,
  decimalToE4,
  dollarsToCents,
  dollarsToE4,
  e4ToCents,
  e4ToDollars,
  formatCents,
  formatE4,
  nonNegativeE4Schema,
} from '../src/index.ts';

describe('an amount of dollars as ten-thousandths (E4)', () => {
  it.each([
    { dollars: 0, e4: 0 },
    { dollars: 0.01, e4: 100 },
    { dollars: 0.1, e4: 1000 },
    // Binary-float traps: 1.15 * 100 is 114.99999999999999, 0.29 * 100 is 28.999999999999996.
    { dollars: 1.15, e4: 11_500 },
    { dollars: 0.29, e4: 2900 },
    { dollars: 1.005, e4: 10_050 },
    { dollars: 4.35, e4: 43_500 },
    // The smallest per-impression price and the largest ones the contracts accept.
    { dollars: 0.0001, e4: 1 },
    { dollars: 0.0025, e4: 25 },
    { dollars: decimalLimits.costPerImpression, e4: 9_999_999_999 },
    { dollars: 999_999.99, e4: 9_999_999_900 },
    { dollars: decimalLimits.campaignMoney, e4: 999_999_999_900 },
    // A float sum carries noise (0.30000000000000004); within the contracts' tolerance it is the amount meant.
    { dollars: 0.1 + 0.2, e4: 3000 },
    { dollars: 10.000000001, e4: 100_000 },
    // Written with an exponent by String(): 1e-7 and 1.5e-5 round to the nearest ten-thousandth.
    { dollars: 1e-7, e4: 0 },
    { dollars: 5e-5, e4: 1 },
    { dollars: 1.5e-5, e4: 0 },
    { dollars: 1e21, e4: undefined },
    { dollars: -2.5, e4: -25_000 },
  ])('when $dollars dollars, then $e4 E4', ({ dollars, e4 }) => {
    if (e4 === undefined) expect(() => dollarsToE4(dollars)).toThrow(RangeError);
    else expect(dollarsToE4(dollars)).toBe(e4);
  });

  it('when the amount is not a number, then it is refused', () => {
    expect(() => dollarsToE4(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToE4(Infinity)).toThrow(RangeError);
    expect(() => decimalToE4('12,50')).toThrow(RangeError);
  });

  it.each([
    // PostgreSQL's numeric text, as a numeric(10,2) or (14,4) column prints it.
    { text: '12.34', e4: 123_400 },
    { text: '0.0001', e4: 1 },
    { text: '99999999.99', e4: 999_999_999_900 },
    { text: '9999999999.9999', e4: 99_999_999_999_999 },
    { text: '-0.50', e4: -5000 },
    { text: '7', e4: 70_000 },
    { text: '0.00005', e4: 1 },
    { text: '0.000049', e4: 0 },
  ])('when numeric text is $text, then $e4 E4', ({ text, e4 }) => {
    expect(decimalToE4(text)).toBe(e4);
  });

  it('when every whole cent up to $2,000 and a spread of prices to $99,999,999.9999 go out and back, then each is unchanged', () => {
    const changed: number[] = [];
    for (let e4 = 0; e4 <= 20_000_000; e4 += 100) if (dollarsToE4(e4ToDollars(e4)) !== e4) changed.push(e4);
    for (let e4 = 0; e4 < 999_999_999_999; e4 += 9_876_543_211) {
      if (dollarsToE4(e4ToDollars(e4)) !== e4 || e4ToDollars(e4) !== Number(formatE4(e4, 4)))
        changed.push(e4);
    }
    expect(changed).toEqual([]);
  });

  it('when many prices are added up in E4, then the total is exact where the dollars drift', () => {
    const prices = Array.from({ length: 1000 }, () => 0.1);
    const floatTotal = prices.reduce((sum, price) => sum + price, 0);
    const e4Total = prices.reduce((sum, price) => sum + dollarsToE4(price), 0);
    expect(floatTotal).not.toBe(100);
    expect(e4Total).toBe(1_000_000);
    expect(e4ToDollars(e4Total)).toBe(100);
    // A million impressions at a hundredth of a cent each, and a budget's worth of them.
    expect(1_000_000 * dollarsToE4(0.0001)).toBe(dollarsToE4(100));
    expect(e4ToDollars(99_999_999_999_999)).toBe(9_999_999_999.9999);
  });
});

describe('an amount of E4 written out', () => {
  it.each([
    { e4: 0, decimals: 2, text: '0.00' },
    { e4: 100, decimals: 2, text: '0.01' },
    { e4: 11_500, decimals: 2, text: '1.15' },
    { e4: 10_000_000, decimals: 2, text: '1000.00' },
    { e4: 4_000_000, decimals: 2, text: '400.00' },
    { e4: 123_450, decimals: 2, text: '12.345' },
    { e4: 1, decimals: 2, text: '0.0001' },
    { e4: 1, decimals: 4, text: '0.0001' },
    { e4: 5000, decimals: 4, text: '0.5000' },
    { e4: 9_999_999_999, decimals: 4, text: '999999.9999' },
    { e4: 999_999_999_900, decimals: 2, text: '99999999.99' },
    { e4: 99_999_999_999_999, decimals: 4, text: '9999999999.9999' },
    { e4: 70_000, decimals: 0, text: '7' },
    { e4: -25_000, decimals: 2, text: '-2.50' },
  ])('when $e4 E4 with at least $decimals decimals, then $text', ({ e4, decimals, text }) => {
    expect(formatE4(e4, decimals)).toBe(text);
  });

  it('when the amount is not a whole number of E4, then it is refused', () => {
    expect(() => formatE4(0.5)).toThrow(RangeError);
    expect(() => e4ToDollars(1.15 * 100)).toThrow(RangeError);
  });
});

describe('cents', () => {
  it.each([
    [49, 0],
    [50, 1],
    [149, 1],
    [150, 2],
    [12_345, 123],
    [0, 0],
  ])('when %i ten-thousandths are rounded, then they are %i cents (half up)', (e4, cents) => {
    expect(e4ToCents(e4)).toBe(cents);
  });

  it('when a negative or fractional amount is rounded to cents, then it is refused', () => {
    expect(() => e4ToCents(-1)).toThrow(RangeError);
    expect(() => e4ToCents(0.5)).toThrow(RangeError);
  });

  it.each([
    { dollars: 1.15, cents: 115, text: '1.15' },
    { dollars: 0.29, cents: 29, text: '0.29' },
    { dollars: 4.35, cents: 435, text: '4.35' },
    { dollars: 1.005, cents: 101, text: '1.01' },
    { dollars: 90_071_992_547.41, cents: 9_007_199_254_741, text: '90071992547.41' },
  ])('when $dollars dollars are read as cents, then $cents, written $text', ({ dollars, cents, text }) => {
    expect(dollarsToCents(dollars)).toBe(cents);
    expect(formatCents(cents)).toBe(text);
    expect(decimalToCents(text)).toBe(cents);
  });

  it('when cents go out as dollars and back, then each is unchanged, and as E4 they are whole hundreds', () => {
    const changed: number[] = [];
    for (let cents = 0; cents <= 2_000_000; cents += 7) {
      if (dollarsToCents(centsToDollars(cents)) !== cents) changed.push(cents);
    }
    expect(changed).toEqual([]);
    expect(centsToE4(115)).toBe(11_500);
    expect(e4ToCents(centsToE4(9_007_199_254_741))).toBe(9_007_199_254_741);
  });
});

describe('money fields on the wire', () => {
  it('when an E4 or cents amount is a fraction, then the schema refuses it', () => {
    expect(nonNegativeE4Schema.safeParse(25).success).toBe(true);
    expect(nonNegativeE4Schema.safeParse(0.0025).success).toBe(false);
    expect(nonNegativeE4Schema.safeParse(-1).success).toBe(false);
    expect(nonNegativeE4Schema.safeParse(2 ** 53).success).toBe(false);
    expect(centsAmountSchema.safeParse(1.5).success).toBe(false);
  });

  it.each([
    { text: '0.0025', e4: 25 },
    { text: '12', e4: 120_000 },
    { text: '-0.5', e4: -5000 },
    { text: '99999999999.9999', e4: 999_999_999_999_999 },
  ])('when the decimal string $text arrives, then it is $e4 E4', ({ text, e4 }) => {
    expect(decimalE4Schema.parse(text)).toBe(e4);
  });

  it.each(['0.00001', '1e3', '1,50', '', ' 1', '.5', '123456789012'])(
    'when the decimal string "%s" arrives, then it is refused',
    (text) => {
      expect(decimalE4Schema.safeParse(text).success).toBe(false);
    },
  );
});
