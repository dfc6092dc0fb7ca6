import { haversineMeters, type Bounds, type Coordinates } from '@laundry/contracts';

export {
  EARTH_RADIUS_METERS,
  haversineMeters,
  isValidCoordinates,
  isValidLatitude,
  isValidLongitude,
  type Coordinates,
} from '@laundry/contracts';

/**
 * Map viewport bounds as the client reports them (docs/product.md, Pages: Map); east/west may lie outside
 * ±180 on a wrapped map.
 */
export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** A lon/lat rectangle that never crosses the antimeridian: west ≤ east, both within ±180. */
export interface Envelope {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Bounds are usable when all four numbers are finite and south ≤ north. Longitudes are not range-checked:
 * a map panned across the antimeridian reports them beyond ±180, and normalizeBounds folds them back.
 */
export function isValidBounds(bounds: Partial<MapBounds> | null | undefined): bounds is MapBounds {
  if (!bounds) return false;
  const { north, south, east, west } = bounds;
  const finite = [north, south, east, west].every((n) => typeof n === 'number' && Number.isFinite(n));
  return finite && (south as number) <= (north as number);
}

/** Folds a longitude into [-180, 180], keeping +180 as is. */
function wrapLongitude(longitude: number): number {
  if (longitude >= -180 && longitude <= 180) return longitude;
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

const clampLatitude = (latitude: number) => Math.max(-90, Math.min(90, latitude));

/**
 * One envelope, or two when the viewport crosses the antimeridian (west > east after folding):
 * [west, 180] and [-180, east]. A viewport 360° wide or wider covers every longitude.
 */
export function normalizeBounds(bounds: MapBounds): Envelope[] {
  const south = clampLatitude(Math.min(bounds.south, bounds.north));
  const north = clampLatitude(Math.max(bounds.south, bounds.north));
  if (bounds.east - bounds.west >= 360) return [{ west: -180, south, east: 180, north }];
  const west = wrapLongitude(bounds.west);
  const east = wrapLongitude(bounds.east);
  if (west <= east) return [{ west, south, east, north }];
  return [
    { west, south, east: 180, north },
    { west: -180, south, east, north },
  ];
}

export function envelopeContains(envelope: Envelope, point: Coordinates): boolean {
  return (
    point.latitude >= envelope.south &&
    point.latitude <= envelope.north &&
    point.longitude >= envelope.west &&
    point.longitude <= envelope.east
  );
}

/** Degrees of longitude a viewport covers, east of its west side (across the antimeridian when west > east). */
export function longitudeSpan(bounds: Bounds): number {
  return bounds.west <= bounds.east ? bounds.east - bounds.west : bounds.east + 360 - bounds.west;
}

/**
 * A radius around `from` that holds the whole viewport, in metres, or undefined when no corner-based
 * radius is sure to. While every longitude of the box lies within 90° of `from`'s, the point of the box
 * farthest from `from` is one of its corners (along a parallel the distance grows with the difference in
 * longitude; along the farthest meridian it has no maximum inside the latitudes). The radius is that
 * corner's distance with room for the database's slightly larger Earth radius and rounding.
 */
export function viewportRadiusMeters(bounds: Bounds, from: Coordinates): number | undefined {
  const span = longitudeSpan(bounds);
  const westOffset = wrapLongitude(bounds.west - from.longitude);
  if (westOffset < -90 || westOffset + span > 90) return undefined;
  const corners = [bounds.west, bounds.east].flatMap((longitude) =>
    [bounds.south, bounds.north].map((latitude) => haversineMeters(from, { latitude, longitude })),
  );
  return Math.max(...corners) * 1.001 + 1;
}
