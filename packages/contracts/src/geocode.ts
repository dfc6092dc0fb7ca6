import { z } from 'zod';
import { maxLengths } from './constants/domain.ts';
import { geocodeErrorCodes } from './geocode-error-codes.ts';

/** The geocoder's answer (spec §3): city falls back to town then village, state to province. */
export const geocodeResultSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  displayName: z.string(),
  country: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  /** Street and house number, when the geocoder knows the point that closely (Nominatim; never the gazetteer). */
  street: z.string().nullish(),
  boundingBox: z
    .object({ north: z.number(), south: z.number(), east: z.number(), west: z.number() })
    .optional(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

export const geocodeQuerySchema = z.object({
  q: z
    .string({ error: 'Query cannot be empty' })
    .trim()
    .min(1, { error: 'Query cannot be empty' })
    .max(maxLengths.searchQuery, { error: `Query must be at most ${maxLengths.searchQuery} characters` }),
});
export type GeocodeQuery = z.infer<typeof geocodeQuerySchema>;

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

/** GET /api/geocode/reverse answers null when the lookup fails (spec §7). */
export const reverseGeocodeResponseSchema = z.object({ result: geocodeResultSchema.nullable() });
export type ReverseGeocodeResponse = z.infer<typeof reverseGeocodeResponseSchema>;

export { geocodeErrorCodes } from './geocode-error-codes.ts';
export const geocodeErrorCodeSchema = z.enum(geocodeErrorCodes);
export type GeocodeErrorCode = z.infer<typeof geocodeErrorCodeSchema>;

/** Spec §8 messages, one per code; NETWORK_ERROR has more readings in geocodeNetworkErrorMessages. */
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
