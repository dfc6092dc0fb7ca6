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
 * A price as the reader's locale writes it in the laundromat's currency ('5,50 €' in French, '¥500',
 * '₹60', 'CA$3.50' in English): the locale's symbol, order, digits and separators, the currency's own
 * decimals, and none when the amount is whole. The symbol, not the code, is what people read on a price;
 * Intl already tells apart the currencies that share '$' ('US$', 'CA$', 'A$') wherever the locale's own
 * dollar would be mistaken for them. Without a currency, a plain two-decimal amount. Null when missing.
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
  return numberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'symbol',
    trailingZeroDisplay: 'stripIfInteger',
  }).format(amount);
}

interface Prices {
  washPriceSmall?: number | string | null;
  dryPrice30min?: number | string | null;
  currency?: string | null;
}

function perUnitText(key: string, price: number | string | null | undefined, prices: Prices, locale: string) {
  const currency = prices.currency || defaultCurrency;
  const text = formatPrice(price, currency, locale);
  return text === null ? null : { key, values: { price: text } };
}

/**
 * Detail pricing 'From {price}/load' from the small wash price, the price with its currency; a missing
 * currency is USD, the default.
 */
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
