import type { Express } from 'express';
import { createHttpServer } from '../http/http-server.ts';

export interface StartOptions {
  port?: number;
  host?: string;
  /** false in the embedded mode, where the gateway mounts `app` in-process. */
  listen?: boolean;
}

export interface Service {
  readonly name: string;
  readonly app: Express;
  /** Starts background work (event consumers, outbox relay) and, unless listen is false, the HTTP server. */
  start(options?: StartOptions): Promise<{ port?: number }>;
  /** Stops accepting requests, then background work, then closes what the service opened. */
  stop(): Promise<void>;
}

export interface ServiceParts {
  name: string;
  app: Express;
  startBackground?: () => Promise<void>;
  stopBackground?: () => Promise<void>;
  close?: () => Promise<void>;
}

export function assembleService(parts: ServiceParts): Service {
  const http = createHttpServer(parts.app);
  return {
    name: parts.name,
    app: parts.app,
    async start(options = {}) {
      await parts.startBackground?.();
      if (options.listen === false) return {};
      return { port: await http.start(options.port ?? 0, options.host) };
    },
    async stop() {
      await http.stop();
      await parts.stopBackground?.();
      await parts.close?.();
    },
  };
}
