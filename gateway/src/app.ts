import express, { type Express, type RequestHandler } from 'express';
import compression from 'compression';
import helmet from 'helmet';
import bytes from 'bytes';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  errorHandler,
  notFoundHandler,
  REQUEST_ID_HEADER,
  requestLogger,
  type ReadinessCheck,
} from '@laundry/platform/http';
import type { SessionRevocations } from '@laundry/platform/auth';
import { observeRequests } from '@laundry/platform/observability';
import { AD_NETWORK_SETTING_PATH } from '@laundry/contracts';
import type { GatewayConfig } from './config.ts';
import { crossOriginProtection } from './cross-origin-protection.ts';
import { forwardIdentity } from './identity-forwarding.ts';
import { rateLimits } from './rate-limits.ts';
import { isApiPath, serviceFor, serviceNames, type ServiceName } from './route-table.ts';
import { frontEnd } from './static-assets.ts';
import { BRAND_IMAGE_PATH, brandImage, linkPreviews } from './link-preview.ts';
import { unavailable, upstreamHandler, type Upstream } from './upstreams.ts';
import { notBuiltPage } from './not-built-page.ts';
import { apiDocs } from './api-docs.ts';
import { bodyLimit, targetLimit } from './body-limit.ts';
import { adNetworkOrigins, adNetworkSetting } from './ad-network.ts';
import { PERSONAL_DATA_EXPORT_PATH, personalDataExport } from './personal-data-export.ts';
import { urlVariable } from '../../services.ts';

export interface GatewayOptions {
  config: GatewayConfig;
  logger: Logger;
  upstreams: Partial<Record<ServiceName, Upstream>>;
  redis?: Redis;
  /** Signed-out sessions; without it a session stays valid until it expires. */
  revocations?: SessionRevocations;
  readiness?: Record<string, ReadinessCheck>;
  /**
   * The services run in this process (`npm start`): their embedded-only paths (the local mail outbox) are
   * routed too, except in production.
   */
  embedded?: boolean;
  /**
   * Each service's own address, where `upstreams` holds the services in-process (`npm start`): the export of
   * a person's data calls their internal routes over HTTP. By default IDENTITY_URL … of the settings.
   */
  serviceAddresses?: Partial<Record<ServiceName, string>>;
}

export function createGatewayApp({
  config,
  logger,
  upstreams,
  redis,
  revocations,
  readiness = {},
  embedded = false,
  serviceAddresses,
}: GatewayOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  // Request durations by route and status, and the trace's first span (docs/adr/0020). /metrics is not
  // here: each process serves it on METRICS_PORT, which nothing routes to.
  app.use(observeRequests('gateway'));

  app.get('/alive', (_req, res) => {
    res.json({ status: 'alive', service: 'gateway' });
  });
  app.get('/ready', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(readiness).map(
        async ([name, check]) => [name, await check().catch(() => false)] as const,
      ),
    );
    const checks = Object.fromEntries(entries);
    const ready = Object.values(checks).every(Boolean);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', service: 'gateway', checks });
  });

  // Read first: the security headers must allow the inline scripts of the prerendered pages it serves.
  const site = frontEnd(
    config.STATIC_ROOT,
    logger,
    linkPreviews(
      {
        directory: serviceAddresses?.directory ?? config.DIRECTORY_URL,
        photo: serviceAddresses?.photo ?? config.PHOTO_URL,
      },
      logger,
    ),
  );
  // The third-party ad network's script, and the frames it draws its ads in, come from its own origin.
  const adNetwork = adNetworkOrigins(config.AD_NETWORK_SCRIPT_URL);

  app.use(requestLogger(logger));
  app.use((req, _res, next) => {
    req.headers[REQUEST_ID_HEADER] = String(req.id);
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'", ...site.scriptHashes, ...adNetwork],
          'frame-src': ["'self'", ...adNetwork],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'connect-src': ["'self'", 'https:'],
          'worker-src': ["'self'", 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'upgrade-insecure-requests': config.HTTPS ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Only where the product is served over HTTPS: on http:// (the embedded mode opened from another
      // device on the LAN) they would send the browser to an https:// nobody answers.
      strictTransportSecurity: config.HTTPS,
    }),
  );
  // A live stream (Server-Sent Events) must reach the browser event by event: compressing it would hold
  // each event back in the compressor's window.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
        compression.filter(req, res),
    }),
  );
  app.use(targetLimit());
  app.use(
    bodyLimit(bytes.parse(config.BODY_LIMIT) ?? 102_400, bytes.parse(config.UPLOAD_BODY_LIMIT) ?? 12_582_912),
  );
  app.use((req, res, next) => (isApiPath(req.path) ? crossOriginProtection(req, res, next) : next()));
  app.use(forwardIdentity(config.SESSION_SECRET, config.INTERNAL_SECRET, revocations, logger));
  app.use(
    rateLimits(
      [
        {
          name: 'api',
          pointsPerMinute: config.RATE_LIMIT_PER_MINUTE,
          applies: (_m, path) => isApiPath(path),
        },
        {
          name: 'write',
          pointsPerMinute: config.WRITE_RATE_LIMIT_PER_MINUTE,
          applies: (method, path) => isApiPath(path) && !['GET', 'HEAD', 'OPTIONS'].includes(method),
        },
        {
          name: 'geocode',
          pointsPerMinute: config.GEOCODE_RATE_LIMIT_PER_MINUTE,
          applies: (_m, path) =>
            path.startsWith('/api/geocode') || path.startsWith('/api/laundromats/search'),
        },
      ],
      redis,
      config.BUS_NAMESPACE,
    ),
  );

  app.use(apiDocs());
  app.get(AD_NETWORK_SETTING_PATH, adNetworkSetting(config.AD_NETWORK_SCRIPT_URL));
  app.get(
    PERSONAL_DATA_EXPORT_PATH,
    // It takes no body, but one it cannot read is refused as every service refuses it (the same parsers).
    express.json({ limit: '1kb' }),
    express.urlencoded({ extended: false, limit: '1kb' }),
    personalDataExport({
      internalSecret: config.INTERNAL_SECRET,
      addresses:
        serviceAddresses ?? Object.fromEntries(serviceNames.map((name) => [name, config[urlVariable(name)]])),
      logger,
    }),
  );
  const handlers = new Map<ServiceName, RequestHandler>();
  for (const name of serviceNames) {
    const upstream = upstreams[name];
    handlers.set(name, upstream ? upstreamHandler(name, upstream, logger) : unavailable(name));
  }
  const routing = { embedded: embedded && config.NODE_ENV !== 'production' };
  app.use((req, res, next) => {
    const service = serviceFor(req.path, routing);
    if (!service) return next();
    // The metric's route for a forwarded request: the service's own route where it runs in this process.
    res.locals.route = `upstream:${service}`;
    handlers.get(service)!(req, res, next);
  });

  app.get(BRAND_IMAGE_PATH, brandImage());
  // Metrics are each process's own, on METRICS_PORT: not a page of the site (its fallback would answer 200).
  app.use('/metrics', notFoundHandler);
  app.use((_req, res, next) => {
    res.locals.route = 'front-end';
    next();
  });
  app.use(site.router);
  if (!site.built) {
    app.get('/', (_req, res) => {
      res.type('html').send(notBuiltPage());
    });
  }
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}
