import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import { errorHandler, notFoundHandler } from './error-handler.ts';
import { internalIdentity } from '../auth/internal-identity.ts';
import { refuseNulBytes } from './nul-bytes.ts';
import { requestLogger } from './request-logger.ts';
import { observeRequests } from '../observability/observe-requests.ts';

export type ReadinessCheck = () => Promise<boolean>;

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  internalSecret: string;
  bodyLimit?: string;
  /** Named dependencies checked by /ready (database, broker, cache). */
  readiness?: Record<string, ReadinessCheck>;
  /**
   * Paths whose body reaches the route as it came, a Buffer, never parsed: a webhook whose signature is over
   * the exact bytes the sender signed.
   */
  rawBodyPaths?: string[];
  routes: (router: Router) => void;
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
  // First, so the span and the duration cover everything after it.
  app.use(observeRequests(options.name));
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
  for (const path of options.rawBodyPaths ?? []) {
    // A body read here is finished, so the JSON and form parsers below leave it alone.
    app.use(path, express.raw({ type: () => true, limit: options.bodyLimit ?? '100kb' }));
  }
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
