import type { Logger } from 'pino';
import { isValidLatitude, isValidLongitude } from '../../domain/geo.ts';
import type { Gazetteer } from './gazetteer.ts';
import { GeocodeError } from './geocode-error.ts';
import type { GeocodeResult } from './geocode-result.ts';
import type { NominatimClient } from './nominatim.ts';

export interface Geocoder {
  /** Up to 5 places, best first; throws GeocodeError (INVALID_QUERY, NO_RESULTS, RATE_LIMIT, NETWORK_ERROR). */
  search(query: string): Promise<GeocodeResult[]>;
  /** The place at a point, or null when none is known (spec §7: reverse failures return null). */
  reverse(latitude: number, longitude: number): Promise<GeocodeResult | null>;
}

export interface GeocoderDeps {
  /** Present when NOMINATIM_URL is configured; asked first. */
  nominatim?: NominatimClient;
  gazetteer: Gazetteer;
  logger?: Logger;
}

/** Nominatim when configured, the offline gazetteer otherwise and whenever Nominatim cannot be reached. */
export function createGeocoder({ nominatim, gazetteer, logger }: GeocoderDeps): Geocoder {
  function searchOffline(query: string): GeocodeResult[] {
    const results = gazetteer.search(query);
    if (results.length === 0) throw GeocodeError.noResults();
    return results;
  }

  return {
    async search(query) {
      const q = typeof query === 'string' ? query.trim() : '';
      if (!q) throw GeocodeError.invalidQuery();
      if (!nominatim) return searchOffline(q);
      try {
        return await nominatim.search(q);
      } catch (error) {
        if (!(error instanceof GeocodeError) || error.code !== 'NETWORK_ERROR') throw error;
        logger?.warn({ err: error }, 'Nominatim unavailable; answering from the offline gazetteer');
        return searchOffline(q);
      }
    },

    async reverse(latitude, longitude) {
      if (!isValidLatitude(latitude) || !isValidLongitude(longitude)) return null;
      const online = nominatim ? await nominatim.reverse(latitude, longitude) : null;
      return online ?? gazetteer.reverse(latitude, longitude);
    },
  };
}
