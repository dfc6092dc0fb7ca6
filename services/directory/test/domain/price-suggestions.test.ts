import { describe, expect, it } from 'vitest';
import type { DetectedPrice } from '@laundry/contracts';
import { priceFieldFor, suggestPrices, type LaundromatPrices } from '../../src/domain/price-suggestions.ts';

const price = (overrides: Partial<DetectedPrice>): DetectedPrice => ({
  amount: 3.5,
  currency: 'USD',
  unit: null,
  item: null,
  ...overrides,
});

const noPrices: LaundromatPrices = {
  currency: 'USD',
  washPriceSmall: null,
  washPriceLarge: null,
  dryPrice15min: null,
  dryPrice30min: null,
  detergentPrice: null,
};

describe('priceFieldFor', () => {
  it.each<[Partial<DetectedPrice>, string | null]>([
    [{ item: 'wash small', unit: 'load' }, 'washPriceSmall'],
    [{ item: 'wash', unit: null }, 'washPriceSmall'],
    [{ item: 'wash large', unit: 'load' }, 'washPriceLarge'],
    [{ item: 'dry', unit: '15min' }, 'dryPrice15min'],
    [{ item: 'dry', unit: '30min' }, 'dryPrice30min'],
    [{ item: 'dry', unit: null }, null],
    [{ item: 'detergent', unit: null }, 'detergentPrice'],
    [{ item: 'wash and fold', unit: 'lb' }, null],
    [{ item: 'wash small', unit: 'kg' }, null],
    [{ item: null, unit: 'load' }, null],
  ])('when the price is %j, then it speaks for %s', (detected, field) => {
    expect(priceFieldFor(price(detected))).toBe(field);
  });
});

describe('suggestPrices', () => {
  it('when the laundromat lacks the prices, then each field is filled by the first price for it', () => {
    const { suggestions, fills } = suggestPrices(
      [
        price({ amount: 3.5, item: 'wash small', unit: 'load' }),
        price({ amount: 4, item: 'wash', unit: null }),
        price({ amount: 1, item: 'dry', unit: '15min' }),
        price({ amount: 1.75, item: 'wash and fold', unit: 'lb' }),
      ],
      noPrices,
    );
    expect(fills).toEqual({ washPriceSmall: 3.5, dryPrice15min: 1 });
    expect(suggestions.map((s) => [s.position, s.field, s.applied])).toEqual([
      [0, 'washPriceSmall', true],
      [1, 'washPriceSmall', false],
      [2, 'dryPrice15min', true],
      [3, null, false],
    ]);
  });

  it('when the laundromat has a price already, then it is kept', () => {
    const { fills } = suggestPrices([price({ item: 'wash large', unit: 'load', amount: 9 })], {
      ...noPrices,
      washPriceLarge: 6,
    });
    expect(fills).toEqual({});
  });

  it.each<[string | null, boolean]>([
    ['USD', true],
    [null, true],
    ['EUR', false],
  ])('when the price is in %s and the laundromat in USD, then it fills: %s', (currency, fills) => {
    const result = suggestPrices([price({ item: 'wash', currency })], noPrices);
    expect(result.fills.washPriceSmall !== undefined).toBe(fills);
  });

  it.each([0, 1_000_000])('when the amount is %s, then it is suggested but fills nothing', (amount) => {
    const result = suggestPrices([price({ item: 'wash', amount })], noPrices);
    expect(result.fills).toEqual({});
    expect(result.suggestions[0]).toMatchObject({ field: 'washPriceSmall', applied: false });
  });
});
