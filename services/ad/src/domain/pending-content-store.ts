import type { Db } from '@laundry/platform';
import type { Creative } from '@laundry/contracts';
import type { Finding } from './moderation-rules.ts';

/** What a visitor sees of a campaign: the only fields whose change goes back to review. */
export interface VisibleContent {
  title: string;
  description: string | null;
  imageUrl: string | null;
  targetUrl: string;
  /** The further creatives, each with its own title, description, image and link. */
  creatives: Creative[];
}

export type PendingContentStatus = 'pending' | 'rejected' | 'changes_requested';

/** A change to the visible content of an approved campaign, waiting while the approved version serves. */
export interface PendingContent extends VisibleContent {
  campaignId: string;
  reviewId: string;
  status: PendingContentStatus;
  /** The admin's reason when they said no; null while it waits. */
  note: string | null;
  /** The automatic check's findings on this content: why it waits for a person. */
  findings: Finding[];
  updatedAt: Date;
}

/** Waiting content changes; infra/pending-content-repository.ts implements it in SQL. */
export interface PendingContentStore {
  forCampaigns(db: Db, campaignIds: readonly string[]): Promise<Map<string, PendingContent>>;
  /** Puts the campaign's waiting change (replacing any), pending again under `reviewId`. */
  put(tx: Db, campaignId: string, reviewId: string, content: VisibleContent): Promise<void>;
  /** An admin's no: the change stays, with their reason, for the advertiser to edit or withdraw. */
  refuse(
    tx: Db,
    campaignId: string,
    status: Exclude<PendingContentStatus, 'pending'>,
    note: string,
  ): Promise<void>;
  remove(tx: Db, campaignId: string): Promise<PendingContent | undefined>;
  byReview(tx: Db, reviewId: string): Promise<PendingContent | undefined>;
}
