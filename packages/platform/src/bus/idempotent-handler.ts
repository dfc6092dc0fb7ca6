import type { Db } from '../db/db.ts';
import type { EventEnvelope } from './event-bus.ts';

export interface IdempotentHandlerOptions<E extends EventEnvelope> {
  /** The consuming service's Db; its schema holds processed_events (platform migration 0002). */
  db: Db;
  /** Names the consumer, so two handlers of one service may each see the same event once. */
  consumer: string;
  handler: (event: E, tx: Db) => Promise<void>;
}

/**
 * Records the event id and runs the handler in one transaction: a redelivered event finds its id and does
 * nothing, and a handler that throws rolls back the id too, so the retry runs it again. On Postgres a
 * concurrent duplicate waits on the primary key until the first commits, then skips.
 */
export function idempotentHandler<E extends EventEnvelope>(
  options: IdempotentHandlerOptions<E>,
): (event: E) => Promise<void> {
  return (event) =>
    options.db.tx(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [options.consumer, event.id],
      );
      if (inserted.length === 0) return;
      await options.handler(event, tx);
    });
}
