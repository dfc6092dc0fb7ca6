import type { Db, Identity, Outbox } from '@laundry/platform';
import { conflict, notFound } from '@laundry/platform';
import type { ModerationDecisionRequest, ModerationQueueItem, ModerationStatus } from '@laundry/contracts';
import { auditSuccess, type AuditContext } from '@laundry/platform/outbox';
import type { CampaignStore } from './campaign-store.ts';
import type { ModerationStore } from './moderation-store.ts';
import type { PendingContentStore } from './pending-content-store.ts';
import { contentOfRow, visibleOf, withVisible } from './campaign-changes.ts';
import { raiseCampaignNotice, type NoticeStore } from './advertiser-notices.ts';
import { contentChanges } from './content-changes.ts';

export interface ModerationDeps {
  db: Db;
  campaigns: CampaignStore;
  moderation: ModerationStore;
  pending: PendingContentStore;
  outbox: Outbox;
  /** The advertiser is told of the decision on the dashboard and by mail. */
  notices: NoticeStore;
  now?: () => Date;
}

export const reviewNotFoundMessage = 'Moderation review not found';
export const queueLimit = 200;

/**
 * The queue of one status. An edit of an approved campaign waits beside the approved content, which keeps
 * serving: such an item carries what the edit changes, field by field, against that approved content.
 */
export async function moderationQueue(
  deps: ModerationDeps,
  status: ModerationStatus,
): Promise<ModerationQueueItem[]> {
  const items = await deps.moderation.queue(deps.db, status, queueLimit);
  const edits = items.filter((item) => item.reviewType === 'edit');
  if (edits.length === 0) return items;
  const waiting = await deps.pending.forCampaigns(
    deps.db,
    edits.map((item) => item.campaignId),
  );
  return Promise.all(
    items.map(async (item) => {
      const change = waiting.get(item.campaignId);
      if (item.reviewType !== 'edit' || change?.reviewId !== item.reviewId) return item;
      const approved = await deps.campaigns.findOwned(deps.db, item.advertiserId, item.campaignId);
      return approved ? { ...item, changes: contentChanges(approved, change) } : item;
    }),
  );
}

const decidedStatus = {
  approve: 'approved',
  reject: 'rejected',
  request_changes: 'changes_requested',
} as const satisfies Record<ModerationDecisionRequest['decision'], ModerationStatus>;

const decidedNotice = {
  approve: 'campaign-approved',
  reject: 'campaign-rejected',
  request_changes: 'campaign-changes-requested',
} as const satisfies Record<ModerationDecisionRequest['decision'], string>;

/**
 * An admin's decision on a waiting review: the campaign is then served (approved, if active), or the
 * advertiser sees the reason and, when changes are asked for, may edit and resubmit.
 */
export async function decideModeration(
  deps: ModerationDeps,
  context: AuditContext,
  admin: Identity,
  reviewId: string,
  decision: ModerationDecisionRequest,
): Promise<ModerationQueueItem> {
  const now = deps.now?.() ?? new Date();
  await deps.db.tx(async (tx) => {
    // The campaign is locked before its review, in the order an advertiser's edit locks them.
    const item = await deps.moderation.findItem(tx, reviewId);
    if (!item) throw notFound(reviewNotFoundMessage);
    const campaign = (await deps.campaigns.lock(tx, item.campaignId))!;
    const review = (await deps.moderation.lock(tx, reviewId))!;
    if (review.status !== 'pending') throw conflict(`This review was already decided (${review.status}).`);
    const status = decidedStatus[decision.decision];
    const reason = decision.decision === 'approve' ? null : decision.reason;
    await deps.moderation.decide(tx, reviewId, {
      status,
      reviewerId: admin.id,
      reviewerNotes: decision.decision === 'approve' ? decision.notes || null : null,
      rejectionReason: decision.decision === 'reject' ? reason : null,
      requiredChanges: decision.decision === 'request_changes' ? reason : null,
      now,
    });
    // A waiting change to an approved campaign: approval puts it live; a no leaves the approved version serving
    // and the change with its reason, for the advertiser to edit or withdraw.
    const change = await deps.pending.byReview(tx, reviewId);
    if (!change) {
      await deps.campaigns.setModeration(tx, campaign.id, status, reason);
    } else if (status === 'approved') {
      await deps.campaigns.updateContent(
        tx,
        campaign.id,
        withVisible(contentOfRow(campaign), change),
        'approved',
      );
      await deps.pending.remove(tx, campaign.id);
    } else {
      await deps.pending.refuse(tx, campaign.id, status, reason!);
    }
    await auditSuccess(
      tx,
      deps.outbox,
      context,
      {
        action: `moderation.${decision.decision}`,
        resource: 'campaign',
        resourceId: campaign.id,
        advertiserId: campaign.advertiserId,
        oldData: { moderationStatus: campaign.moderationStatus, reviewId },
        newData: change
          ? { change: status, reason, content: visibleOf(change) }
          : { moderationStatus: status, reason },
      },
      now,
    );
    // One notice per review decided: a redelivery or a retried call finds its id taken.
    const kind = decidedNotice[decision.decision];
    await raiseCampaignNotice(
      deps,
      tx,
      campaign.id,
      { noticeId: `${kind}:${campaign.id}:${reviewId}`, kind, reason },
      now,
    );
  });
  return (await deps.moderation.findItem(deps.db, reviewId))!;
}
