import http from 'node:http';
import type { Express, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { AppError } from '@laundry/platform';
import type { ServiceName } from './route-table.ts';

/** A service mounted in-process (embedded mode) or reached over HTTP (distributed mode). */
export type Upstream = Express | string;

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function upstreamHandler(service: ServiceName, upstream: Upstream, logger: Logger): RequestHandler {
  if (typeof upstream !== 'string') {
    return (req, res, next) => upstream(req, res, next);
  }
  return createProxyMiddleware({
    target: upstream,
    agent: keepAlive,
    xfwd: true,
    proxyTimeout: 30_000,
    on: {
      // What a service runs on is nobody's business outside; the gateway's own answers never say it either.
      proxyRes: (proxyRes) => {
        delete proxyRes.headers['x-powered-by'];
      },
      error: (error, _req, res) => {
        logger.warn({ err: error, service }, 'upstream failed');
        const response = res as http.ServerResponse;
        if ('headersSent' in response && !response.headersSent) {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ message: `The ${service} service is not answering. Please try again.` }),
          );
        }
      },
    },
  });
}

export function unavailable(service: ServiceName): RequestHandler {
  return (_req, _res, next) =>
    next(
      new AppError(503, `The ${service} service is not available in this deployment.`, 'SERVICE_UNAVAILABLE'),
    );
}
