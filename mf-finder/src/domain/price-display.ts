import { defaultCurrency } from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';
import { priceValue } from './numeric-values.ts';
import { numberFormat } from './intl-formats.ts';

export const priceKeys = {
  fromPerLoad: 'finder:detail.fromPerLoad',
  dryPer30: 'finder:detail.dryPer30',
  wash: 'finder:favorites.wash',
  dry: 'finder:favorites.dry',
} as const;

/**
 * The amount alone, with the currency's own decimals (JPY none, the others two) and the locale's digits and
 * separators; the currency code is placed by the translation ('From {{currency}} {{price}}/load').
 */
export function formatAmount(
  price: number | string | null | undefined,
  currency: string,
  locale: string,
): string | null {
  const amount = priceValue(price);
  if (amount === null) return null;
  return numberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' })
    .formatToParts(amount)
    .filter((part) => part.type !== 'currency' && part.type !== 'literal')
    .map((part) => part.value)
    .join('')
    .trim();
}

/**
 * A whole price for the locale with its ISO code ('USD 4.50', '4,50 EUR'): codes rather than symbols because
 * several of the six currencies share '$'. Without a currency, a plain two-decimal amount. Null when missing.
 */
export function formatPrice(
  price: number | string | null | undefined,
  currency: string | null | undefined,
  locale: string,
): string | null {
  const amount = priceValue(price);
  if (amount === null) return null;
  if (!currency) {
    return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  }
  return numberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);
}

interface Prices {
  washPriceSmall?: number | string | null;
  dryPrice30min?: number | string | null;
  currency?: string | null;
}

function perUnitText(key: string, price: number | string | null | undefined, prices: Prices, locale: string) {
  const currency = prices.currency || defaultCurrency;
  const amount = formatAmount(price, currency, locale);
  return amount === null ? null : { key, values: { currency, price: amount } };
}

/** Detail pricing 'From {currency} {price}/load' from the small wash price; a missing currency is USD (spec §3 default). */
export function washFromText(prices: Prices, locale: string): I18nText | null {
  return perUnitText(priceKeys.fromPerLoad, prices.washPriceSmall, prices, locale);
}

/** Detail dryer price per 30 minutes. */
export function dryPer30Text(prices: Prices, locale: string): I18nText | null {
  return perUnitText(priceKeys.dryPer30, prices.dryPrice30min, prices, locale);
}

export interface FavoritePriceLine {
  /** 'Wash:' or 'Dry:' */
  label: I18nText;
  /** The price with its currency when the row has one. */
  price: string;
}

/** Favorites card lines, each only when its price is present. */
export function favoritePriceLines(prices: Prices, locale: string): FavoritePriceLine[] {
  const lines: FavoritePriceLine[] = [];
  const wash = formatPrice(prices.washPriceSmall, prices.currency, locale);
  if (wash !== null) lines.push({ label: { key: priceKeys.wash }, price: wash });
  const dry = formatPrice(prices.dryPrice30min, prices.currency, locale);
  if (dry !== null) lines.push({ label: { key: priceKeys.dry }, price: dry });
  return lines;
}
