import type { Request, RequestHandler, Response } from 'express';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { httpRequestDuration } from './metrics.ts';
import { tracingOn } from './tracing.ts';

/**
 * The route a request matched, as its pattern (`/laundromats/:id/reviews`), never its raw path, so the
 * metric has one series per route. A request no route matched takes what the app put in
 * `res.locals.route` (the gateway: the service it forwarded to), else `unmatched`.
 */
export function routeOf(req: Request, res: Response): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  return typeof res.locals.route === 'string' ? res.locals.route : 'unmatched';
}

const notObserved = (url: string) => url === '/alive' || url === '/ready';

/**
 * Per request: the duration histogram by route and status, and (with tracing on) a server span, the child of
 * the caller's `traceparent`, or of the gateway's span when the gateway runs this app in its own process.
 */
export function observeRequests(service: string): RequestHandler {
  return (req, res, next) => {
    if (notObserved(req.url)) return next();
    const started = process.hrtime.bigint();
    const active = context.active();
    const span = tracingOn()
      ? trace.getTracer('@laundry/platform').startSpan(
          req.method,
          {
            kind: SpanKind.SERVER,
            attributes: {
              'laundry.service': service,
              'http.request.method': req.method,
              'url.path': req.path,
            },
          },
          trace.getSpan(active) ? active : propagation.extract(ROOT_CONTEXT, req.headers),
        )
      : undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const route = routeOf(req, res);
      const status = res.writableFinished || res.headersSent ? res.statusCode : 499;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpRequestDuration.observe(
        { service, method: req.method, route, status_code: String(status) },
        seconds,
      );
      if (span) {
        span.updateName(`${req.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    };
    res.once('finish', finish);
    res.once('close', finish);
    if (!span) return next();
    const spanContext = trace.setSpan(active, span);
    // Body parsers resume on the socket's events: bound here, they run in this request's context.
    context.bind(spanContext, req);
    context.bind(spanContext, res);
    context.with(spanContext, next);
  };
}
