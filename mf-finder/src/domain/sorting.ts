import { distanceMeters, isValidCoordinates } from './geo-distance.ts';
import type { Coordinates } from './geo-distance.ts';
import type { I18nText } from './i18n-text.ts';
import { priceValue, ratingValue } from './numeric-values.ts';
import { collator } from './intl-formats.ts';

export const sortModes = ['distance', 'rating', 'price'] as const;
export type SortMode = (typeof sortModes)[number];
export const defaultSortMode: SortMode = 'distance';

export type SortDirection = 'lowToHigh' | 'highToLow';

/** Each mode's natural order (docs/product.md, Behaviour): nearest, highest rated, cheapest first. */
export const defaultSortDirection: Record<SortMode, SortDirection> = {
  distance: 'lowToHigh',
  rating: 'highToLow',
  price: 'lowToHigh',
};

export interface SortableLaundromat {
  name: string;
  latitude?: number | null;
  longitude?: number | null;
  averageRating?: number | string | null;
  /** Older payloads carry prices as text ('$4.50'), hence the stripping. */
  washPriceSmall?: number | string | null;
  /** Metres from the request's reference point, when the server measured it. */
  distanceMeters?: number | null;
}

export interface SortOptions {
  mode: SortMode;
  /** Defaults to the mode's natural order; reversing flips the main key only, never the tie-breaks. */
  direction?: SortDirection;
  /** The search location, else the device location; distance sorting needs one of them. */
  origin?: Coordinates | null;
  locale?: string;
}

export const sortKeys = {
  distanceUnavailable: 'finder:sort.distanceUnavailable',
  distanceRequiresLocation: 'finder:sort.distanceRequiresLocation',
  searchOrEnableLocation: 'finder:sort.searchOrEnableLocation',
} as const;

export interface SortResult<T> {
  items: T[];
  /** Shown above the list when distance is chosen but there is no location: title plus hint. */
  notice: { title: I18nText; hint: I18nText } | null;
}

/**
 * Which no-location texts show where: the sort selector marks its Distance option with 'Distance sorting
 * requires a location' whenever no location is known, whatever the mode; the list shows 'Distance sorting
 * unavailable - no location' with the hint 'Search for a place or enable location' only while distance is
 * the chosen mode, because only then is the order left unchanged.
 */
export function distanceOptionHint(origin: Coordinates | null | undefined): I18nText | null {
  return isValidCoordinates(origin) ? null : { key: sortKeys.distanceRequiresLocation };
}

/** Server distance when given, else haversine from the origin; null when it cannot be known. */
export function distanceFrom(
  item: SortableLaundromat,
  origin: Coordinates | null | undefined,
): number | null {
  if (typeof item.distanceMeters === 'number' && Number.isFinite(item.distanceMeters))
    return item.distanceMeters;
  return distanceMeters(origin, {
    latitude: item.latitude ?? undefined,
    longitude: item.longitude ?? undefined,
  });
}

type Compare<T> = (a: T, b: T) => number;

/** Missing values go last in either direction. */
function byNumber<T>(value: (item: T) => number | null, direction: SortDirection): Compare<T> {
  const sign = direction === 'lowToHigh' ? 1 : -1;
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * sign;
  };
}

function chain<T>(...compares: Compare<T>[]): Compare<T> {
  return (a, b) => {
    for (const compare of compares) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
}

export function sortLaundromats<T extends SortableLaundromat>(
  items: readonly T[],
  options: SortOptions,
): SortResult<T> {
  const direction = options.direction ?? defaultSortDirection[options.mode];
  // Names only break ties, so the collator (costly to build the first time) is fetched when one does.
  const byName: Compare<T> = (a, b) =>
    collator(options.locale, { sensitivity: 'base', numeric: true }).compare(a.name, b.name);
  const byRatingDesc = byNumber<T>((l) => ratingValue(l.averageRating), 'highToLow');

  switch (options.mode) {
    case 'distance': {
      if (!isValidCoordinates(options.origin)) {
        return {
          items: [...items],
          notice: {
            title: { key: sortKeys.distanceUnavailable },
            hint: { key: sortKeys.searchOrEnableLocation },
          },
        };
      }
      const origin = options.origin;
      const byDistance = byNumber<T>((l) => distanceFrom(l, origin), direction);
      return { items: [...items].sort(chain(byDistance, byRatingDesc, byName)), notice: null };
    }
    case 'rating': {
      const byRating = byNumber<T>((l) => ratingValue(l.averageRating), direction);
      return { items: [...items].sort(chain(byRating, byName)), notice: null };
    }
    case 'price': {
      const byPrice = byNumber<T>((l) => priceValue(l.washPriceSmall), direction);
      return { items: [...items].sort(chain(byPrice, byName)), notice: null };
    }
  }
}
