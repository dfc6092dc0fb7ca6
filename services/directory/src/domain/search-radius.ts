import type { Bounds, GeocodeResult } from '@laundry/contracts';
import { haversineMeters } from './geo.ts';

/**
 * How far a search for a place reaches (issue 15: London with every filter offered a laundromat 497 km
 * away as 'near London'). The radius widens in these steps until enough laundromats lie within it.
 */
export const searchRadiusStepsMeters = [5_000, 10_000, 25_000, 50_000] as const;

/** Widening stops at the first step holding this many laundromats (or all there are within the widest). */
export const enoughNearby = 10;

/** With nothing within the widest step, this many of the nearest laundromats are offered, with distances. */
export const nearestBeyondCount = 10;

/** A place larger than the widest step (a region, a country) is searched to its corners, up to this far. */
const largestPlaceRadiusMeters = 1_000_000;

/** From the place's centre to the farthest corner of its extent. */
function extentRadiusMeters(place: GeocodeResult, box: Bounds): number {
  const corners = [box.west, box.east].flatMap((longitude) =>
    [box.south, box.north].map((latitude) => haversineMeters(place, { latitude, longitude })),
  );
  return Math.max(...corners);
}

/** The steps for a place: the fixed ones, then its own extent when that is larger (capped at 1,000 km). */
export function radiusStepsFor(place: GeocodeResult): number[] {
  const steps: number[] = [...searchRadiusStepsMeters];
  const widest = steps[steps.length - 1]!;
  if (place.boundingBox) {
    const extent = Math.min(
      largestPlaceRadiusMeters,
      Math.ceil(extentRadiusMeters(place, place.boundingBox)),
    );
    if (extent > widest) steps.push(extent);
  }
  return steps;
}

/**
 * The first step within which at least `enoughNearby` of the found laundromats lie, or all of them when
 * fewer were found. `distances` are the nearest matches within the widest step, in ascending order.
 */
export function chooseRadius(distances: readonly number[], steps: readonly number[]): number {
  const wanted = Math.min(enoughNearby, distances.length);
  const widest = steps[steps.length - 1]!;
  return steps.find((step) => distances.filter((d) => d <= step).length >= wanted) ?? widest;
}
