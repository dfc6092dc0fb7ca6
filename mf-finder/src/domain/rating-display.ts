import { ratingBounds } from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';
import { numberFormat } from './intl-formats.ts';

export const ratingKeys = {
  new: 'finder:rating.new',
  noRating: 'finder:rating.noRating',
  reviewCount: 'finder:rating.reviewCount',
  value: 'finder:rating.value',
} as const;

function readRating(rating: number | string | null | undefined): number | null {
  const value = typeof rating === 'string' ? Number(rating) : rating;
  // Ratings run 1–5, so 0 means no reviews yet, like null.
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.min(value, ratingBounds.max)
    : null;
}

function oneDecimal(value: number, locale: string): string {
  return numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

export interface StarRatingDisplay {
  /** Five entries, true for a filled star: as many as the floored rating. */
  stars: boolean[];
  /** 'New' when there is no rating, else the rating with one decimal. */
  label: I18nText;
  /** '{count} reviews' (pluralised by i18next through count). */
  reviewCount: I18nText;
}

/** Rating display: 5 stars filled by the floored rating; 'New' when no rating; plus the review count. */
export function starRating(
  averageRating: number | string | null | undefined,
  totalReviews: number | null | undefined,
  locale: string,
): StarRatingDisplay {
  const rating = readRating(averageRating);
  const filled = rating === null ? 0 : Math.floor(rating);
  return {
    stars: Array.from({ length: ratingBounds.max }, (_, i) => i < filled),
    label:
      rating === null
        ? { key: ratingKeys.new }
        : { key: ratingKeys.value, values: { rating: oneDecimal(rating, locale) } },
    reviewCount: { key: ratingKeys.reviewCount, values: { count: totalReviews ?? 0 } },
  };
}

/** Map popup: the average with one decimal, else 'No rating'. */
export function popupRating(averageRating: number | string | null | undefined, locale: string): I18nText {
  const rating = readRating(averageRating);
  return rating === null
    ? { key: ratingKeys.noRating }
    : { key: ratingKeys.value, values: { rating: oneDecimal(rating, locale) } };
}
