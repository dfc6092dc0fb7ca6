import type { I18nText } from '@laundry/ui';

/** A refused or failed admin call: its status (0 when the server was not reached) and the server's message. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(`${status}: ${serverMessage ?? ''}`);
    this.name = 'AdminApiError';
  }
}

export const errorKeys = {
  network: 'errors.network',
  signedOut: 'errors.signedOut',
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  conflict: 'errors.conflict',
  invalid: 'errors.invalid',
  unavailable: 'errors.unavailable',
  generic: 'errors.generic',
} as const;

/** What a failed call means for an admin, as a message key of the admin namespace. */
export function errorText(error: unknown): I18nText {
  if (!(error instanceof AdminApiError)) return { key: errorKeys.network };
  switch (error.status) {
    case 0:
      return { key: errorKeys.network };
    case 401:
      return { key: errorKeys.signedOut };
    case 403:
      return { key: errorKeys.forbidden };
    case 404:
      return { key: errorKeys.notFound };
    case 409:
      return { key: errorKeys.conflict };
    case 400:
      return { key: errorKeys.invalid };
    case 502:
    case 503:
    case 504:
      return { key: errorKeys.unavailable };
    default:
      return { key: errorKeys.generic };
  }
}

/**
 * The server's own words, shown under the translated message where they say what to fix (a 400's field, a
 * 409's state); other answers' messages are for developers.
 */
export function errorDetail(error: unknown): string | null {
  if (!(error instanceof AdminApiError)) return null;
  return error.status === 400 || error.status === 409 ? error.serverMessage : null;
}

export const isSignedOutError = (error: unknown) => error instanceof AdminApiError && error.status === 401;
