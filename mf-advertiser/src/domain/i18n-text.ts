import { formatUnits, type BillingCurrency } from '@laundry/contracts';

/** An amount a message names, formatted in the page's language when shown ('¥1,500', '1 500 ¥'). */
export interface MoneyValue {
  units: number;
  currency: BillingCurrency;
  /** The decimals it was written with ('$500.00'); without, none when it is whole ('$10', '$0.10'). */
  decimals?: number;
}

/** A message's amount in a language: '$10', '$500.00', '¥1,500', '1 500 ¥'. */
export function moneyText({ units, currency, decimals }: MoneyValue, locale: string): string {
  if (decimals === undefined) return formatUnits(units, currency, locale);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(units);
}

/**
 * A message for the user as an i18n key plus its interpolation values; the component calls t(key, values),
 * with each of `money` formatted in the page's language among the values.
 */
export interface I18nText {
  key: string;
  values?: Record<string, string | number>;
  money?: Record<string, MoneyValue>;
}

/** The advertiser namespace's keys are written in full ('advertiser:…') so they read the same anywhere. */
export const ns = (path: string) => `advertiser:${path}`;

/** A server's own words (English), shown as they are when no translation of them exists. */
export const serverText = (message: string): I18nText => ({
  key: ns('validation.server'),
  values: { message },
});
