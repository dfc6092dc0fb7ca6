// Traces (OpenTelemetry, started only when an OTLP endpoint is set) and Prometheus metrics on METRICS_PORT.
export {
  activeTraceIds,
  injectTraceHeaders,
  inSpan,
  SpanKind,
  startTracing,
  traceCarrier,
  tracingOn,
  tracingWanted,
  type TraceCarrier,
  type Tracing,
  type TracingOptions,
} from './tracing.ts';
export {
  adDecisionDuration,
  chargesFailed,
  dbPoolConnections,
  eventsConsumed,
  eventsDeadLettered,
  eventsPublished,
  httpRequestDuration,
  jobDuration,
  jobQueueJobs,
  jobsProcessed,
  liveStreamsOpen,
  metricsRegistry,
  outboxOldestAge,
  outboxPending,
  registerOutboxProbe,
  registerPoolProbe,
  registerQueueProbe,
} from './metrics.ts';
export {
  DEFAULT_METRICS_PORT,
  metricsPort,
  startMetricsServer,
  type MetricsServer,
} from './metrics-server.ts';
export { observeRequests, routeOf } from './observe-requests.ts';
