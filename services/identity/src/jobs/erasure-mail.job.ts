import type { Language } from '@laundry/contracts';
import type { Logger } from '@laundry/platform/logging';
import type { JobQueue } from '@laundry/platform/jobs';
import type { BackgroundWork } from '@laundry/platform/service';
import type { Mailer } from '../domain/mailer.ts';
import { sendErasureMail, type ErasureMailJob, type ErasureMailTexts } from '../domain/erasure-mail.ts';

/** Sends the confirmations of erased accounts; a mail server that is down gets the job again, with back-off. */
export function erasureMailJob(deps: {
  queue: JobQueue<ErasureMailJob>;
  mailer: Mailer;
  texts: (language: Language) => ErasureMailTexts;
  logger: Logger;
}): BackgroundWork {
  return {
    start() {
      deps.queue.process(async (job, attempt) => {
        await sendErasureMail(deps, job);
        deps.logger.info({ attempt }, 'account erasure confirmation sent');
      });
    },
    async stop() {
      await deps.queue.close();
    },
  };
}
