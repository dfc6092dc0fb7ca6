import type { ApiError } from '@laundry/contracts';

export type ApiErrorBody = ApiError;

/** A failure the caller can act on; carries the HTTP status it maps to. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: ApiErrorBody['errors'],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'Forbidden') => new AppError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found') => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
export const tooManyRequests = (message = 'Too many requests. Please wait a moment and try again.') =>
  new AppError(429, message, 'RATE_LIMIT');
