import { SpanKind } from '@opentelemetry/api';
import { jobDuration, jobsProcessed } from './metrics.ts';
import { inSpan } from './tracing.ts';

/** A job handler run in a span of its own, timed and counted by queue and outcome. */
export function observeJobs<T>(
  queue: string,
  handler: (data: T, attempt: number) => Promise<void>,
): (data: T, attempt: number) => Promise<void> {
  return async (data, attempt) => {
    const stopTimer = jobDuration.startTimer({ queue });
    try {
      await inSpan(
        `job ${queue}`,
        {
          kind: SpanKind.CONSUMER,
          parent: null,
          attributes: { 'laundry.queue': queue, 'laundry.attempt': attempt },
        },
        () => handler(data, attempt),
      );
      jobsProcessed.inc({ queue, outcome: 'completed' });
    } catch (error) {
      jobsProcessed.inc({ queue, outcome: 'failed' });
      throw error;
    } finally {
      stopTimer();
    }
  };
}
