import type { Logger } from 'pino';
import { isValidLatitude, isValidLongitude } from '../../domain/geo.ts';
import type { Gazetteer } from './gazetteer.ts';
import { GeocodeError } from '../../domain/geocode-error.ts';
import type { Geocoder, PlaceHints } from '../../domain/geocoder.ts';
import type { GeocodeResult } from './geocode-result.ts';
import type { NominatimClient } from './nominatim.ts';

export type { Geocoder };

export interface GeocoderDeps {
  /** Present when NOMINATIM_URL is configured; asked first. */
  nominatim?: NominatimClient;
  gazetteer: Gazetteer;
  logger?: Logger;
}

/** Nominatim when configured, the offline gazetteer otherwise and whenever Nominatim cannot be reached. */
export function createGeocoder({ nominatim, gazetteer, logger }: GeocoderDeps): Geocoder {
  function searchOffline(query: string, hints?: PlaceHints): GeocodeResult[] {
    const results = gazetteer.search(query, hints);
    if (results.length === 0) throw GeocodeError.noResults();
    return results;
  }

  return {
    async search(query, hints) {
      const q = typeof query === 'string' ? query.trim() : '';
      if (!q) throw GeocodeError.invalidQuery();
      if (!nominatim) return searchOffline(q, hints);
      try {
        return await nominatim.search(q, hints);
      } catch (error) {
        if (!(error instanceof GeocodeError) || error.code !== 'NETWORK_ERROR') throw error;
        logger?.warn({ err: error }, 'Nominatim unavailable; answering from the offline gazetteer');
        return searchOffline(q, hints);
      }
    },

    // Suggestions come from the gazetteer even when Nominatim is configured: its usage policy forbids
    // searching as a person types, and a keystroke must not wait on the network.
    async suggest(query, hints) {
      return gazetteer.suggest(typeof query === 'string' ? query : '', hints);
    },

    async reverse(latitude, longitude) {
      if (!isValidLatitude(latitude) || !isValidLongitude(longitude)) return null;
      const online = nominatim ? await nominatim.reverse(latitude, longitude) : null;
      return online ?? gazetteer.reverse(latitude, longitude);
    },
  };
}
