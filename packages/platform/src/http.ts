import express, { type Express, type RequestHandler, type Router } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { errorHandler, notFoundHandler } from './errors.ts';
import { internalIdentity } from './auth.ts';
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

/**
 * pino-http's request logging: an id per request (the caller's, or a new one) echoed in X-Request-Id, req.log
 * bound to the request, and one line per request at info. When info is off (LOG_LEVEL warn and up) that line
 * is never written, yet pino-http would still serialise every request into a child logger (headers, query,
 * redaction) in case something logs through req.log: about a quarter of the gateway's CPU per proxied
 * request. Then the id is set the same way and req.log is made on first use, the same child logger.
 */
export function requestLogger(logger: Logger): RequestHandler {
  const logRequests = pinoHttp({
    logger,
    genReqId: requestId,
    autoLogging: { ignore: (req) => req.url === '/alive' || req.url === '/ready' },
  });
  const requestLogs = logRequests.logger;
  return (req, res, next) => {
    if (requestLogs.isLevelEnabled('info')) return logRequests(req, res, next);
    req.id ??= requestId(req, res);
    let log: Logger | undefined;
    const descriptor = {
      get: () => (log ??= requestLogs.child({ req })),
      configurable: true,
      enumerable: true,
    };
    Object.defineProperty(req, 'log', descriptor);
    Object.defineProperty(res, 'log', descriptor);
    next();
  };
}

/**
 * Sends JSON the service already holds as text: encoded once into one Buffer and written with its length,
 * where Express's send would check the charset, measure the text, then have it joined to the header block
 * and encoded again on the socket.
 */
export function sendJsonText(res: ServerResponse, json: string, status = 200): void {
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
