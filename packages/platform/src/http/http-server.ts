import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
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

/** Nothing listens until start(); stop() lets in-flight requests finish, closing each connection once answered. */
export function createHttpServer(handler: Express): HttpServer {
  const server = createServer(
    {
      IncomingMessage: bornWith<typeof IncomingMessage>(IncomingMessage, handler.request),
      ServerResponse: bornWith<typeof ServerResponse>(ServerResponse, handler.response),
    },
    handler,
  );
  server.keepAliveTimeout = 65_000;
  // Each connection with the answers it is still sending, so stop() can close every connection as soon as
  // it has nothing left to send (below).
  const connections = new Map<Socket, Set<ServerResponse>>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, new Set());
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const sending = connections.get(req.socket);
    sending?.add(res);
    res.once('finish', () => {
      sending?.delete(res);
      if (!server.listening && sending?.size === 0) req.socket.destroy();
    });
  });
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
        // Node closes idle keep-alive connections here, but one busy with a request stayed open until its
        // keep-alive ran out (65 s), and one answered before its body was read (a 413 to a chunked upload)
        // until Node's next check 30 s later: close every connection once its answers are sent.
        for (const [socket, sending] of connections) if (sending.size === 0) socket.destroy();
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
