/**
 * The error every API call answers with (`{message, code?, errors?: [{path, message}]}`), read into one
 * error object. Its message keeps the form 'status: body' (docs/product.md, Errors), so a 401 reads '401:
 * {"message": "Unauthorized"…}' as the sign-out rule expects (docs/product.md, Roles).
 */
export interface ApiErrorBody {
  message: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

function parseBody(text: string): ApiErrorBody | null {
  try {
    const body = JSON.parse(text) as unknown;
    if (body === null || typeof body !== 'object') return null;
    const { message, code, errors } = body as Record<string, unknown>;
    if (typeof message !== 'string') return null;
    const fieldErrors = Array.isArray(errors)
      ? errors.filter(
          (item): item is { path: string; message: string } =>
            item !== null &&
            typeof item === 'object' &&
            typeof (item as { path?: unknown }).path === 'string' &&
            typeof (item as { message?: unknown }).message === 'string',
        )
      : undefined;
    return {
      message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(fieldErrors ? { errors: fieldErrors } : {}),
    };
  } catch {
    return null;
  }
}

export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, bodyText: string, statusText = '') {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = parseBody(bodyText);
  }

  /** The server's own message, or null when it sent none (then the page says 'Please try again later'). */
  get serverMessage(): string | null {
    const message = this.body?.message.trim();
    return message ? message : null;
  }

  /** Each field the server refused, by its path ('title', 'targetCities.2'); the first message per path. */
  get fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const { path, message } of this.body?.errors ?? []) errors[path] ??= message;
    return errors;
  }
}

export const statusOf = (error: unknown): number | null =>
  error instanceof ApiRequestError ? error.status : null;

/**
 * docs/product.md, Roles: an error whose message starts '401: ' and contains 'Unauthorized'; any 401 answer
 * counts too.
 */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status === 401) return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.startsWith('401: ') && message.includes('Unauthorized');
}

/** The server's message of a failed call, else null (a network failure, an empty answer). */
export function serverMessageOf(error: unknown): string | null {
  return error instanceof ApiRequestError ? error.serverMessage : null;
}

/**
 * An endpoint another part of the product has not built yet answers 404 (or the gateway's 502/503 while
 * its service is a skeleton): the page shows that the figure is not available rather than a made-up zero.
 */
export function isNotAvailable(error: unknown): boolean {
  const status = statusOf(error);
  return status === 404 || status === 501 || status === 502 || status === 503;
}
