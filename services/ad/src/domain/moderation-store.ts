import type { Db } from '@laundry/platform';
import type { ModerationQueueItem, ModerationStatus } from '@laundry/contracts';
import type { Finding } from './moderation-rules.ts';

export interface ModerationReviewRow {
  id: string;
  campaignId: string;
  reviewType: 'new' | 'edit';
  status: ModerationStatus;
  riskScore: number;
  autoModerated: boolean;
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
