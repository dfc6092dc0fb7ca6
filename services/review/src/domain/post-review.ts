import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { notFound, tooManyRequests } from '@laundry/platform/errors';
import { laundromatOwnerOf } from '@laundry/platform/bus';
import {
  reviewCreatedV1,
  createEvent,
  laundromatOwnerNoticeRaisedV1,
  type CreateReviewRequest,
  type Review,
} from '@laundry/contracts';
import type { ReviewRepository } from './review-store.ts';
import type { DirectoryClient } from '@laundry/contracts';
import { toReview } from './review-view.ts';

export interface PostReviewDeps {
  db: Db;
  reviews: ReviewRepository;
  directory: DirectoryClient;
  outbox: Outbox;
}

export const onePerDayMessage =
  'You have already reviewed this laundromat today. You can review it again tomorrow.';

/**
 * Stores the review and its review.created.v1 event in one transaction; the directory's rating and the
 * author's contribution counters follow from the event. The laundromat's verified owner (by this service's
 * copy) is told through laundromat.owner-notice-raised.v1 in the same transaction; the laundromat's name is
 * asked before it, and a directory that does not answer leaves the mail saying 'your laundromat'.
 */
export async function postReview(
  deps: PostReviewDeps,
  author: Identity,
  laundromatId: string,
  input: CreateReviewRequest,
  now = new Date(),
): Promise<Review> {
  if (!(await deps.directory.isListed(laundromatId))) throw notFound('Laundromat not found');
  const owner = await laundromatOwnerOf(deps.db, laundromatId);
  const ownerToTell = owner !== undefined && owner !== author.id ? owner : undefined;
  const laundromatName = ownerToTell
    ? await deps.directory.laundromatProfile(laundromatId).then(
        (profile) => profile?.name ?? null,
        () => null,
      )
    : null;
  const row = await deps.db.tx(async (tx) => {
    const created = await deps.reviews.insert(tx, {
      ...input,
      laundromatId,
      userId: author.id,
      createdAt: now,
    });
    if (!created) return undefined;
    await deps.outbox.record(
      tx,
      // Checked against the contract here, so a break fails the request, not every consumer.
      createEvent(reviewCreatedV1, deps.outbox.producer, {
        reviewId: created.id,
        laundromatId,
        userId: author.id,
        overallRating: created.overallRating,
        priceRating: created.priceRating,
        safetyRating: created.safetyRating,
        cleanlinessRating: created.cleanlinessRating,
        reliabilityRating: created.reliabilityRating,
        accessibilityRating: created.accessibilityRating,
        createdAt: created.createdAt.toISOString(),
      }),
    );
    if (ownerToTell) {
      await deps.outbox.record(
        tx,
        createEvent(laundromatOwnerNoticeRaisedV1, deps.outbox.producer, {
          noticeId: `review:${created.id}`,
          type: 'owner.review',
          ownerUserId: ownerToTell,
          laundromatId,
          laundromatName,
          rating: created.overallRating,
          occurredAt: created.createdAt.toISOString(),
        }),
      );
    }
    return created;
  });
  if (!row) throw tooManyRequests(onePerDayMessage);
  return toReview(row);
}
