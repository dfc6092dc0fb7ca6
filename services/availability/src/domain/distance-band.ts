import {
  availabilityLimits as L,
  haversineMeters,
  type Coordinates,
  type DistanceBand,
} from '@laundry/contracts';

/**
 * How far the reporter stood from the laundromat, as a band: within 250 m, at an accuracy no coarser than
 * 250 m, is on site; a position too vague to tell is 'near' at best. Only the band is kept, never the position.
 */
export function distanceBand(
  position: (Coordinates & { accuracyMeters: number }) | undefined,
  laundromat: Coordinates,
): DistanceBand {
  if (!position) return 'unknown';
  const meters = haversineMeters(position, laundromat);
  if (meters <= L.onSiteMeters && position.accuracyMeters <= L.onSiteMeters) return 'on-site';
  // The far edge of the accuracy circle, so a vague fix is never counted closer than it may be.
  return meters <= L.nearMeters ? 'near' : 'far';
}
