import type { Coordinates, GeocodeResult } from '@laundry/contracts';

/** What the asker tells besides the text: their country, or where they are (GET /api/geocode's country, near). */
export interface PlaceHints {
  /** ISO 3166 alpha-2, upper case. */
  country?: string;
  near?: Coordinates;
  /**
   * The country the asker's browser points to (its language's region, its time zone), ISO alpha-2: a
   * preference among places of the same name, never a filter, since a browser set to en-US travels too.
   */
  region?: string;
}

/** What GET /api/geocode/suggest answers: places as the text is typed, and close spellings when none is named so. */
export interface PlaceSuggestions {
  /** Up to 5 places whose name begins with the text (or the places of a postal code), best first. */
  suggestions: GeocodeResult[];
  /** Up to 5 places spelled a letter or two differently, when a search for the text finds no place. */
  didYouMean: GeocodeResult[];
}

/** Turning a place name, postal code or point into places; infra/geocoding implements it. */
export interface Geocoder {
  /** Up to 5 places, best first; throws GeocodeError (INVALID_QUERY, NO_RESULTS, RATE_LIMIT, NETWORK_ERROR). */
  search(query: string, hints?: PlaceHints): Promise<GeocodeResult[]>;
  /** The place at a point, or null when none is known (a reverse lookup that fails answers null). */
  reverse(latitude: number, longitude: number): Promise<GeocodeResult | null>;
  /** Suggestions while typing, always from the offline gazetteer. */
  suggest(query: string, hints?: PlaceHints): Promise<PlaceSuggestions>;
}
