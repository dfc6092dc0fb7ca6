import type { BackgroundWork } from '@laundry/platform/service';
import type { JobQueue } from '@laundry/platform/jobs';
import { retryPendingVatNumbers, type BillingDetailsDeps } from '../domain/billing-details.ts';

export const vatRetryQueue = 'billing.vat-retry';

export interface VatRetryJob {
  reason: 'schedule';
}

/** A repeatable job asking VIES again about the VAT numbers saved while it could not be reached. */
export function vatRetryJob(
  deps: BillingDetailsDeps & { queue: JobQueue<VatRetryJob> },
  everyMs: number,
): BackgroundWork {
  let stopped = false;
  return {
    async start() {
      deps.queue.process(async () => {
        if (stopped) return;
        const { settled } = await retryPendingVatNumbers(deps);
        if (settled > 0) deps.logger.info({ settled }, 'pending VAT numbers settled with VIES');
      });
      await deps.queue.repeat('billing-vat-retry', everyMs, { reason: 'schedule' });
    },
    async stop() {
      stopped = true;
    },
  };
}
