import http from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { AppError } from '@laundry/platform/errors';
import { injectTraceHeaders } from '@laundry/platform/observability';
import type { ServiceName } from './route-table.ts';

/** A service mounted in-process (embedded mode) or reached over HTTP (distributed mode). */
export type Upstream = Express | string;

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });
// A live stream (Server-Sent Events) holds its connection for as long as the page is open: thousands of
// them must not queue behind the pool's cap, nor take the pooled sockets other requests need.
const streams = new http.Agent({ keepAlive: false });

const PROXY_TIMEOUT_MS = 30_000;

/**
 * Headers that describe one connection rather than the message (RFC 9110 §7.6.1): the gateway's pooled
 * connection to a service is not the client's. What a service runs on (x-powered-by) is nobody's business
 * outside either; the gateway's own answers never say it.
 */
const requestHopHeaders = new Set(['connection', 'keep-alive', 'proxy-connection']);
const responseDroppedHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'x-powered-by',
]);

const appendForwarded = (existing: string | string[] | undefined, value: string) =>
  existing ? `${String(existing)},${value}` : value;

/** The request's headers for the service, with X-Forwarded-For/-Port/-Proto/-Host as proxies add them. */
function forwardedHeaders(req: Request): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  const incoming = req.headers;
  for (const name in incoming) {
    if (!requestHopHeaders.has(name)) headers[name] = incoming[name];
  }
  const socket = req.socket;
  const encrypted = 'encrypted' in socket && socket.encrypted === true;
  const hostPort = /:(\d+)$/.exec(incoming.host ?? '')?.[1];
  headers['x-forwarded-for'] = appendForwarded(incoming['x-forwarded-for'], socket.remoteAddress ?? '');
  headers['x-forwarded-port'] = appendForwarded(
    incoming['x-forwarded-port'],
    hostPort ?? (encrypted ? '443' : '80'),
  );
  headers['x-forwarded-proto'] = appendForwarded(incoming['x-forwarded-proto'], encrypted ? 'https' : 'http');
  headers['x-forwarded-host'] = incoming['x-forwarded-host'] ?? incoming.host ?? '';
  // The gateway's span is the service's parent: its traceparent replaces the client's.
  injectTraceHeaders(headers);
  return headers;
}

function copyResponseHeaders(upstream: http.IncomingMessage, res: Response): void {
  const headers = upstream.headers;
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !responseDroppedHeaders.has(name)) res.setHeader(name, value);
  }
}

/**
 * A plain HTTP pipe over pooled keep-alive connections: the request goes to the service as it came (path,
 * query, headers, body streamed), the service's answer comes back as it is, headers and body streamed.
 * It replaced http-proxy-middleware, whose per-request work (option merging, its pass pipelines, event
 * plumbing) was a large share of the gateway's CPU for what is one request and one response.
 */
function forwardTo(service: ServiceName, target: string, logger: Logger): RequestHandler {
  const url = new URL(target);
  const base = { protocol: url.protocol, hostname: url.hostname, port: url.port };
  return (req, res) => {
    const hasBody =
      req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const agent = String(req.headers.accept ?? '').includes('text/event-stream') ? streams : keepAlive;
    let upstreamRequest: http.ClientRequest;
    const fail = (error: Error) => {
      // The client left first (below): nothing to answer, and nothing wrong with the service.
      if (res.destroyed) return;
      logger.warn({ err: error, service }, 'upstream failed');
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `The ${service} service is not answering. Please try again.` }));
      } else {
        res.destroy(error);
      }
    };
    const send = (retried: boolean) => {
      const sent = http.request({
        ...base,
        agent,
        method: req.method,
        path: req.originalUrl,
        headers: forwardedHeaders(req),
      });
      upstreamRequest = sent;
      sent.setTimeout(PROXY_TIMEOUT_MS, () =>
        sent.destroy(new Error(`no answer within ${PROXY_TIMEOUT_MS} ms`)),
      );
      sent.on('error', (error: NodeJS.ErrnoException) => {
        // A pooled connection the service closed as the request went out (its keep-alive ran out, or it
        // restarted) resets before any answer. A read without a body is sent again once on a new
        // connection, as Node's documentation advises; anything else may have been acted on, so it is a 502.
        const resendable =
          !retried && sent.reusedSocket && error.code === 'ECONNRESET' && !hasBody && readOnly(req.method);
        if (resendable && !res.destroyed && !res.headersSent) send(true);
        else fail(error);
      });
      sent.on('response', (upstreamResponse) => {
        // The gateway already answered (a streamed body over the limit): the service's answer goes nowhere.
        if (res.headersSent) return void upstreamResponse.resume();
        // A service that stops halfway through its answer must not leave a truncated one looking complete.
        upstreamResponse.on('close', () => {
          if (!upstreamResponse.complete) res.destroy();
        });
        res.statusCode = upstreamResponse.statusCode ?? 502;
        if (upstreamResponse.statusMessage) res.statusMessage = upstreamResponse.statusMessage;
        copyResponseHeaders(upstreamResponse, res);
        upstreamResponse.pipe(res);
      });
      if (hasBody) req.pipe(sent);
      else sent.end();
    };
    send(false);
    // A client that goes away, or a body cut short, takes its pending upstream request with it. A body
    // the gateway stopped reading (over the limit) counts as cut short even when it all arrived: the
    // service would otherwise wait for the rest until the proxy's timeout.
    res.on('close', () => {
      if (!res.writableFinished) upstreamRequest.destroy();
    });
    req.on('close', () => {
      if (!req.complete || !req.readableEnded) upstreamRequest.destroy();
    });
  };
}

const readOnly = (method: string | undefined) => method === 'GET' || method === 'HEAD';

export function upstreamHandler(service: ServiceName, upstream: Upstream, logger: Logger): RequestHandler {
  if (typeof upstream !== 'string') {
    return (req, res, next) => upstream(req, res, next);
  }
  return forwardTo(service, upstream, logger);
}

export function unavailable(service: ServiceName): RequestHandler {
  return (_req, _res, next) =>
    next(
      new AppError(503, `The ${service} service is not available in this deployment.`, 'SERVICE_UNAVAILABLE'),
    );
}
