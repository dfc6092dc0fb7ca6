import type { Request, RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pino, type Logger } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && incoming.length <= 100 ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

declare module 'http' {
  interface IncomingMessage {
    /** The request's id: the caller's X-Request-Id, or a new one. */
    id: string;
    /** A logger bound to this request (its id, method, url and headers), made on first use. */
    log: Logger;
  }
  interface ServerResponse {
    log: Logger;
  }
}

/** Set on a response whose line an outer requestLogger writes (the gateway, in the embedded mode). */
const lineWritten = Symbol('request line written');

const notLogged = (url: string) => url === '/alive' || url === '/ready';

/** The line per request holds what a person follows: the id, method, url, status and time, no headers. */
const requestLineSerializers = {
  req: (req: Request) => ({ id: req.id, method: req.method, url: req.originalUrl }),
  res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
};

function lineMessage(req: IncomingMessage, res: ServerResponse): string {
  if (req.readableAborted || !res.writableEnded) return 'request aborted';
  return res.statusCode >= 500 ? 'request errored' : 'request completed';
}

/**
 * Request logging: an id per request (the caller's, or a new one) echoed in X-Request-Id; req.log bound to
 * the request, made on first use, since serialising every request (headers, redaction) in case something
 * logs through it cost 12-25 % of the gateway's CPU per request (docs/adr/0012-search-request-path.md); and,
 * when info is on, one short line per request when its answer is done (nothing at all when info is off).
 */
export function requestLogger(logger: Logger): RequestHandler {
  const requestLogs = logger.child({}, { serializers: { req: pino.stdSerializers.req } });
  const lineLogs = logger.child({}, { serializers: requestLineSerializers });
  return (req, res, next) => {
    req.id ??= requestId(req, res);
    let log: Logger | undefined;
    const descriptor = {
      get: () => (log ??= requestLogs.child({ req })),
      configurable: true,
      enumerable: true,
    };
    Object.defineProperty(req, 'log', descriptor);
    Object.defineProperty(res, 'log', descriptor);
    // In the embedded mode the gateway hands this same request to the service's app: the gateway's line
    // already covers it (with the status the client got), so the service only binds req.log to its own name.
    if (lineWritten in res || !lineLogs.isLevelEnabled('info') || notLogged(req.url)) return next();
    Object.defineProperty(res, lineWritten, { value: true });
    const started = Date.now();
    const writeLine = () => {
      res.off('finish', writeLine);
      res.off('close', writeLine);
      lineLogs.info({ req, res, responseTime: Date.now() - started }, lineMessage(req, res));
    };
    res.on('finish', writeLine);
    res.on('close', writeLine);
    next();
  };
}
