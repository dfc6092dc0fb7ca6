import type { Logger } from '@laundry/platform/logging';
import type { JobQueue } from '@laundry/platform/jobs';
import type { BackgroundWork } from '@laundry/platform/service';
import {
  sendAccountMail,
  type AccountMailJob,
  type SendAccountMailDeps,
} from '../domain/account-mail-job.ts';

/**
 * Takes account e-mail jobs from the queue (BullMQ in Redis when distributed, in memory when embedded); a job
 * that throws (the mail server down) is retried with back-off, then kept in the queue's failed list.
 */
export function accountMailJob(deps: {
  queue: JobQueue<AccountMailJob>;
  send: SendAccountMailDeps;
  logger: Logger;
  onStop?: () => void;
}): BackgroundWork {
  return {
    start() {
      deps.queue.process(async (job, attempt) => {
        const outcome = await sendAccountMail(deps.send, job, attempt);
        deps.logger.info({ kind: job.kind, outcome, attempt }, 'account e-mail job done');
      });
    },
    async stop() {
      await deps.queue.close();
      deps.onStop?.();
    },
  };
}
