import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * Tracing through the OpenTelemetry API only. The SDK (tracing-sdk.ts) is imported, and a tracer provider
 * registered, only when startTracing finds an OTLP endpoint (or a test hands it an exporter): otherwise
 * every call below meets the API's no-op tracer and nothing is recorded or loaded (docs/adr/0020).
 */

/** A W3C trace context as headers: `traceparent` (and `tracestate`), what crosses HTTP and the bus. */
export type TraceCarrier = Record<string, string>;

export interface TracingOptions {
  /** The process's name in its traces: OTEL_SERVICE_NAME wins over it. */
  serviceName: string;
  env?: NodeJS.ProcessEnv;
  /** Spans go here instead of OTLP (tests: the SDK's InMemorySpanExporter); tracing starts whatever env says. */
  exporter?: SpanExporter;
}

export interface Tracing {
  /** Sends what is buffered. */
  flush(): Promise<void>;
  /** Flushes, then stops recording; the API falls back to its no-op. */
  stop(): Promise<void>;
}

let started: Promise<Tracing | undefined> | undefined;
let on = false;

/** True once a tracer provider is registered in this process. */
export const tracingOn = (): boolean => on;

/**
 * Whether the environment asks for traces: an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT, or the traces'
 * own) and OTEL_SDK_DISABLED not true.
 */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts tracing for the process when wanted (one provider per process: a second call gets the first one's
 * answer). Without an endpoint it returns undefined having loaded nothing.
 */
export function startTracing(options: TracingOptions): Promise<Tracing | undefined> {
  const env = options.env ?? process.env;
  if (!options.exporter && !tracingWanted(env)) return Promise.resolve(undefined);
  started ??= import('./tracing-sdk.ts').then(async ({ startTracingSdk }) => {
    const sdk = await startTracingSdk({ ...options, env });
    on = true;
    return {
      flush: () => sdk.flush(),
      stop: async () => {
        await sdk.stop();
        on = false;
        started = undefined;
      },
    };
  });
  return started;
}

const tracer = () => trace.getTracer('@laundry/platform');

/** The active span's trace id, for log lines; undefined without one. */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** The active context as headers, or undefined when there is nothing to carry (tracing off). */
export function traceCarrier(active: Context = context.active()): TraceCarrier | undefined {
  if (!on) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(active, carrier);
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

/** Adds the active trace context to outgoing headers (an HTTP request, a message's headers). */
export function injectTraceHeaders(headers: Record<string, unknown>): void {
  if (on) propagation.inject(context.active(), headers);
}

/**
 * Runs `work` inside a new span (a child of `parent`'s trace context when given, else of the active span),
 * ending it when the work settles; a thrown error marks the span. Without tracing it only runs `work`.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Record<string, unknown> | null },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  if (!on) return work(trace.wrapSpanContext({ traceId: '', spanId: '', traceFlags: 0 }));
  const parentContext =
    options.parent === undefined ? context.active() : propagation.extract(ROOT_CONTEXT, options.parent ?? {});
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parentContext,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

export { SpanKind, SpanStatusCode };
