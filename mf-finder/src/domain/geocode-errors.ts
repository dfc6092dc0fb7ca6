import { geocodeErrorCodes } from '@laundry/contracts';
import type { GeocodeErrorCode } from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';
import type { ResponseLike } from './response-like.ts';

/** English texts are geocodeErrorMessages / geocodeNetworkErrorMessages of @laundry/contracts. */
export const geocodeErrorKeys = {
  invalidQuery: 'finder:messages.geocoding.invalidQuery',
  rateLimit: 'finder:messages.geocoding.rateLimit',
  serviceError: 'finder:messages.geocoding.serviceError',
  noResults: 'finder:messages.geocoding.noResults',
  networkError: 'finder:messages.geocoding.networkError',
  unexpected: 'finder:messages.geocoding.unexpected',
} as const;

export interface GeocodeFailure {
  code: GeocodeErrorCode;
  message: I18nText;
}

const failure = (code: GeocodeErrorCode, key: string, values?: I18nText['values']): GeocodeFailure => ({
  code,
  message: values ? { key, values } : { key },
});

export const invalidQueryFailure = () => failure('INVALID_QUERY', geocodeErrorKeys.invalidQuery);
export const noResultsFailure = () => failure('NO_RESULTS', geocodeErrorKeys.noResults);

/**
 * INVALID_QUERY when the query is empty after trimming (docs/product.md, Validation); null when it may be
 * sent.
 */
export function checkGeocodeQuery(query: string): GeocodeFailure | null {
  return query.trim() === '' ? invalidQueryFailure() : null;
}

function bodyCode(body: unknown): GeocodeErrorCode | null {
  if (body === null || typeof body !== 'object' || !('code' in body)) return null;
  const code = (body as { code: unknown }).code;
  return geocodeErrorCodes.find((c) => c === code) ?? null;
}

/**
 * A failed geocode answer (docs/product.md, Errors). Our API names the code in its JSON body; without one,
 * 429 is RATE_LIMIT and every other non-OK status is NETWORK_ERROR 'Geocoding service error: {status text}'.
 */
export function geocodeFailureFromResponse(response: ResponseLike, body?: unknown): GeocodeFailure | null {
  if (response.ok) return null;
  const serviceError = () =>
    failure('NETWORK_ERROR', geocodeErrorKeys.serviceError, {
      status: response.statusText || String(response.status),
    });
  switch (bodyCode(body)) {
    case 'INVALID_QUERY':
      return invalidQueryFailure();
    case 'NO_RESULTS':
      return noResultsFailure();
    case 'RATE_LIMIT':
      return failure('RATE_LIMIT', geocodeErrorKeys.rateLimit);
    case 'NETWORK_ERROR':
      return serviceError();
    case null:
      return response.status === 429 ? failure('RATE_LIMIT', geocodeErrorKeys.rateLimit) : serviceError();
  }
}

/** NO_RESULTS for an OK answer with nothing in it. */
export function geocodeFailureFromResults(results: readonly unknown[]): GeocodeFailure | null {
  return results.length === 0 ? noResultsFailure() : null;
}

export function isGeocodeFailure(value: unknown): value is GeocodeFailure {
  if (value === null || typeof value !== 'object') return false;
  const { code, message } = value as Partial<GeocodeFailure>;
  return geocodeErrorCodes.some((c) => c === code) && typeof message?.key === 'string';
}

/**
 * What a thrown value means: a GeocodeFailure passes through; fetch rejects with a TypeError when the network
 * fails ('Network error. Please check your internet connection.'); anything else is the unexpected error.
 */
export function geocodeFailureFromThrown(error: unknown): GeocodeFailure {
  if (isGeocodeFailure(error)) return error;
  if (error instanceof TypeError) return failure('NETWORK_ERROR', geocodeErrorKeys.networkError);
  return failure('NETWORK_ERROR', geocodeErrorKeys.unexpected);
}
