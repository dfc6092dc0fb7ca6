// For tests that read the spans a stack makes: startTracing({ serviceName, exporter: new InMemorySpanExporter() }).
export { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
