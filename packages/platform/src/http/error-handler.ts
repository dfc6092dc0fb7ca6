import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from 'pino';
import { formatZodError, ServiceUnavailableError } from '@laundry/contracts';
import { AppError, type ApiErrorBody } from '../errors/app-error.ts';

/** An error from Express's body parsers or raw-body (http-errors): a status, and a type naming the cause. */
interface HttpError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** What a person is told for each body-parser failure; the parsers' own messages are for developers. */
const bodyParserMessages: Record<string, { message: string; code: string }> = {
  'entity.parse.failed': { message: 'The request body is not valid JSON.', code: 'MALFORMED_JSON' },
  'entity.too.large': { message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' },
  'encoding.unsupported': { message: 'Unsupported request encoding.', code: 'UNSUPPORTED_ENCODING' },
  'charset.unsupported': { message: 'Unsupported request encoding.', code: 'UNSUPPORTED_ENCODING' },
  'parameters.too.many': { message: 'The form has too many fields.', code: 'TOO_MANY_PARAMETERS' },
  'querystring.parse.rangeError': { message: 'The form is nested too deeply.', code: 'MALFORMED_FORM' },
  'request.size.invalid': {
    message: 'The request body does not match its announced length.',
    code: 'MALFORMED_BODY',
  },
  'request.aborted': { message: 'The request was aborted.', code: 'REQUEST_ABORTED' },
};

const statusMessages: Record<number, string> = {
  400: 'The request could not be read.',
  413: 'The request body is too large.',
  415: 'Unsupported request encoding.',
};

/**
 * A 4xx raised below our code (a body parser, a broken gzip body) keeps its status: it is the client's
 * mistake. Only the status and a fixed message go out; the library's own text may name internals.
 */
function clientHttpError(error: HttpError): { status: number; body: ApiErrorBody } | undefined {
  const status = error.status;
  if (typeof status !== 'number' || status < 400 || status > 499 || error.expose === false) return undefined;
  const known = error.type ? bodyParserMessages[error.type] : undefined;
  if (known) return { status, body: { message: known.message, code: known.code } };
  return { status, body: { message: statusMessages[status] ?? 'The request could not be processed.' } };
}

export function toErrorResponse(error: unknown): { status: number; body: ApiErrorBody } | undefined {
  if (error instanceof ZodError) return { status: 400, body: formatZodError(error) };
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { message: error.message, code: error.code, errors: error.details },
    };
  }
  if (error instanceof ServiceUnavailableError) {
    return { status: error.status, body: { message: error.message, code: error.code } };
  }
  if (error instanceof Error) return clientHttpError(error);
  return undefined;
}

/** The client left before its body arrived: nobody is waiting for an answer and nothing went wrong here. */
const isClientAbort = (error: unknown, req: Request) =>
  (error as HttpError | undefined)?.type === 'request.aborted' ||
  ((error as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET' && req.socket.destroyed);

/** The one error handler: known errors keep their status, anything else is logged and answered 500 without internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const log = req.log ?? logger;
    if (isClientAbort(error, req)) {
      log.debug({ reqId: req.id }, 'client aborted the request');
      if (!res.headersSent && !res.destroyed) res.status(400).json(toErrorResponse(error)?.body);
      return;
    }
    const known = toErrorResponse(error);
    if (known) {
      if (res.headersSent) return void res.destroy();
      res.status(known.status).json(known.body);
      return;
    }
    log.error({ err: error, reqId: req.id }, 'unhandled error');
    if (!res.headersSent)
      res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
    else res.destroy();
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
};
