import { context, propagation } from '@opentelemetry/api';
import { subscribe } from 'node:diagnostics_channel';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TracingOptions } from './tracing.ts';

/**
 * The OTLP exporter the environment names: OTEL_EXPORTER_OTLP_TRACES_PROTOCOL or OTEL_EXPORTER_OTLP_PROTOCOL,
 * http/protobuf by default as the specification says, or http/json. Both exporters read the endpoint and
 * headers (OTEL_EXPORTER_OTLP_ENDPOINT, …_HEADERS) themselves.
 */
async function otlpExporter(env: NodeJS.ProcessEnv): Promise<SpanExporter> {
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
    env.OTEL_EXPORTER_OTLP_PROTOCOL ??
    'http/protobuf'
  ).trim();
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  if (protocol !== 'http/protobuf') {
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json, not "${protocol}"`);
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter();
}

interface UndiciRequest {
  addHeader?(name: string, value: string): unknown;
}

/**
 * fetch (undici) announces each request on a diagnostics channel before sending it: the active trace context
 * is added to its headers there, so a service's call to another (the typed clients) continues the trace.
 */
function propagateThroughFetch(): () => void {
  const onCreate = (message: unknown) => {
    const request = (message as { request?: UndiciRequest }).request;
    if (!request?.addHeader) return;
    const carrier: Record<string, string> = {};
    propagation.inject(context.active(), carrier);
    for (const [name, value] of Object.entries(carrier)) request.addHeader(name, value);
  };
  subscribe('undici:request:create', onCreate);
  return () => {
    // unsubscribe exists from Node 15.1 on the module as well
    void import('node:diagnostics_channel').then(({ unsubscribe }) =>
      unsubscribe('undici:request:create', onCreate),
    );
  };
}

/** Registers a tracer provider with W3C trace-context propagation and an async-local context manager. */
export async function startTracingSdk(options: TracingOptions & { env: NodeJS.ProcessEnv }) {
  const { env } = options;
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || options.serviceName;
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(await otlpExporter(env));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [processor],
  });
  provider.register();
  const stopFetch = propagateThroughFetch();
  return {
    flush: () => provider.forceFlush(),
    async stop() {
      stopFetch();
      await provider.shutdown();
      // Back to the API's no-op, so a later start (a test) registers afresh.
      const { trace } = await import('@opentelemetry/api');
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
