import type { BackgroundWork } from '@laundry/platform/service';
import type { JobQueue } from '@laundry/platform/jobs';
import type { Logger } from '@laundry/platform/logging';
import { closeDuePeriods, type StatementDeps } from '../domain/statements.ts';

export const periodCloseQueue = 'billing.period-close';

export interface PeriodCloseJob {
  reason: 'schedule';
}

/**
 * A repeatable job (BullMQ's job scheduler in the distributed mode, a timer in the embedded one) that closes
 * every period whose end has passed. However many replicas declare it, each tick is one job; and two closes
 * at once still close a period once (the closing lock and the unique period start).
 */
export function periodCloseJob(
  deps: StatementDeps & {
    queue: JobQueue<PeriodCloseJob>;
    logger: Logger;
    /** Asks for the new statements' first charge now rather than at the next sweep. */
    chargeNow: () => Promise<void>;
  },
  checkEveryMs: number,
): BackgroundWork {
  let stopped = false;
  return {
    async start() {
      deps.queue.process(async () => {
        if (stopped) return;
        const result = await closeDuePeriods(deps);
        if (result.statements.length > 0) await deps.chargeNow();
        if (result.periods.length > 0) {
          deps.logger.info(
            { periods: result.periods.length, statements: result.statements.length },
            'billing periods closed',
          );
        }
      });
      await deps.queue.repeat('billing-period-close', checkEveryMs, { reason: 'schedule' });
    },
    async stop() {
      stopped = true;
    },
  };
}
