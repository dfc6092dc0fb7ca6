import type { Logger } from '@laundry/platform/logging';
import type { Db } from '@laundry/platform/db';
import { idempotentHandler } from '@laundry/platform/bus';
import type { EventDataOf, EventOf, EventType } from '@laundry/contracts';
import type { ContributionRepository } from '../domain/contribution-store.ts';
import type { Contribution } from '../domain/contributions.ts';
import { creditContribution } from '../domain/credit-contribution.ts';

export interface ContributionHandlerDeps {
  db: Db;
  contributions: ContributionRepository;
  logger: Logger;
}

/**
 * A handler for one of the events that earn contribution points: the event arrives
 * parsed against its contract, and is credited once per event id.
 */
export function creditFrom<T extends EventType>(
  type: T,
  toContribution: (data: EventDataOf<T>) => Contribution | undefined,
) {
  return (deps: ContributionHandlerDeps) =>
    idempotentHandler<EventOf<T>>({
      db: deps.db,
      consumer: `identity.${type}`,
      handler: async (event, tx) => {
        const contribution = toContribution(event.data as EventDataOf<T>);
        if (contribution) await creditContribution(tx, deps.contributions, contribution, deps.logger);
      },
    });
}
