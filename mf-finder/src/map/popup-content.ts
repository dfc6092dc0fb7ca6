import type { Laundromat } from '@laundry/contracts';
import type { I18nText } from '../domain/i18n-text.ts';
import { currentOpenStatus, mapBadge, type OpenBadge } from '../domain/open-status-display.ts';
import { popupRating } from '../domain/rating-display.ts';

export type PopupLaundromat = Pick<
  Laundromat,
  'name' | 'address' | 'averageRating' | 'hours' | 'timeZone' | 'openStatus'
>;

export interface LaundromatPopupContent {
  name: string;
  address: string;
  badge: OpenBadge;
  rating: I18nText;
}

/**
 * The marker popup (docs/product.md, Pages): name, address, OPEN/CLOSED in the map reading, rating or 'No
 * rating'.
 */
export function laundromatPopupContent(
  laundromat: PopupLaundromat,
  locale: string,
  now: Date,
): LaundromatPopupContent {
  return {
    name: laundromat.name,
    address: laundromat.address,
    badge: mapBadge(currentOpenStatus(laundromat, now)),
    rating: popupRating(laundromat.averageRating, locale),
  };
}
