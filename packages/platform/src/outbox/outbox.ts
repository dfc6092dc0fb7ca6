import { isEventType, parseEvent } from '@laundry/contracts';
import { Mutex } from 'async-mutex';
import type { Logger } from 'pino';
import type { Db } from '../db/db.ts';
import type { EventBus, EventEnvelope } from '../bus/event-bus.ts';
import { eventsPublished, registerOutboxProbe } from '../observability/metrics.ts';
import { inSpan, SpanKind, traceCarrier, type TraceCarrier } from '../observability/tracing.ts';

export interface OutboxOptions {
  /** The service's own Db; its schema holds the outbox table (platform migration 0001). */
  db: Db;
  bus: EventBus;
  producer: string;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /**
   * Published events are kept this long (for inspection and replay), then deleted; default 7 days. 0 leaves
   * the deletion to the service's retention job, which applies the outbox-events policy (docs/adr/0017).
   */
  retainPublishedMs?: number;
}

export interface Outbox {
  /** Who publishes through this outbox: the `producer` of the events made for it. */
  readonly producer: string;
  /**
   * Writes the event (made by createEvent) inside the caller's transaction: it exists if and only if the
   * change commits, and it is relayed as soon as that commit happens. A contract event is checked against
   * its schema here, on the way out, so a producer can never publish a shape its consumers refuse.
   */
  record<E extends EventEnvelope>(tx: Db, event: E): Promise<E>;
  /**
   * record() for several events in one statement, in their order: a transaction announcing many changes
   * (a batch of writes) costs one round trip, not one per event. Optional for stand-ins; the real outbox
   * has it.
   */
  recordAll?<E extends EventEnvelope>(tx: Db, events: readonly E[]): Promise<E[]>;
  /** Publishes pending events oldest first; returns how many the broker confirmed. */
  relay(): Promise<number>;
  /** Deletes events published before `before`; pending ones are never deleted. Returns how many went. */
  purgePublished(before: Date): Promise<number>;
  /** Relays every pollMs and after each commit that recorded events; purges old published ones hourly. */
  start(): void;
  stop(): Promise<void>;
}

const PURGE_INTERVAL_MS = 3_600_000;

interface PendingRow {
  seq: number;
  envelope: EventEnvelope;
  trace_context: TraceCarrier | null;
}

/** Publishes in a producer span under the trace of the change that recorded the event. */
function publishTraced(bus: EventBus, producer: string, row: PendingRow): Promise<void> {
  if (!row.trace_context) return bus.publish(row.envelope);
  return inSpan(
    `publish ${row.envelope.type}`,
    {
      kind: SpanKind.PRODUCER,
      parent: row.trace_context,
      attributes: {
        'laundry.service': producer,
        'messaging.operation.type': 'send',
        'messaging.destination.name': row.envelope.type,
        'messaging.message.id': row.envelope.id,
      },
    },
    () => bus.publish(row.envelope),
  );
}

/**
 * Transactional outbox (docs/architecture.md, Reliability rules; eShop IntegrationEventLog). A row is marked
 * published only after the broker confirmed it, so a crash in between publishes it again: delivery is at
 * least once and consumers are idempotent. FOR UPDATE SKIP LOCKED keeps two relays (two replicas) off the
 * same rows.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, bus, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const retainMs = options.retainPublishedMs ?? 7 * 24 * 3_600_000;
  const relayMutex = new Mutex();
  let lastPurge = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;

  async function relayBatch(): Promise<{ published: number; more: boolean }> {
    return db.tx(async (tx) => {
      const rows = await tx.query<PendingRow>(
        `SELECT seq, envelope, trace_context FROM outbox WHERE published_at IS NULL
         ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      let published = 0;
      for (const row of rows) {
        try {
          await publishTraced(bus, options.producer, row);
        } catch (err) {
          // Stop at the first failure so later events do not overtake it; the row stays pending.
          logger.warn(
            { err, id: row.envelope.id, type: row.envelope.type },
            'outbox publish failed; will retry',
          );
          await tx.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = $1', [
            row.seq,
            err instanceof Error ? err.message : String(err),
          ]);
          return { published, more: false };
        }
        await tx.query('UPDATE outbox SET published_at = now(), attempts = attempts + 1 WHERE seq = $1', [
          row.seq,
        ]);
        published += 1;
        eventsPublished.inc({ service: options.producer, type: row.envelope.type });
      }
      return { published, more: rows.length === batchSize };
    });
  }

  function relay(): Promise<number> {
    return relayMutex.runExclusive(async () => {
      let total = 0;
      for (;;) {
        const { published, more } = await relayBatch();
        total += published;
        if (!more) return total;
      }
    });
  }

  async function purgePublished(before: Date): Promise<number> {
    const rows = await db.query(
      'DELETE FROM outbox WHERE published_at IS NOT NULL AND published_at < $1 RETURNING seq',
      [before.toISOString()],
    );
    return rows.length;
  }

  // Without this the table only grows: every event ever published stays in it.
  async function purgeHourly(): Promise<void> {
    if (retainMs <= 0 || Date.now() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = Date.now();
    const purged = await purgePublished(new Date(Date.now() - retainMs));
    if (purged > 0) logger.info({ purged }, 'outbox: old published events deleted');
  }

  // Coalesces bursts of notify() into at most one extra run after the current one.
  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = relay()
      .then(purgeHourly)
      .catch((err: unknown) => logger.error({ err }, 'outbox relay failed'))
      .finally(() => {
        running = undefined;
        if (again && timer) {
          again = false;
          kick();
        }
      });
  }

  // The backlog Prometheus reads at each scrape: how many wait, and for how long the oldest has.
  let unregisterProbe: (() => void) | undefined;
  const backlog = async () => {
    const [row] = await db.query<{ pending: string | number; oldest: string | number | null }>(
      `SELECT count(*) AS pending, extract(epoch FROM now() - min(created_at)) AS oldest
         FROM outbox WHERE published_at IS NULL`,
    );
    return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Number(row?.oldest ?? 0) };
  };

  return {
    producer: options.producer,
    async record(tx, event) {
      if (isEventType(event.type)) parseEvent(event.type, event);
      const trace = traceCarrier();
      await tx.query(
        'INSERT INTO outbox (id, type, envelope, trace_context) VALUES ($1, $2, $3::jsonb, $4::jsonb)',
        [event.id, event.type, JSON.stringify(event), trace ? JSON.stringify(trace) : null],
      );
      // Relay once the change is committed, rather than at the next poll.
      tx.afterCommit(() => {
        if (timer) kick();
      });
      return event;
    },
    async recordAll(tx, events) {
      if (events.length === 0) return [];
      for (const event of events) if (isEventType(event.type)) parseEvent(event.type, event);
      const trace = traceCarrier();
      await tx.query(
        `INSERT INTO outbox (id, type, envelope, trace_context)
         SELECT e->>'id', e->>'type', e, $2::jsonb FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, n)
         ORDER BY n`,
        [JSON.stringify(events), trace ? JSON.stringify(trace) : null],
      );
      tx.afterCommit(() => {
        if (timer) kick();
      });
      return [...events];
    },
    relay,
    purgePublished,
    start() {
      if (timer) return;
      unregisterProbe = registerOutboxProbe(options.producer, backlog);
      timer = setInterval(kick, options.pollMs ?? 1000);
      kick();
    },
    async stop() {
      clearInterval(timer);
      unregisterProbe?.();
      timer = undefined;
      again = false;
      await running;
    },
  };
}
