import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import { forbidden, notFound } from '@laundry/platform/errors';
import {
  createEvent,
  reviewOwnerRepliedV1,
  type DirectoryClient,
  type OwnerReplyRequest,
  type PublicReview,
} from '@laundry/contracts';
import type { ReviewRepository, ReviewRow } from './review-store.ts';
import { toPublicReview } from './review-view.ts';

export interface OwnerReplyDeps {
  db: Db;
  reviews: ReviewRepository;
  outbox: Outbox;
  directory: Pick<DirectoryClient, 'laundromatProfile'>;
}

/** Where a request came from, as the audit log records it (the user is added from the identity). */
export type RequestAudit = Omit<AuditContext, 'userId'>;

export const NOT_YOUR_REVIEW_TO_ANSWER = "Only the laundromat's verified owner can reply to its reviews.";
const REVIEW_NOT_FOUND = 'Review not found';

type Outcome = { kind: 'unknown' } | { kind: 'refused' } | { kind: 'done'; row: ReviewRow };

/**
 * Runs a reply change for the verified owner of the review's laundromat, or an admin, with its audit record
 * in the same transaction; a refusal changes nothing.
 */
async function changeReply(
  deps: OwnerReplyDeps,
  user: Identity,
  reviewId: string,
  change: (tx: Db, before: ReviewRow) => Promise<{ row: ReviewRow; action: string; newData: unknown }>,
  context: RequestAudit,
  now: Date,
): Promise<PublicReview> {
  const outcome = await deps.db.tx<Outcome>(async (tx) => {
    const found = await deps.reviews.findForReply(tx, reviewId);
    if (!found) return { kind: 'unknown' };
    if (user.role !== 'admin' && found.ownerUserId !== user.id) return { kind: 'refused' };
    const { row, action, newData } = await change(tx, found.review);
    await auditSuccess(
      tx,
      deps.outbox,
      { ...context, userId: user.id },
      {
        action,
        resource: 'review',
        resourceId: reviewId,
        oldData: found.review.ownerReplyText === null ? null : { text: found.review.ownerReplyText },
        newData,
        advertiserId: null,
      },
      now,
    );
    return { kind: 'done', row };
  });
  if (outcome.kind === 'unknown') throw notFound(REVIEW_NOT_FOUND);
  if (outcome.kind === 'refused') throw forbidden(NOT_YOUR_REVIEW_TO_ANSWER);
  return toPublicReview(outcome.row);
}

/**
 * The laundromat's name for the reviewer's mail, asked before the transaction (no row is locked while the
 * directory answers), and only when the reply will be the first: an edit sends no mail. A refused or unknown
 * review asks nothing. Undefined when no mail is due; null when the directory no longer lists the place,
 * whose page the mail could not link to.
 */
async function nameForFirstReply(
  deps: OwnerReplyDeps,
  user: Identity,
  reviewId: string,
): Promise<string | null | undefined> {
  const found = await deps.reviews.findForReply(deps.db, reviewId);
  if (!found || found.review.ownerReplyText !== null || found.review.userId === null) return undefined;
  if (user.role !== 'admin' && found.ownerUserId !== user.id) return undefined;
  return (await deps.directory.laundromatProfile(found.review.laundromatId))?.name ?? null;
}

/**
 * Posts or replaces the one public reply of the owner. The first reply tells the reviewer by e-mail
 * (review.owner-replied.v1, in the same transaction); an edit does not, since a mail for each corrected
 * typo would be noise, and the reviewer sees the current text on the page the first mail links to. A reply
 * removed and written again counts as first again; the mail's id (the review's) keeps that to one mail.
 */
export async function putOwnerReply(
  deps: OwnerReplyDeps,
  user: Identity,
  context: RequestAudit,
  reviewId: string,
  input: OwnerReplyRequest,
  now = new Date(),
): Promise<PublicReview> {
  const laundromatName = await nameForFirstReply(deps, user, reviewId);
  return changeReply(
    deps,
    user,
    reviewId,
    async (tx, before) => {
      const first = before.ownerReplyText === null;
      const row = await deps.reviews.setReply(tx, reviewId, { text: input.text, userId: user.id, at: now });
      // A first reply the name was not asked for (the previous reply went in between) sends no mail.
      if (first && typeof laundromatName === 'string' && before.userId !== null) {
        await deps.outbox.record(
          tx,
          createEvent(reviewOwnerRepliedV1, deps.outbox.producer, {
            reviewId,
            laundromatId: before.laundromatId,
            laundromatName,
            reviewerUserId: before.userId,
            replyText: input.text,
            repliedAt: now.toISOString(),
          }),
        );
      }
      return {
        row,
        action: first ? 'review.reply.create' : 'review.reply.update',
        newData: { text: input.text, byAdmin: user.role === 'admin' },
      };
    },
    context,
    now,
  );
}

/** Removes the reply; removing none is harmless (and still audited as the attempt it was). */
export function deleteOwnerReply(
  deps: OwnerReplyDeps,
  user: Identity,
  context: RequestAudit,
  reviewId: string,
  now = new Date(),
): Promise<PublicReview> {
  return changeReply(
    deps,
    user,
    reviewId,
    async (tx) => ({
      row: await deps.reviews.removeReply(tx, reviewId),
      action: 'review.reply.delete',
      newData: { byAdmin: user.role === 'admin' },
    }),
    context,
    now,
  );
}
