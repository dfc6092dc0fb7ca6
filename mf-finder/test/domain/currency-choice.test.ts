import { describe, expect, it } from 'vitest';
import { currencyForCountry, currencyOptions } from '../../src/domain/currency-choice.ts';

describe('the currency picker', () => {
  it('when it opens, then the six common currencies come first and every other ISO 4217 one follows', () => {
    const { common, others } = currencyOptions('en');
    expect(common.map((option) => option.code)).toEqual(['USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD']);
    expect(common.length + others.length).toBe(Intl.supportedValuesOf('currency').length);
    expect(others.map((option) => option.code)).toEqual(expect.arrayContaining(['INR', 'MYR', 'CNY']));
    expect(others.find((option) => option.code === 'INR')?.label).toBe('Indian Rupee (INR)');
  });

  it('when the reader reads French, then the names are French and sorted in French order', () => {
    const { others } = currencyOptions('fr');
    expect(others.find((option) => option.code === 'INR')?.label).toBe('roupie indienne (INR)');
    const labels = others.map((option) => option.label);
    expect([...labels].sort((a, b) => a.localeCompare(b, 'fr'))).toEqual(labels);
  });
});

describe("a new laundromat's currency from its country", () => {
  it.each([
    ['FR', 'en', 'EUR'],
    ['in', 'en', 'INR'],
    ['Japan', 'en', 'JPY'],
    ['united kingdom', 'en', 'GBP'],
    ['Malaysia', 'en', 'MYR'],
    ['Inde', 'fr', 'INR'],
    ['México', 'es', 'MXN'],
    ['Mexico', 'es', 'MXN'],
    ['日本', 'zh', 'JPY'],
    ['भारत', 'hi', 'INR'],
  ])('when the country is %s (%s), then the currency is %s', (country, locale, currency) => {
    expect(currencyForCountry(country, locale)).toBe(currency);
  });

  it.each(['', 'Atlantis', 'ZZ'])('when the country is %o, then nothing is known', (country) => {
    expect(currencyForCountry(country, 'en')).toBeNull();
  });
});
