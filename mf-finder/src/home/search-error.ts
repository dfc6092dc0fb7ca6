import { isOfflineError } from '../domain/api-errors.ts';
import {
  geocodeFailureFromResponse,
  geocodeFailureFromThrown,
  type GeocodeFailure,
} from '../domain/geocode-errors.ts';
import { coordinateFailureFromBody } from '../domain/coordinate-search.ts';

/** A failed search answer '{status}: {body}' read as a geocoding failure (docs/product.md, Errors). */
export function geocodeFailureFromSearchError(error: Error | null): GeocodeFailure | null {
  // Offline is not a failed lookup: the results list says a search needs a connection.
  if (!error || isOfflineError(error)) return null;
  const match = /^(\d{3}): (.*)$/s.exec(error.message);
  if (!match?.[1]) return geocodeFailureFromThrown(error);
  const status = Number(match[1]);
  let body: unknown = null;
  try {
    body = JSON.parse(match[2] ?? '');
  } catch {
    body = null;
  }
  return (
    coordinateFailureFromBody(body) ?? geocodeFailureFromResponse({ ok: false, status, statusText: '' }, body)
  );
}
