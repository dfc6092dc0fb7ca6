import type { JobQueue } from '../jobs/job-queue.ts';
import type { Logger } from '../logging/logger.ts';
import type { BackgroundWork } from '../service/define-service.ts';
import { runRetention, type RetentionRunDeps } from './retention-task.ts';

export interface RetentionJobData {
  reason: 'schedule';
}

export const retentionQueueName = (service: string) => `${service}.retention`;

/**
 * Queues this process already takes retention runs from. A second instance of a service in one process (a
 * test starting another copy on the same infrastructure) shares the queue and leaves the runs to the first.
 */
const processing = new WeakSet<JobQueue<RetentionJobData>>();

/**
 * The service's retention clean-up as a repeatable job (BullMQ's job scheduler in the distributed mode, so
 * one replica runs each tick; a timer in the embedded one). A run that fails (identity unreachable, the
 * database busy) is logged and the next tick tries again: nothing is lost by waiting an interval.
 */
export function retentionJob(
  deps: RetentionRunDeps & { queue: JobQueue<RetentionJobData>; logger: Logger; everyMs: number },
): BackgroundWork {
  let stopped = false;
  return {
    async start() {
      if (deps.everyMs <= 0 || processing.has(deps.queue)) return;
      processing.add(deps.queue);
      deps.queue.process(async () => {
        if (stopped) return;
        try {
          const outcome = await runRetention(deps);
          const affected = outcome.runs.reduce((sum, run) => sum + run.affected, 0);
          if (affected > 0) deps.logger.info({ runs: outcome.runs }, 'retention policies applied');
          for (const failure of outcome.failures) {
            deps.logger.warn({ err: failure.error, dataType: failure.dataType }, 'a retention policy failed');
          }
        } catch (err) {
          deps.logger.warn({ err }, 'retention run failed; the next one tries again');
        }
      });
      await deps.queue.repeat(`${deps.service}-retention`, deps.everyMs, { reason: 'schedule' });
    },
    async stop() {
      stopped = true;
    },
  };
}
