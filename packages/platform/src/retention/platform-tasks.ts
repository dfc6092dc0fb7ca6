import type { RetentionTask } from './retention-task.ts';

/** Relayed events: a row waiting to be published is never removed, whatever its age. */
export const outboxRetention: RetentionTask = {
  dataType: 'outbox-events',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM outbox WHERE seq IN (
         SELECT seq FROM outbox WHERE published_at IS NOT NULL AND published_at < $1 ORDER BY seq LIMIT $2
       ) RETURNING seq`,
      [cutoff, limit],
    );
    return rows.length;
  },
};

/**
 * The ids of handled events. A broker redelivers within minutes or hours, so ids older than the period can
 * no longer come back; the period must stay longer than any redelivery or replay.
 */
export const processedEventsRetention: RetentionTask = {
  dataType: 'processed-events',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM processed_events WHERE (consumer, event_id) IN (
         SELECT consumer, event_id FROM processed_events WHERE processed_at < $1 ORDER BY processed_at LIMIT $2
       ) RETURNING event_id`,
      [cutoff, limit],
    );
    return rows.length;
  },
};

/** What every service holds: its outbox and its consumers' processed event ids. */
export const platformRetentionTasks: readonly RetentionTask[] = [outboxRetention, processedEventsRetention];
