import { idempotentHandler, type Db, type EventHandler, type Logger } from '@laundry/platform';
import {
  laundromatApprovedV1,
  laundromatSubmittedV1,
  parseEvent,
  photoUploadedV1,
  reviewCreatedV1,
  type EventDataOf,
  type EventType,
} from '@laundry/contracts';
import type { ContributionRepository } from '../infra/contribution-repository.ts';
import type { Contribution } from '../domain/contributions.ts';
import { creditContribution } from '../domain/credit-contribution.ts';

export interface ContributionHandlerDeps {
  db: Db;
  contributions: ContributionRepository;
  logger: Logger;
}

/**
 * The events that earn contribution points (spec §3 user counters). Each is parsed against its contract
 * (a malformed one throws: retried, then dead-lettered) and handled once per event id.
 */
export function contributionHandlers(deps: ContributionHandlerDeps) {
  function creditFrom<T extends EventType>(
    type: T,
    toContribution: (data: EventDataOf<T>) => Contribution | undefined,
  ): EventHandler {
    return idempotentHandler({
      db: deps.db,
      consumer: `identity.${type}`,
      handler: async (envelope, tx) => {
        const contribution = toContribution(parseEvent(type, envelope).data);
        if (contribution) await creditContribution(tx, deps.contributions, contribution, deps.logger);
      },
    });
  }

  return {
    reviewCreated: creditFrom(reviewCreatedV1, (review) => ({
      kind: 'review',
      subjectId: review.reviewId,
      userId: review.userId,
    })),
    photoUploaded: creditFrom(photoUploadedV1, (photo) => ({
      kind: 'photo',
      subjectId: photo.photoId,
      userId: photo.userId,
    })),
    // A laundromat counts as added once it is on the map: at approval, or at submission when it needed none.
    laundromatSubmitted: creditFrom(laundromatSubmittedV1, (laundromat) =>
      laundromat.status === 'approved'
        ? { kind: 'laundromat', subjectId: laundromat.laundromatId, userId: laundromat.submittedById }
        : undefined,
    ),
    laundromatApproved: creditFrom(laundromatApprovedV1, (laundromat) =>
      laundromat.submittedById
        ? { kind: 'laundromat', subjectId: laundromat.laundromatId, userId: laundromat.submittedById }
        : undefined,
    ),
  };
}
