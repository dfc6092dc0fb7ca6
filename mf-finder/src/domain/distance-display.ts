import { distanceMeters } from './geo-distance.ts';
import type { Coordinates } from './geo-distance.ts';
import { numberFormat } from './intl-formats.ts';

function unitFormat(locale: string, unit: 'meter' | 'kilometer', fractionDigits: number): Intl.NumberFormat {
  return numberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** Under 1 km in whole metres, otherwise km with one decimal; null for a missing or invalid distance. */
export function formatDistance(meters: number | null | undefined, locale: string): string | null {
  if (typeof meters !== 'number' || !Number.isFinite(meters) || meters < 0) return null;
  const rounded = Math.round(meters);
  // 999.6 m would round to "1,000 m"; it reads as 1.0 km instead.
  if (rounded < 1000) return unitFormat(locale, 'meter', 0).format(rounded);
  return unitFormat(locale, 'kilometer', 1).format(meters / 1000);
}

/** The card's distance: the server's figure when given, else measured from the origin; nothing when coordinates are invalid. */
export function distanceText(
  target: Partial<Coordinates> & { distanceMeters?: number | null },
  origin: Partial<Coordinates> | null | undefined,
  locale: string,
): string | null {
  if (typeof target.distanceMeters === 'number') return formatDistance(target.distanceMeters, locale);
  return formatDistance(distanceMeters(origin, target), locale);
}
