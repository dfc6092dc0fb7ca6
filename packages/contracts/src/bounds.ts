import { z } from 'zod';

const lat = z.number({ error: 'Bounds latitudes must be numbers' }).min(-90).max(90);
const lng = z.number({ error: 'Bounds longitudes must be numbers' });

/** Wraps any longitude into [-180, 180]. */
export function wrapLongitude(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
}

/**
 * A map viewport. West may be greater than east: the box then crosses the antimeridian.
 * Longitudes outside [-180, 180] (a map panned across world copies) are wrapped; a box
 * 360° or wider becomes the whole world.
 */
export const boundsSchema = z
  .object(
    { north: lat, south: lat, east: lng, west: lng },
    { error: 'Bounds must have north, south, east and west' },
  )
  .refine((b) => b.north >= b.south, { error: 'Bounds north must not be below south', path: ['north'] })
  .transform((b) =>
    b.east - b.west >= 360
      ? { north: b.north, south: b.south, east: 180, west: -180 }
      : { north: b.north, south: b.south, east: wrapLongitude(b.east), west: wrapLongitude(b.west) },
  );
export type Bounds = z.output<typeof boundsSchema>;

/** True when the box crosses the antimeridian and a query has to be split in two. */
export function crossesAntimeridian(bounds: Bounds): boolean {
  return bounds.west > bounds.east;
}
