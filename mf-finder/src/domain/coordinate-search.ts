import {
  coordinateRangeMessages,
  parseCoordinateQuery,
  type LaundromatSearchResponse,
} from '@laundry/contracts';
import type { GeocodeFailure } from './geocode-errors.ts';
import type { I18nText } from './i18n-text.ts';
import { numberFormat } from './intl-formats.ts';

/** English texts are coordinateRangeMessages of @laundry/contracts, as the server answers them. */
export const coordinateRangeKeys = {
  latitude: 'finder:messages.coordinates.latitudeRange',
  longitude: 'finder:messages.coordinates.longitudeRange',
} as const;

const rangeFailure = (field: keyof typeof coordinateRangeKeys): GeocodeFailure => ({
  code: 'INVALID_QUERY',
  message: { key: coordinateRangeKeys[field] },
});

/**
 * Coordinates out of range ('95, 10') are refused before anything is sent, with the server's own words
 * (it answers 400 INVALID_COORDINATES): null for anything else, coordinates in range included.
 */
export function coordinateQueryFailure(query: string): GeocodeFailure | null {
  const coordinates = parseCoordinateQuery(query);
  return coordinates?.kind === 'outOfRange' ? rangeFailure(coordinates.field) : null;
}

/** The server's 400 INVALID_COORDINATES answer, read back as the same failure. */
export function coordinateFailureFromBody(body: unknown): GeocodeFailure | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (code !== 'INVALID_COORDINATES') return null;
  return rangeFailure(message === coordinateRangeMessages.longitude ? 'longitude' : 'latitude');
}

export type SearchRadius = NonNullable<LaundromatSearchResponse['searchRadius']>;

/**
 * What the list says about how far a search for a place reached: 'No laundromats within 50 km of London'
 * when nothing matched that close (the nearest ones are listed beneath, with their distance), else
 * 'Within 10 km'. `distance` is the radius already formatted for the locale.
 */
export function searchReachText(radius: SearchRadius, place: string, distance: string): I18nText {
  return radius.nothingWithin
    ? { key: 'finder:results.noneWithin', values: { distance, place } }
    : { key: 'finder:results.withinRadius', values: { distance } };
}

/** A search radius as the list names it: whole kilometres ('50 km'), in the page's language. */
export function formatRadius(meters: number, locale: string): string {
  return numberFormat(locale, {
    style: 'unit',
    unit: 'kilometer',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(meters / 1000);
}
