import type { GeocodeResult } from '@laundry/contracts';

/** Turning a place name, postal code or point into places; infra/geocoding implements it. */
export interface Geocoder {
  /** Up to 5 places, best first; throws GeocodeError (INVALID_QUERY, NO_RESULTS, RATE_LIMIT, NETWORK_ERROR). */
  search(query: string): Promise<GeocodeResult[]>;
  /** The place at a point, or null when none is known (spec §7: reverse failures return null). */
  reverse(latitude: number, longitude: number): Promise<GeocodeResult | null>;
}
