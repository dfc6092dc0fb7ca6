import express, { type Express, type RequestHandler, type Router } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { pino, type Logger } from 'pino';
import type { JsonText } from '@laundry/contracts';
import { errorHandler, notFoundHandler } from './error-handler.ts';
import { internalIdentity } from '../auth/session.ts';
import { refuseNulBytes } from './nul-bytes.ts';

export type ReadinessCheck = () => Promise<boolean>;

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  internalSecret: string;
  bodyLimit?: string;
  /** Named dependencies checked by /ready (database, broker, cache). */
  readiness?: Record<string, ReadinessCheck>;
  routes: (router: Router) => void;
}

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
  req: (req: express.Request) => ({ id: req.id, method: req.method, url: req.originalUrl }),
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

/**
 * Sends JSON the service already holds as text: encoded once into one Buffer and written with its length,
 * where Express's send would check the charset, measure the text, then have it joined to the header block
 * and encoded again on the socket.
 */
export function sendJsonText<T>(res: ServerResponse, json: JsonText<T>, status = 200): void {
  const body = Buffer.from(json);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}

/** An answer to a signed-in request may hold that person's data: no shared or browser cache keeps it. */
const noStoreForSignedIn: RequestHandler = (req, res, next) => {
  if (req.user) res.setHeader('Cache-Control', 'no-store');
  next();
};

async function checkAll(checks: Record<string, ReadinessCheck>): Promise<Record<string, boolean>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => [name, await check().catch(() => false)] as const),
  );
  return Object.fromEntries(entries);
}

/** Every service's HTTP shape: logging, health, identity, JSON bodies, its routes, then the one error handler. */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Answers are computed per request (open status changes by the minute), so hashing each body for an ETag
  // only costs CPU; clients revalidate nothing here.
  app.set('etag', false);
  // The client's address comes signed from the gateway (req.clientAddress); X-Forwarded-For is not read here.
  app.set('trust proxy', false);
  app.get('/alive', (_req, res) => {
    res.json({ status: 'alive', service: options.name });
  });
  app.get('/ready', async (_req, res) => {
    const checks = await checkAll(options.readiness ?? {});
    const ready = Object.values(checks).every(Boolean);
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not ready', service: options.name, checks });
  });
  app.use(requestLogger(options.logger));
  app.use(internalIdentity(options.internalSecret));
  app.use(noStoreForSignedIn);
  app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));
  app.use(express.urlencoded({ extended: false, limit: options.bodyLimit ?? '100kb' }));
  app.use(refuseNulBytes);
  const router = express.Router();
  options.routes(router);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}

export interface HttpServer {
  start(port?: number, host?: string): Promise<number>;
  stop(): Promise<void>;
  readonly server: Server;
}

/**
 * A constructor that makes `base`'s objects with `prototype` as theirs, so Express's per-request
 * Object.setPrototypeOf is a no-op (expressjs/express#5998). Node's IncomingMessage and ServerResponse are
 * plain constructor functions, so `base` is called on the new object as Node's own subclasses do.
 * Why, and what it saves: docs/adr/0005-express-prototypes-at-birth.md.
 */
function bornWith<T extends new (...args: never[]) => object>(base: T, prototype: object): T {
  function Constructor(this: object, ...args: unknown[]): void {
    (base as unknown as (...args: unknown[]) => void).apply(this, args);
  }
  Constructor.prototype = prototype;
  return Constructor as unknown as T;
}

/** Nothing listens until start(); stop() lets in-flight requests finish, then closes idle keep-alive sockets. */
export function createHttpServer(handler: Express): HttpServer {
  const server = createServer(
    {
      IncomingMessage: bornWith<typeof IncomingMessage>(IncomingMessage, handler.request),
      ServerResponse: bornWith<typeof ServerResponse>(ServerResponse, handler.response),
    },
    handler,
  );
  server.keepAliveTimeout = 65_000;
  return {
    server,
    start: (port = 0, host = '0.0.0.0') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      }),
    stop: () =>
      new Promise((resolve, reject) => {
        if (!server.listening) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

/** Runs the stop functions once on SIGINT/SIGTERM, in order, then exits. */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', handle);
  process.once('SIGTERM', handle);
}
