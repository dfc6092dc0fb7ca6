import type { Coordinates } from './geo.ts';

/**
 * Coordinates typed or sent as a search ('Use current location' sends 'lat,lng') are a location
 * in themselves, not a place name to geocode. The same reading on the server and in the browser, so the
 * browser can say what is wrong before it asks.
 */
export type CoordinateQuery =
  ({ kind: 'point' } & Coordinates) | { kind: 'outOfRange'; field: 'latitude' | 'longitude'; value: number };

/** What an out-of-range pair answers (HTTP 400, code INVALID_COORDINATES). */
export const coordinateRangeMessages = {
  latitude: 'Latitude must be between -90 and 90.',
  longitude: 'Longitude must be between -180 and 180.',
} as const;

// One coordinate: an optional hemisphere letter before or after a number of at most three whole digits
// (a postal code such as 75001 is not a degree), an optional sign, an optional degree sign.
const part = String.raw`([NSEW])?\s*([+\-−]?(?:\d{1,3}(?:\.\d*)?|\.\d+))\s*[°º]?\s*([NSEW])?`;
const pairPattern = new RegExp(String.raw`^\s*${part}\s*?(\s|,|;)\s*${part}\s*$`, 'i');

interface Reading {
  value: number;
  hemisphere: string | null;
  hasSign: boolean;
  hasDecimals: boolean;
}

function reading(before?: string, number?: string, after?: string): Reading | null {
  if (number === undefined || (before && after)) return null;
  const text = number.replace('−', '-');
  return {
    value: Number(text),
    hemisphere: (before ?? after)?.toUpperCase() ?? null,
    hasSign: /^[+-]/.test(text),
    hasDecimals: text.includes('.'),
  };
}

const isLatitudeLetter = (letter: string | null) => letter === 'N' || letter === 'S';
const isLongitudeLetter = (letter: string | null) => letter === 'E' || letter === 'W';

/** A signed value: S and W are negative; a letter together with a sign is too ambiguous to read. */
function signedValue({ value, hemisphere, hasSign }: Reading): number | null {
  if (hemisphere === null) return value;
  if (hasSign) return null;
  return hemisphere === 'S' || hemisphere === 'W' ? -value : value;
}

/**
 * Reads '48.8566,2.3522', '48.8566, 2.3522', '-33.86 151.21', '+48.85;+2.35' or '48.8566° N, 2.3522° E'
 * (latitude first, unless the letters say otherwise: '2.35E 48.85N'). Null when the text is not a pair of
 * coordinates. Two bare numbers separated only by a space must both have decimals, so '12 34' stays text.
 */
export function parseCoordinateQuery(text: string): CoordinateQuery | null {
  const match = pairPattern.exec(text);
  if (!match) return null;
  let first = reading(match[1], match[2], match[3]);
  let second = reading(match[5], match[6], match[7]);
  if (!first || !second) return null;
  const separator = match[4];
  const lettered = first.hemisphere !== null || second.hemisphere !== null;
  if (separator !== ',' && separator !== ';' && !lettered && !(first.hasDecimals && second.hasDecimals))
    return null;
  if (isLongitudeLetter(first.hemisphere) || isLatitudeLetter(second.hemisphere)) {
    [first, second] = [second, first];
  }
  if (first.hemisphere !== null && !isLatitudeLetter(first.hemisphere)) return null;
  if (second.hemisphere !== null && !isLongitudeLetter(second.hemisphere)) return null;
  const latitude = signedValue(first);
  const longitude = signedValue(second);
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  if (Math.abs(latitude) > 90) return { kind: 'outOfRange', field: 'latitude', value: latitude };
  if (Math.abs(longitude) > 180) return { kind: 'outOfRange', field: 'longitude', value: longitude };
  // -0 would print as '0' anyway; normalised so equal points compare equal.
  return { kind: 'point', latitude: latitude + 0, longitude: longitude + 0 };
}

/** A point as text when no place name is known for it: '48.8566, 2.3522' (4 decimals, about 11 m). */
export function formatCoordinates(point: Coordinates): string {
  return `${point.latitude.toFixed(4)}, ${point.longitude.toFixed(4)}`;
}
