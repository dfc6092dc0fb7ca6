import type { Db } from '@laundry/platform';
import type { ModerationQueueItem, ModerationStatus } from '@laundry/contracts';
import type { Finding } from './moderation-rules.ts';

export interface ModerationReviewRow {
  id: string;
  campaignId: string;
  reviewType: 'new' | 'edit';
  /** withdrawn: the advertiser dropped the change before an admin decided. */
  status: ModerationStatus | 'withdrawn';
  riskScore: number;
  autoModerated: boolean;
}

/** The newest review of a campaign, as its advertiser sees why it waits or was refused. */
export interface LatestReview {
  campaignId: string;
  status: ModerationStatus | 'withdrawn';
  findings: Finding[];
}

/** Content reviews of campaigns; infra/moderation-repository.ts implements it in SQL. */
export interface ModerationStore {
  insert(
    tx: Db,
    review: {
      campaignId: string;
      reviewType: 'new' | 'edit';
      status: ModerationStatus;
      riskScore: number;
      findings: Finding[];
      autoModerated: boolean;
      now: Date;
    },
  ): Promise<ModerationReviewRow>;
  /** The review with its campaign and advertiser, as the admin's queue shows it. */
  queue(db: Db, status: ModerationStatus, limit: number): Promise<ModerationQueueItem[]>;
  findItem(db: Db, reviewId: string): Promise<ModerationQueueItem | undefined>;
  lock(tx: Db, reviewId: string): Promise<ModerationReviewRow | undefined>;
  /** The campaign's review still waiting for an admin, locked; undefined when none waits. */
  lockWaiting(tx: Db, campaignId: string): Promise<ModerationReviewRow | undefined>;
  /**
   * New content for a review that still waits: its findings and score replaced, and approved at once (as
   * the automatic check approves) when the new content is low risk. It keeps its place in the queue.
   */
  reassess(
    tx: Db,
    reviewId: string,
    review: {
      status: ModerationStatus;
      riskScore: number;
      findings: Finding[];
      autoModerated: boolean;
      now: Date;
    },
  ): Promise<void>;
  withdraw(tx: Db, reviewId: string, now: Date): Promise<void>;
  latest(db: Db, campaignIds: readonly string[]): Promise<Map<string, LatestReview>>;
  decide(
    tx: Db,
    reviewId: string,
    decision: {
      status: ModerationStatus;
      reviewerId: string;
      reviewerNotes: string | null;
      rejectionReason: string | null;
      requiredChanges: string | null;
      now: Date;
    },
  ): Promise<void>;
}
