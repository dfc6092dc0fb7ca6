import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';

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
