import { suggestablePrices, type DetectedPrice, type SuggestablePrice } from '@laundry/contracts';

/** The laundromat prices a photo can fill (docs/product.md, Data, decimal 8,2): those a person may correct. */
export const suggestablePriceFields = suggestablePrices;
export type PriceField = SuggestablePrice;

export type LaundromatPrices = { currency: string } & Record<PriceField, number | null>;

export interface PriceSuggestion extends DetectedPrice {
  position: number;
  field: PriceField | null;
  applied: boolean;
}

const maxPrice = 999_999.99;

/** The column a detected price speaks for, if any: a wash is per load, a dryer per 15 or 30 minutes. */
export function priceFieldFor(price: DetectedPrice): PriceField | null {
  const perLoad = price.unit === null || price.unit === 'load';
  switch (price.item) {
    case 'wash':
    case 'wash small':
      return perLoad ? 'washPriceSmall' : null;
    case 'wash large':
      return perLoad ? 'washPriceLarge' : null;
    case 'dry':
      return price.unit === '15min' ? 'dryPrice15min' : price.unit === '30min' ? 'dryPrice30min' : null;
    case 'detergent':
      return price.unit === null ? 'detergentPrice' : null;
    default:
      return null;
  }
}

/**
 * Every detected price becomes a suggestion; the first one for a field the laundromat has no price for fills
 * it, when its currency is the laundromat's (or was not read). A price already known is never overwritten:
 * a photo may be old, and an owner's or reviewer's figure is worth more than OCR's.
 */
export function suggestPrices(
  detected: readonly DetectedPrice[],
  laundromat: LaundromatPrices,
): { suggestions: PriceSuggestion[]; fills: Partial<Record<PriceField, number>> } {
  const fills: Partial<Record<PriceField, number>> = {};
  const suggestions = detected.map((price, position) => {
    const field = priceFieldFor(price);
    const applies =
      field !== null &&
      laundromat[field] === null &&
      fills[field] === undefined &&
      (price.currency === null || price.currency === laundromat.currency) &&
      price.amount > 0 &&
      price.amount <= maxPrice;
    if (applies) fills[field] = price.amount;
    return { ...price, position, field, applied: applies };
  });
  return { suggestions, fills };
}
