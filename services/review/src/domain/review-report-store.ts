import type { Db } from '@laundry/platform/db';
import type { ReviewAbuseReason, ReviewAbuseReportStatus } from '@laundry/contracts';
import type { ReviewRow } from './review-store.ts';

export interface ReviewReportRow {
  id: string;
  reviewId: string;
  laundromatId: string;
  reporterUserId: string;
  reason: ReviewAbuseReason;
  note: string | null;
  status: ReviewAbuseReportStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decisionReason: string | null;
}

export interface NewReviewReport {
  reviewId: string;
  laundromatId: string;
  reporterUserId: string;
  reason: ReviewAbuseReason;
  note: string | null;
  createdAt: Date;
}

/** Where the owners' reports of abusive reviews are kept; infra/review-report-repository.ts implements it. */
export interface ReviewReportRepository {
  /** Undefined when this owner already has an open report of the review. */
  insert(tx: Db, report: NewReviewReport): Promise<ReviewReportRow | undefined>;
  /** The open reports, oldest first, each with its review. */
  listOpen(limit: number): Promise<{ report: ReviewReportRow; review: ReviewRow }[]>;
  /** Locks the report's row for the transaction. */
  findForDecision(tx: Db, reportId: string): Promise<ReviewReportRow | undefined>;
  /** Settles the report (and, on removal, every other open report of its review). */
  decide(
    tx: Db,
    report: ReviewReportRow,
    decision: { status: 'kept' | 'removed'; reason: string; adminId: string; at: Date },
  ): Promise<ReviewReportRow>;
}
