import { checklistItemIds, reviewsShownInDetail, type Review } from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';
import { dateTimeFormat } from './intl-formats.ts';

export const reviewDisplayKeys = {
  anonymousUser: 'finder:detail.anonymousUser',
  viewAll: 'finder:detail.viewAllReviews',
  day: 'finder:review.day',
  night: 'finder:review.night',
} as const;

const byNewest = (a: Pick<Review, 'createdAt'>, b: Pick<Review, 'createdAt'>) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt);

export interface ReviewsPreview<T> {
  /** The most recent reviews, at most three unless all are asked for. */
  shown: T[];
  /** 'View all N reviews' when more than three exist and not all are shown; null otherwise. */
  viewAll: I18nText | null;
}

/**
 * The detail (docs/product.md, Pages): the 3 most recent reviews, and a 'View all N reviews' button beyond 3.
 * N counts the reviews the list holds, not the laundromat's totalReviews, which imported and demo data may
 * carry without the reviews.
 */
export function reviewsPreview<T extends Pick<Review, 'createdAt'>>(
  reviews: readonly T[],
  showAll: boolean,
): ReviewsPreview<T> {
  const newest = [...reviews].sort(byNewest);
  const limited = newest.length > reviewsShownInDetail && !showAll;
  return {
    shown: limited ? newest.slice(0, reviewsShownInDetail) : newest,
    viewAll: limited ? { key: reviewDisplayKeys.viewAll, values: { count: newest.length } } : null,
  };
}

/** Checklist ids the form knows, as their labels' keys; an id from elsewhere is not shown. */
export function checklistLabels(ids: readonly string[]): I18nText[] {
  return ids
    .filter((id): id is (typeof checklistItemIds)[number] =>
      (checklistItemIds as readonly string[]).includes(id),
    )
    .map((id) => ({ key: `finder:review.checklistItems.${id}` }));
}

export function visitTimeLabel(visitTime: string | null): I18nText | null {
  if (visitTime === 'day') return { key: reviewDisplayKeys.day };
  if (visitTime === 'night') return { key: reviewDisplayKeys.night };
  return null;
}

/** A review or photo date in the reader's language, e.g. '21 Oct 2025'. */
export function displayDate(iso: string, locale: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return '';
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(time);
}
