import { describe, expect, it } from 'vitest';
import {
  dryPer30Text,
  favoritePriceLines,
  formatPrice,
  washFromText,
} from '../../src/domain/price-display.ts';

const spaces = (text: string | null | undefined) => (text == null ? null : text.replace(/\s/gu, ' '));

describe("a price with its currency, as the reader's locale writes it", () => {
  it.each([
    [5.5, 'EUR', 'fr', '5,50 €'],
    [5.5, 'EUR', 'de', '5,50 €'],
    [500, 'JPY', 'ja', '￥500'],
    [500, 'JPY', 'en-US', '¥500'],
    [499.6, 'JPY', 'en-US', '¥500'],
    [60, 'INR', 'en-IN', '₹60'],
    [60, 'INR', 'hi', '₹60'],
    [4.5, 'USD', 'en-US', '$4.50'],
    [4, 'USD', 'en-US', '$4'],
    [4.5, 'USD', 'en-GB', 'US$4.50'],
    [3.5, 'CAD', 'en-US', 'CA$3.50'],
    [3.5, 'AUD', 'en-US', 'A$3.50'],
    [2.75, 'GBP', 'en-GB', '£2.75'],
    [1234.5, 'USD', 'en-US', '$1,234.50'],
    [8, 'MYR', 'en-MY', 'RM 8'],
    [12, 'CNY', 'zh', '¥12'],
    [3, 'EUR', 'es', '3 €'],
    ['$4.50', 'USD', 'en-US', '$4.50'],
    [4.5, null, 'en-US', '4.50'],
    [null, 'USD', 'en-US', null],
    ['free?', 'USD', 'en-US', null],
  ])('when %s %s is shown in %s, then it reads %s', (price, currency, locale, expected) => {
    expect(spaces(formatPrice(price, currency, locale))).toBe(expected);
  });
});

describe('detail pricing', () => {
  it.each([
    [
      'when a wash price is given, then From {price}/load with its currency',
      { washPriceSmall: 4.5, currency: 'USD' },
      { key: 'finder:detail.fromPerLoad', values: { price: '$4.50' } },
    ],
    [
      'when the currency is JPY, then no decimals',
      { washPriceSmall: 400, currency: 'JPY' },
      { key: 'finder:detail.fromPerLoad', values: { price: '¥400' } },
    ],
    [
      'when the currency is missing, then USD is assumed',
      { washPriceSmall: 4.5 },
      { key: 'finder:detail.fromPerLoad', values: { price: '$4.50' } },
    ],
    ['when there is no wash price, then no line', { washPriceSmall: null, currency: 'USD' }, null],
  ])('%s', (_, prices, expected) => {
    expect(washFromText(prices, 'en-US')).toEqual(expected);
  });

  it('when a 30-minute dryer price is given, then it reads per 30 minutes', () => {
    expect(dryPer30Text({ dryPrice30min: 2, currency: 'EUR' }, 'es')).toEqual({
      key: 'finder:detail.dryPer30',
      values: { price: '2\u00a0€' },
    });
  });
});

describe('favorites Wash: and Dry:', () => {
  it.each([
    [
      'when both prices are present',
      { washPriceSmall: 3, dryPrice30min: 1.5, currency: 'CAD' },
      ['finder:favorites.wash CA$3', 'finder:favorites.dry CA$1.50'],
    ],
    [
      'when only the wash price is present',
      { washPriceSmall: 3, dryPrice30min: null, currency: 'AUD' },
      ['finder:favorites.wash A$3'],
    ],
    [
      'when no currency is present',
      { washPriceSmall: 3, dryPrice30min: 2 },
      ['finder:favorites.wash 3.00', 'finder:favorites.dry 2.00'],
    ],
    ['when no price is present', { washPriceSmall: null, dryPrice30min: null, currency: 'USD' }, []],
  ])('%s, then the lines are %o', (_, prices, expected) => {
    expect(favoritePriceLines(prices, 'en-US').map((l) => `${l.label.key} ${spaces(l.price)}`)).toEqual(
      expected,
    );
  });
});
