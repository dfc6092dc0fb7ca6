import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from 'pino';
import { formatZodError, type ApiError } from '@laundry/contracts';

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

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

export function toErrorResponse(error: unknown): { status: number; body: ApiErrorBody } | undefined {
  if (error instanceof ZodError) return { status: 400, body: formatZodError(error) };
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { message: error.message, code: error.code, errors: error.details },
    };
  }
  const parserError = error as BodyParserError;
  if (parserError.type === 'entity.parse.failed') {
    return { status: 400, body: { message: 'The request body is not valid JSON.', code: 'MALFORMED_JSON' } };
  }
  if (parserError.type === 'entity.too.large') {
    return { status: 413, body: { message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' } };
  }
  if (parserError.type === 'encoding.unsupported' || parserError.type === 'charset.unsupported') {
    return { status: 415, body: { message: 'Unsupported request encoding.', code: 'UNSUPPORTED_ENCODING' } };
  }
  return undefined;
}

/** The one error handler: known errors keep their status, anything else is logged and answered 500 without internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = toErrorResponse(error);
    if (known) {
      res.status(known.status).json(known.body);
      return;
    }
    (req.log ?? logger).error({ err: error, reqId: req.id }, 'unhandled error');
    if (!res.headersSent)
      res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
};
