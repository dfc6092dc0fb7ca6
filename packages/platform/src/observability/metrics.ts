import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), served as text on METRICS_PORT (metrics-server.ts). Every
 * series the kit records carries the service it belongs to, since the embedded mode runs every service in
 * one process with one registry.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Requests by route pattern (never the raw path), method and status. */
export const httpRequestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Time from a request arriving to its answer finishing, by route pattern and status.',
  labelNames: ['service', 'method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Events the broker confirmed, relayed from the outbox. */
export const eventsPublished = new Counter({
  name: 'laundry_events_published_total',
  help: 'Events relayed from the outbox and confirmed by the broker.',
  labelNames: ['service', 'type'] as const,
  registers: [metricsRegistry],
});

/** Deliveries to a handler: `processed`, `retried` (it threw and comes back later) or `dead_lettered`. */
export const eventsConsumed = new Counter({
  name: 'laundry_events_consumed_total',
  help: 'Event deliveries to a handler, by type and outcome (processed, retried, dead_lettered).',
  labelNames: ['service', 'type', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Messages given up on: `handler_failed` after the last attempt, `unreadable`, or `no_handler`. */
export const eventsDeadLettered = new Counter({
  name: 'laundry_events_dead_lettered_total',
  help: 'Messages sent to the dead-letter queue, by type and reason.',
  labelNames: ['service', 'type', 'reason'] as const,
  registers: [metricsRegistry],
});

type OutboxProbe = () => Promise<{ pending: number; oldestAgeSeconds: number }>;
const outboxProbes = new Map<string, OutboxProbe>();

/** Both outbox gauges collect in one scrape: they share one reading, one query per service. */
let outboxReading: Promise<Map<string, { pending: number; oldestAgeSeconds: number }>> | undefined;
function readOutboxes(): Promise<Map<string, { pending: number; oldestAgeSeconds: number }>> {
  outboxReading ??= (async () => {
    const result = new Map<string, { pending: number; oldestAgeSeconds: number }>();
    for (const [service, probe] of outboxProbes) {
      const value = await probe().catch(() => undefined);
      if (value) result.set(service, value);
    }
    return result;
  })().finally(() => {
    outboxReading = undefined;
  });
  return outboxReading;
}

export const outboxPending = new Gauge({
  name: 'laundry_outbox_pending',
  help: 'Events written to the outbox and not yet confirmed by the broker.',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [service, value] of await readOutboxes()) this.set({ service }, value.pending);
  },
});

export const outboxOldestAge = new Gauge({
  name: 'laundry_outbox_oldest_age_seconds',
  help: 'Age of the oldest event still waiting in the outbox (0 when none waits).',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [service, value] of await readOutboxes()) this.set({ service }, value.oldestAgeSeconds);
  },
});

/** The outbox of `service` reports its backlog through `probe` at each scrape. */
export function registerOutboxProbe(service: string, probe: OutboxProbe): () => void {
  return registerProbe(outboxProbes, service, probe);
}

/** Keeps `probe` under `key` until the returned function removes it (unless another took its place). */
function registerProbe<P>(probes: Map<string, P>, key: string, probe: P): () => void {
  probes.set(key, probe);
  return () => {
    if (probes.get(key) === probe) probes.delete(key);
  };
}

/** Jobs run, by queue and outcome (`completed`, `failed`: retried or given up). */
export const jobsProcessed = new Counter({
  name: 'laundry_jobs_processed_total',
  help: 'Job runs, by queue and outcome (completed, failed).',
  labelNames: ['queue', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'laundry_job_duration_seconds',
  help: 'Time a job run took, by queue.',
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
  registers: [metricsRegistry],
});

type QueueProbe = () => Promise<{ waiting: number; active: number; delayed: number; failed: number }>;
const queueProbes = new Map<string, QueueProbe>();

/**
 * Jobs in each queue by state, read at each scrape by the processes that work the queue (so every replica
 * reports the same backlog: aggregate with max, not sum).
 */
export const jobQueueJobs = new Gauge({
  name: 'laundry_job_queue_jobs',
  help: 'Jobs in each queue by state (waiting, active, delayed, failed), as the queue reports them.',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [queue, probe] of queueProbes) {
      const counts = await probe().catch(() => undefined);
      if (!counts) continue;
      for (const [state, value] of Object.entries(counts)) this.set({ queue, state }, value);
    }
  },
});

/** The queue `queue` reports its jobs by state through `probe` at each scrape. */
export function registerQueueProbe(queue: string, probe: QueueProbe): () => void {
  return registerProbe(queueProbes, queue, probe);
}

type PoolProbe = () => { total: number; idle: number; waiting: number };
const poolProbes = new Map<string, PoolProbe>();

/** PostgreSQL pools: connections open, idle, and callers waiting for one, by schema. */
export const dbPoolConnections = new Gauge({
  name: 'laundry_db_pool_connections',
  help: 'Connections of each database pool by state (total, idle), and callers waiting (waiting).',
  labelNames: ['schema', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    // Read once the scrape's own outbox queries are done: in flight, they would count as callers waiting.
    await readOutboxes();
    this.reset();
    for (const [schema, probe] of poolProbes) {
      const { total, idle, waiting } = probe();
      this.set({ schema, state: 'total' }, total);
      this.set({ schema, state: 'idle' }, idle);
      this.set({ schema, state: 'waiting' }, waiting);
    }
  },
});

export function registerPoolProbe(schema: string, probe: PoolProbe): () => void {
  return registerProbe(poolProbes, schema, probe);
}

/** How long the ad service takes to choose the ad for a slot. */
export const adDecisionDuration = new Histogram({
  name: 'laundry_ad_decision_duration_seconds',
  help: 'Time to choose the ad for a slot (GET /api/ads), by placement and whether one was found.',
  labelNames: ['placement', 'result'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [metricsRegistry],
});

/** Server-sent or socket streams held open to browsers (the live availability feed will keep it). */
export const liveStreamsOpen = new Gauge({
  name: 'laundry_live_streams_open',
  help: 'Live streams currently open to clients.',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

/**
 * Charge attempts a payment provider declined (or that found no card), by reason, and whether it was the last
 * attempt (`final`: the statement failed and the account is suspended) or another is scheduled.
 */
export const chargesFailed = new Counter({
  name: 'laundry_charges_failed_total',
  help: 'Declined charge attempts, by reason (declined, no_payment_method) and final (true when no retry is left).',
  labelNames: ['reason', 'final'] as const,
  registers: [metricsRegistry],
});
