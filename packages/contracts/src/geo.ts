import { distances } from './constants/domain.ts';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Earth radius used for every distance in the product (docs/product.md, Constants). */
export const EARTH_RADIUS_METERS = distances.earthRadiusKm * 1000;

export function isValidLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isValidLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;
}

export function isValidCoordinates(point: Partial<Coordinates> | null | undefined): point is Coordinates {
  return !!point && isValidLatitude(point.latitude) && isValidLongitude(point.longitude);
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine), the same on the server and in the browser. */
export function haversineMeters(a: Coordinates, b: Coordinates): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}
