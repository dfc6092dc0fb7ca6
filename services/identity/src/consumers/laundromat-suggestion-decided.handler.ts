import type { Logger } from '@laundry/platform/logging';
import type { Db } from '@laundry/platform/db';
import type { JobQueue } from '@laundry/platform/jobs';
import { idempotentHandler } from '@laundry/platform/bus';
import { laundromatSuggestionDecidedV1, type EventOf } from '@laundry/contracts';
import type { ContributionRepository } from '../domain/contribution-store.ts';
import { creditContribution } from '../domain/credit-contribution.ts';
import { pointsFor } from '../domain/contributions.ts';
import { accountMailJobOptions, type AccountMailJob } from '../domain/account-mail-job.ts';

/**
 * A suggested edit was decided: an approved one earns its author points (once per suggestion), and the
 * author is mailed the outcome either way. The mail is queued last, so a handler that fails before it
 * (and is retried) has sent nothing.
 */
export function laundromatSuggestionDecidedHandler(deps: {
  db: Db;
  contributions: ContributionRepository;
  logger: Logger;
  mailJobs: JobQueue<AccountMailJob>;
}) {
  return idempotentHandler<EventOf<typeof laundromatSuggestionDecidedV1>>({
    db: deps.db,
    consumer: `identity.${laundromatSuggestionDecidedV1}`,
    handler: async (event, tx) => {
      const decided = event.data;
      const approved = decided.status === 'approved';
      if (approved) {
        await creditContribution(
          tx,
          deps.contributions,
          { kind: 'suggestion', subjectId: decided.suggestionId, userId: decided.userId },
          deps.logger,
        );
      }
      await deps.mailJobs.add(
        {
          kind: 'suggestion-decided',
          userId: decided.userId,
          laundromatName: decided.laundromatName,
          status: decided.status,
          reason: decided.reason,
          points: approved ? pointsFor('suggestion') : 0,
        },
        accountMailJobOptions,
      );
    },
  });
}
