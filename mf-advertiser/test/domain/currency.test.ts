import { describe, expect, it } from 'vitest';
import {
  billingCurrencyOf,
  currencyName,
  currencySign,
  defaultBillingCurrency,
  moneyInputsOf,
} from '../../src/domain/currency.ts';
import { formatMinorMoney, formatMoney } from '../../src/domain/formats.ts';

describe('the billing currency in the portal', () => {
  it.each([
    [['ja-JP'], 'JPY'],
    [['ja'], 'JPY'],
    [['en-GB', 'en'], 'GBP'],
    [['fr-FR'], 'EUR'],
    [['en-AU'], 'AUD'],
    [['fr-CA'], 'CAD'],
    [['en-US'], 'USD'],
    [['hi-IN'], 'USD'], // rupees are not billed: dollars
    [['zh-CN'], 'USD'],
    [[], 'USD'],
  ])('when the browser reads %j, then setup proposes %s', (languages, currency) => {
    expect(defaultBillingCurrency(languages)).toBe(currency);
  });

  it('when a profile names its currency, then it is the one; one from an older server is in dollars', () => {
    expect(billingCurrencyOf({ billingCurrency: 'JPY' })).toBe('JPY');
    expect(billingCurrencyOf({ billingCurrency: 'eur' })).toBe('EUR');
    expect(billingCurrencyOf({})).toBe('USD');
    expect(billingCurrencyOf(null)).toBe('USD');
  });

  it('when the select lists the currencies, then each is named in the page’s language', () => {
    expect(currencyName('JPY', 'en')).toBe('Japanese Yen');
    expect(currencyName('EUR', 'fr')).toBe('euro');
    expect(currencySign('JPY', 'en')).toBe('¥');
    expect(currencySign('CAD', 'en')).toBe('CA$');
  });

  it('when the campaign form is in yen, then the inputs step whole yen from the yen minimums', () => {
    expect(moneyInputsOf('JPY')).toEqual({
      totalBudget: { min: '1500', step: '1', placeholder: '15000' },
      dailyBudget: { min: '150', step: '1', placeholder: '1500' },
      costPerClick: { min: '15', step: '1', placeholder: '75' },
    });
    expect(moneyInputsOf('USD').costPerClick).toEqual({ min: '0.1', step: '0.01', placeholder: '0.5' });
  });

  it('when money is shown, then it is in its currency with that currency’s decimals (none for yen)', () => {
    expect(formatMoney(15_000, 'en', undefined, 'JPY')).toBe('¥15,000');
    expect(formatMoney(86.25, 'en', 2, 'JPY')).toBe('¥86.25');
    expect(formatMoney(100, 'en', undefined, 'EUR')).toBe('€100.00');
    expect(formatMinorMoney(17_250, 'JPY', 'en')).toBe('¥17,250');
    expect(formatMinorMoney(1150, 'USD', 'en')).toBe('$11.50');
    expect(formatMinorMoney(1150, 'usd', 'en')).toBe('$11.50');
  });
});
