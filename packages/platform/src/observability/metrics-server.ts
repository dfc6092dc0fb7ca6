import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { metricsRegistry } from './metrics.ts';

/** Where a process serves /metrics when METRICS_PORT does not say: the OpenTelemetry Prometheus default. */
export const DEFAULT_METRICS_PORT = 9464;

/**
 * METRICS_PORT as a port number; `off` (or `false`) serves no metrics. An invalid value stops the start with
 * a message rather than listening somewhere unexpected.
 */
export function metricsPort(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const setting = env.METRICS_PORT?.trim();
  if (setting === undefined || setting === '') return DEFAULT_METRICS_PORT;
  if (setting === 'off' || setting === 'false') return undefined;
  const port = Number(setting);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`METRICS_PORT must be a port number (or off), not "${setting}"`);
  }
  return port;
}

export interface MetricsServer {
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * GET /metrics in Prometheus's text format on a port of its own, apart from the API: the gateway never routes
 * to it, and in a cluster only the scraper reaches it. Anything else is a 404. A port already taken (a second
 * stack on one machine) is logged and the process runs on without metrics: they never stop the product.
 */
export async function startMetricsServer(options: {
  port: number;
  host?: string;
  logger?: Logger;
}): Promise<MetricsServer | undefined> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metricsRegistry.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        options.logger?.error({ err }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
      },
    );
  });
  const listening = await new Promise<boolean>((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return reject(error);
      options.logger?.error({ port: options.port }, 'metrics not served: METRICS_PORT is in use');
      resolve(false);
    };
    server.once('error', refused);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', refused);
      resolve(true);
    });
  });
  if (!listening) return undefined;
  const port = (server.address() as AddressInfo).port;
  options.logger?.debug({ port }, `metrics at http://localhost:${port}/metrics`);
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
