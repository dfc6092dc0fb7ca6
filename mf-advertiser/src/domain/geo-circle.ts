import type { Polygon } from 'geojson';
import { EARTH_RADIUS_METERS, haversineMeters, targetingLimits, type Coordinates } from '@laundry/contracts';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The smallest radius the picker offers (100 m); the largest is the contract's 500 km. */
export const radiusLimits = { minKm: 0.1, maxKm: targetingLimits.maxRadiusKm, defaultKm: 10 } as const;

/**
 * The point `distanceKm` from `from` along the great circle that leaves it at `bearingDegrees` (0 north, 90
 * east), on a sphere of 6371 km (docs/product.md, Constants). Its longitude is not wrapped: a circle drawn
 * across the antimeridian stays one ring (179 → 181) rather than a stripe across the world.
 */
export function destinationPoint(from: Coordinates, distanceKm: number, bearingDegrees: number): Coordinates {
  const angular = (distanceKm * 1000) / EARTH_RADIUS_METERS;
  const bearing = toRadians(bearingDegrees);
  const lat1 = toRadians(from.latitude);
  const lon1 = toRadians(from.longitude);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
  );
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: toDegrees(lat2), longitude: toDegrees(lon2) };
}

/** Great-circle distance in km, the same haversine the ad service's PostGIS distance agrees with. */
export const distanceKm = (a: Coordinates, b: Coordinates) => haversineMeters(a, b) / 1000;

/**
 * The target area as a GeoJSON polygon: `steps` points at equal bearings, `radiusKm` from the centre, the
 * ring closed (first point repeated), counter-clockwise as RFC 7946 asks for an outer ring.
 */
export function circlePolygon(center: Coordinates, radiusKm: number, steps = 64): Polygon {
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i++) {
    // Counter-clockwise: bearings decreasing from north through west.
    const point = destinationPoint(center, radiusKm, 360 - (i * 360) / steps);
    ring.push([point.longitude, point.latitude]);
  }
  ring.push([...ring[0]!]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** Where the radius handle sits: due east of the centre, on the circle. */
export const radiusHandle = (center: Coordinates, radiusKm: number) => destinationPoint(center, radiusKm, 90);

/** A radius within the picker's limits, to 0.1 km (the contract keeps whatever number it is sent). */
export function clampRadius(km: number): number {
  if (!Number.isFinite(km)) return radiusLimits.defaultKm;
  const clamped = Math.min(radiusLimits.maxKm, Math.max(radiusLimits.minKm, km));
  return Math.round(clamped * 10) / 10;
}

/** The radius the handle gives when dragged to `handle`: its distance from the centre, clamped. */
export const radiusFromHandle = (center: Coordinates, handle: Coordinates) =>
  clampRadius(distanceKm(center, handle));

/** A coordinate as the form stores it: 6 decimals (about 0.1 m), longitude wrapped into -180…180. */
export function normalisePoint(point: Coordinates): Coordinates {
  const longitude = ((((point.longitude + 180) % 360) + 360) % 360) - 180;
  return {
    latitude: Math.round(Math.max(-90, Math.min(90, point.latitude)) * 1e6) / 1e6,
    longitude: Math.round(longitude * 1e6) / 1e6,
  };
}

/** The box around the circle, [[west, south], [east, north]], for the map to fit it in view. */
export function circleBounds(center: Coordinates, radiusKm: number): [[number, number], [number, number]] {
  const north = destinationPoint(center, radiusKm, 0).latitude;
  const south = destinationPoint(center, radiusKm, 180).latitude;
  const east = destinationPoint(center, radiusKm, 90).longitude;
  const west = destinationPoint(center, radiusKm, 270).longitude;
  return [
    [Math.min(west, east), Math.max(-90, south)],
    [Math.max(west, east), Math.min(90, north)],
  ];
}

/** The radius slider's positions: 0 to 1000 on a logarithmic scale from 1 km to the largest radius. */
export const sliderSteps = 1000;
const sliderMinKm = 1;

/**
 * The radius at a slider position: logarithmic, so the first half of the slider covers 1–22 km, where a
 * laundromat's customers are, and the second half the rest up to 500 km.
 */
export function radiusAtSlider(position: number): number {
  const fraction = Math.min(1, Math.max(0, position / sliderSteps));
  return clampRadius(sliderMinKm * (radiusLimits.maxKm / sliderMinKm) ** fraction);
}

/** The slider position that shows `radiusKm` (the inverse of radiusAtSlider). */
export function sliderAtRadius(radiusKm: number): number {
  const km = Math.min(radiusLimits.maxKm, Math.max(sliderMinKm, radiusKm));
  return Math.round((Math.log(km / sliderMinKm) / Math.log(radiusLimits.maxKm / sliderMinKm)) * sliderSteps);
}
