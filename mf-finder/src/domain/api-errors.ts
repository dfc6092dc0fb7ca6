import { timing } from '@laundry/contracts';
import type { ResponseLike } from './response-like.ts';

/**
 * Headers the service worker sets: the first on a 503 it answers for a request it could not serve from the
 * cache (its JSON body then carries the message to show), the second on a response it served from the cache.
 */
export const offlineFallbackHeader = 'X-Offline-Fallback';
export const offlineDataHeader = 'X-Offline-Data';

export const offlineNoCachedDataKey = 'finder:messages.offline.noCache';

/**
 * The offline error (docs/product.md, Errors): type and timestamp, with the server's message or the fallback
 * key.
 */
export class OfflineError extends Error {
  readonly type = 'offline';
  readonly timestamp: number;
  readonly serverMessage: string | null;
  readonly messageKey = offlineNoCachedDataKey;

  constructor(timestamp: number, serverMessage: string | null) {
    // English fallback for logs only; the UI shows serverMessage or t(messageKey).
    super(serverMessage ?? 'Offline - no cached data available');
    this.name = 'OfflineError';
    this.timestamp = timestamp;
    this.serverMessage = serverMessage;
  }
}

export function isOfflineError(error: unknown): error is OfflineError {
  return error instanceof OfflineError;
}

export type ResponseReading =
  | { kind: 'ok'; offlineData: boolean }
  | { kind: 'offline'; error: OfflineError }
  | { kind: 'error'; error: Error };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isTruthyHeader(response: ResponseLike, name: string): boolean {
  const value = response.headers?.get(name);
  return value !== null && value !== undefined && value !== '' && value.toLowerCase() !== 'false';
}

/**
 * docs/product.md, Errors: non-OK other than 503 is an error 'status: body' (status text when the body is
 * empty); a 503 whose JSON body is flagged offline is an OfflineError; any other 503 is not an error. A
 * header marking offline data flags the result.
 */
export function readResponse(response: ResponseLike, bodyText: string, now: number): ResponseReading {
  const offlineData = isTruthyHeader(response, offlineDataHeader);
  if (response.status === 503) {
    const body = parseJson(bodyText);
    if (body !== null && typeof body === 'object' && (body as { offline?: unknown }).offline === true) {
      const { message, timestamp } = body as { message?: unknown; timestamp?: unknown };
      const serverMessage =
        isTruthyHeader(response, offlineFallbackHeader) && typeof message === 'string' && message !== ''
          ? message
          : null;
      return {
        kind: 'offline',
        error: new OfflineError(typeof timestamp === 'number' ? timestamp : now, serverMessage),
      };
    }
    return { kind: 'ok', offlineData };
  }
  if (!response.ok) {
    return { kind: 'error', error: new Error(`${response.status}: ${bodyText || response.statusText}`) };
  }
  return { kind: 'ok', offlineData };
}

/** docs/product.md, Roles: a message starting '401: ' and containing 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.startsWith('401: ') && message.includes('Unauthorized');
}

/** The list and search queries retry up to 3 times, never an offline error (docs/product.md, API calls). */
export function shouldRetryLaundromatQuery(failureCount: number, error: unknown): boolean {
  return !isOfflineError(error) && failureCount < timing.queryRetries;
}
