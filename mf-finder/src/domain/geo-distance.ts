import { haversineMeters, isValidCoordinates, type Coordinates } from '@laundry/contracts';

export { isValidCoordinates, type Coordinates };

/** Distance in metres between two points the UI may not have; null when either is missing or invalid. */
export function distanceMeters(
  a: Partial<Coordinates> | null | undefined,
  b: Partial<Coordinates> | null | undefined,
): number | null {
  return isValidCoordinates(a) && isValidCoordinates(b) ? haversineMeters(a, b) : null;
}
