import { z } from 'zod';
import { maxLengths } from './constants/domain.ts';
import { geocodeErrorCodes } from './geocode-error-codes.ts';

/** The geocoder's answer (docs/product.md, Data): city falls back to town then village, state to province. */
export const geocodeResultSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  displayName: z.string(),
  country: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  /** Street and house number, when the geocoder knows the point that closely (Nominatim; never the gazetteer). */
  street: z.string().nullish(),
  /**
   * What the place is when it is not a city, town or postal code's place: a district of a city
   * ('Shibuya'), a landmark ('Eiffel Tower') or a station ('Gare du Nord'); city is then the city it is in.
   */
  kind: z.enum(['district', 'landmark', 'station']).optional(),
  boundingBox: z
    .object({ north: z.number(), south: z.number(), east: z.number(), west: z.number() })
    .optional(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

const NEAR_MESSAGE = 'near must be latitude,longitude in degrees, such as 48.85,2.35';

/** The hints a place search may carry besides its text (GET /api/geocode, /suggest, /api/laundromats/search). */
export const placeHintsShape = {
  /**
   * Optional: the asker's country (ISO 3166 alpha-2, 'FR'), used when the text names none, so '75001'
   * is Paris, not Addison, Texas.
   */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'country must be a two-letter ISO 3166 code, such as FR' })
    .transform((code) => code.toUpperCase())
    .optional(),
  /** Optional: where the asker is ('48.85,2.35'); a code found in several countries is answered nearest it. */
  near: z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?$/, { error: NEAR_MESSAGE })
    .transform((text) => {
      const [latitude, longitude] = text.split(',').map(Number) as [number, number];
      return { latitude, longitude };
    })
    .refine(({ latitude, longitude }) => Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180, {
      error: NEAR_MESSAGE,
    })
    .optional(),
  /**
   * Optional: the country the asker's browser points to (the region of its language, 'en-GB' → GB, or of
   * its time zone), ISO 3166 alpha-2. Unlike country, a preference among places of the same name or code,
   * never a filter: a browser set to en-US travels too.
   */
  region: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'region must be a two-letter ISO 3166 code, such as GB' })
    .transform((code) => code.toUpperCase())
    .optional(),
};

export const geocodeQuerySchema = z.object({
  q: z
    .string({ error: 'Query cannot be empty' })
    .trim()
    .min(1, { error: 'Query cannot be empty' })
    .max(maxLengths.searchQuery, { error: `Query must be at most ${maxLengths.searchQuery} characters` }),
  ...placeHintsShape,
});
export type GeocodeQuery = z.infer<typeof geocodeQuerySchema>;

/** GET /api/geocode/suggest takes what GET /api/geocode does: the text typed so far and the hints. */
export const geocodeSuggestQuerySchema = geocodeQuerySchema;
export type GeocodeSuggestQuery = z.infer<typeof geocodeSuggestQuerySchema>;

/**
 * GET /api/geocode/suggest answers up to 5 places whose name begins with the text (or a postal code's
 * places), best first, and, when a search for the text would find no place, up to 5 close spellings for
 * 'Did you mean …?'.
 */
export const geocodeSuggestResponseSchema = z.object({
  suggestions: z.array(geocodeResultSchema),
  didYouMean: z.array(geocodeResultSchema),
});
export type GeocodeSuggestResponse = z.infer<typeof geocodeSuggestResponseSchema>;

const queryNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );

export const reverseGeocodeQuerySchema = z.object({
  lat: queryNumber('lat must be a number between -90 and 90', -90, 90),
  lon: queryNumber('lon must be a number between -180 and 180', -180, 180),
});
export type ReverseGeocodeQuery = z.infer<typeof reverseGeocodeQuerySchema>;

/** GET /api/geocode answers up to 5 results, best first; the client uses the first. */
export const geocodeResponseSchema = z.object({ results: z.array(geocodeResultSchema) });
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;

/** GET /api/geocode/reverse answers null when the lookup fails (docs/product.md, API calls). */
export const reverseGeocodeResponseSchema = z.object({ result: geocodeResultSchema.nullable() });
export type ReverseGeocodeResponse = z.infer<typeof reverseGeocodeResponseSchema>;

export { geocodeErrorCodes } from './geocode-error-codes.ts';
export const geocodeErrorCodeSchema = z.enum(geocodeErrorCodes);
export type GeocodeErrorCode = z.infer<typeof geocodeErrorCodeSchema>;

/**
 * The messages, one per code (docs/product.md, Errors); NETWORK_ERROR has more readings in
 * geocodeNetworkErrorMessages.
 */
export const geocodeErrorMessages = {
  INVALID_QUERY: 'Query cannot be empty',
  RATE_LIMIT: 'Too many requests. Please wait a moment and try again.',
  NETWORK_ERROR: 'Network error. Please check your internet connection.',
  NO_RESULTS: 'Location not found. Try a different search term or be more specific.',
} as const satisfies Record<GeocodeErrorCode, string>;

export const geocodeNetworkErrorMessages = {
  serviceError: (statusText: string) => `Geocoding service error: ${statusText}`,
  fetchFailed: 'Network error. Please check your internet connection.',
  unexpected: 'An unexpected error occurred while geocoding.',
} as const;

export const geocodeErrorHttpStatus = {
  INVALID_QUERY: 400,
  RATE_LIMIT: 429,
  NETWORK_ERROR: 502,
  NO_RESULTS: 404,
} as const satisfies Record<GeocodeErrorCode, number>;
