import { AppError } from '@laundry/platform/errors';
import {
  geocodeErrorHttpStatus,
  geocodeErrorMessages,
  geocodeNetworkErrorMessages,
  type GeocodeErrorCode,
} from '@laundry/contracts';

export type { GeocodeErrorCode };

/**
 * The messages (docs/product.md, Errors), from the contracts so the client and the server say the same thing.
 */
export const GEOCODE_MESSAGES = {
  invalidQuery: geocodeErrorMessages.INVALID_QUERY,
  noResults: geocodeErrorMessages.NO_RESULTS,
  rateLimit: geocodeErrorMessages.RATE_LIMIT,
  network: geocodeNetworkErrorMessages.fetchFailed,
  unexpected: geocodeNetworkErrorMessages.unexpected,
  serviceError: geocodeNetworkErrorMessages.serviceError,
} as const;

/** A geocoding failure; the central error handler answers it with its status and `{ code, message }`. */
export class GeocodeError extends AppError {
  override readonly name = 'GeocodeError';

  constructor(
    override readonly code: GeocodeErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(geocodeErrorHttpStatus[code], message, code);
    if (options?.cause !== undefined) this.cause = options.cause;
  }

  static invalidQuery(): GeocodeError {
    return new GeocodeError('INVALID_QUERY', GEOCODE_MESSAGES.invalidQuery);
  }

  static noResults(): GeocodeError {
    return new GeocodeError('NO_RESULTS', GEOCODE_MESSAGES.noResults);
  }
}
