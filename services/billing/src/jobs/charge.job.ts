import type { BackgroundWork } from '@laundry/platform/service';
import type { JobQueue } from '@laundry/platform/jobs';
import { chargeDueStatements, type PaymentDeps } from '../domain/payments.ts';

export const chargeQueue = 'billing.charges';

export interface ChargeJob {
  /** The sweep's own tick, or a period just closed (its statements charged at once). */
  reason: 'schedule' | 'period-closed';
}

/** One sweep now, on the same queue as the repeatable one: a worker runs it like any tick. */
export const chargeNowOn = (queue: JobQueue<ChargeJob>) => () => queue.add({ reason: 'period-closed' });

/**
 * A repeatable job that charges the statements whose attempt is due: a new statement's first attempt, and
 * each retry of a declined one at its time. Workers on several replicas each claim different statements.
 */
export function chargeJob(
  deps: PaymentDeps & { queue: JobQueue<ChargeJob> },
  everyMs: number,
): BackgroundWork {
  let stopped = false;
  return {
    async start() {
      deps.queue.process(async () => {
        if (stopped) return;
        const charged = await chargeDueStatements(deps);
        if (charged > 0) deps.logger.info({ attempts: charged }, 'statement charges attempted');
      });
      await deps.queue.repeat('billing-charges', everyMs, { reason: 'schedule' });
    },
    async stop() {
      stopped = true;
    },
  };
}
