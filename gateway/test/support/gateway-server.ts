import { randomBytes } from 'node:crypto';
import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import { loadConfig } from '@laundry/platform/config';
import { createLogger } from '@laundry/platform/logging';
import { createHttpServer, type ReadinessCheck } from '@laundry/platform/http';
import {
  createGatewayApp,
  gatewayConfigSchema,
  type GatewayConfig,
  type ServiceName,
} from '../../src/index.ts';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

async function listen(app: Express): Promise<RunningServer> {
  const server = createHttpServer(app);
  const port = await server.start(0, '127.0.0.1');
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => server.stop() };
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface EchoUpstream extends RunningServer {
  /** Every request that reached the stand-in, in order. */
  received: ReceivedRequest[];
}

/**
 * A stand-in upstream that answers every request with what it received, for behaviour that belongs to the
 * gateway alone (which headers it forwards, whether a request got through at all).
 */
export async function startEchoUpstream(): Promise<EchoUpstream> {
  const received: ReceivedRequest[] = [];
  const app = express();
  app.use((req, res) => {
    const request = { method: req.method, url: req.originalUrl, headers: { ...req.headers } };
    received.push(request);
    res.json(request);
  });
  return { ...(await listen(app)), received };
}

export interface GatewayServer extends RunningServer {
  config: GatewayConfig;
}

export interface GatewayServerOptions {
  env?: Record<string, string>;
  upstreams?: Partial<Record<ServiceName, string>>;
  redis?: Redis;
  readiness?: Record<string, ReadinessCheck>;
  /** As `npm start` runs it: the services in its process. */
  embedded?: boolean;
}

/** The gateway in-process on a free port, configured as its main.ts would be from the given environment. */
export async function startGateway(options: GatewayServerOptions = {}): Promise<GatewayServer> {
  const config = loadConfig(gatewayConfigSchema, {
    NODE_ENV: 'test',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    INTERNAL_SECRET: randomBytes(32).toString('hex'),
    ...options.env,
  });
  const logger = createLogger('gateway-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const app = createGatewayApp({
    config,
    logger,
    upstreams: options.upstreams ?? {},
    redis: options.redis,
    readiness: options.readiness,
    embedded: options.embedded,
  });
  return { ...(await listen(app)), config };
}

/** A port nothing listens on: bound once, then released. */
export async function closedPortUrl(): Promise<string> {
  const placeholder = await listen(express());
  await placeholder.stop();
  return placeholder.baseUrl;
}
