import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { auditSuccess, type Outbox } from '@laundry/platform/outbox';
import { conflict, forbidden, notFound } from '@laundry/platform/errors';
import type {
  AdminReviewReport,
  CreateReviewAbuseReport,
  DecideReviewReportRequest,
  DirectoryClient,
  ReviewAbuseReport,
} from '@laundry/contracts';
import type { ReviewRepository } from './review-store.ts';
import type { ReviewReportRepository, ReviewReportRow } from './review-report-store.ts';
import type { RequestAudit } from './owner-reply.ts';
import { toPublicReview } from './review-view.ts';

export interface ReviewReportDeps {
  db: Db;
  reviews: ReviewRepository;
  reports: ReviewReportRepository;
  directory: Pick<DirectoryClient, 'laundromatNames'>;
  outbox: Outbox;
}

export const ONLY_THE_OWNER_REPORTS = "Only the laundromat's verified owner can report its reviews.";
export const ALREADY_REPORTED = 'You have already reported this review. An admin will look at it.';
const REVIEW_NOT_FOUND = 'Review not found';
const REPORT_NOT_FOUND = 'Report not found';
/** The admins' queue is short in practice; a page this long is enough to work through. */
const OPEN_REPORTS_SHOWN = 200;

export function toReportView(row: ReviewReportRow): ReviewAbuseReport {
  return {
    id: row.id,
    reviewId: row.reviewId,
    laundromatId: row.laundromatId,
    reason: row.reason,
    note: row.note,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

type ReportOutcome =
  { kind: 'unknown' } | { kind: 'refused' } | { kind: 'duplicate' } | { kind: 'done'; row: ReviewReportRow };

/**
 * The verified owner reports a review of their laundromat; only an admin can act on it, so an owner never
 * hides a review alone. Nobody else may report here (an admin decides directly, a reviewer has nothing to
 * gain). The report and its audit record are written together; a refusal changes nothing.
 */
export async function reportReview(
  deps: ReviewReportDeps,
  user: Identity,
  context: RequestAudit,
  reviewId: string,
  input: CreateReviewAbuseReport,
  now = new Date(),
): Promise<ReviewAbuseReport> {
  const outcome = await deps.db.tx<ReportOutcome>(async (tx) => {
    const found = await deps.reviews.findForReply(tx, reviewId);
    // A removed review is gone for everyone: there is nothing left to report.
    if (!found || found.review.removedAt !== null) return { kind: 'unknown' };
    if (found.ownerUserId === null || found.ownerUserId !== user.id) return { kind: 'refused' };
    const row = await deps.reports.insert(tx, {
      reviewId,
      laundromatId: found.review.laundromatId,
      reporterUserId: user.id,
      reason: input.reason,
      note: input.note ?? null,
      createdAt: now,
    });
    if (!row) return { kind: 'duplicate' };
    await auditSuccess(
      tx,
      deps.outbox,
      { ...context, userId: user.id },
      {
        action: 'review.abuse-report.create',
        resource: 'review',
        resourceId: reviewId,
        oldData: null,
        newData: { reportId: row.id, reason: row.reason, note: row.note },
        advertiserId: null,
      },
      now,
    );
    return { kind: 'done', row };
  });
  if (outcome.kind === 'unknown') throw notFound(REVIEW_NOT_FOUND);
  if (outcome.kind === 'refused') throw forbidden(ONLY_THE_OWNER_REPORTS);
  if (outcome.kind === 'duplicate') throw conflict(ALREADY_REPORTED);
  return toReportView(outcome.row);
}

/** The admins' queue: the open reports, oldest first, with the review and its laundromat's name. */
export async function listOpenReports(deps: ReviewReportDeps): Promise<AdminReviewReport[]> {
  const open = await deps.reports.listOpen(OPEN_REPORTS_SHOWN);
  // The name only helps the admin read the queue: without the directory it is left out, not a failure.
  const names = await deps.directory
    .laundromatNames([...new Set(open.map(({ report }) => report.laundromatId))])
    .catch(() => new Map<string, string>());
  return open.map(({ report, review }) => ({
    ...toReportView(report),
    laundromatName: names.get(report.laundromatId) ?? null,
    review: toPublicReview(review),
  }));
}

type DecisionOutcome = { kind: 'unknown' } | { kind: 'decided' } | { kind: 'done'; row: ReviewReportRow };

/**
 * An admin keeps the reported review or removes it, with the reason. Removing uses the reviews' own
 * removal (the row stays, no public list shows it) and settles every open report of the review.
 */
export async function decideReport(
  deps: ReviewReportDeps,
  admin: Identity,
  context: RequestAudit,
  reportId: string,
  input: DecideReviewReportRequest,
  now = new Date(),
): Promise<ReviewAbuseReport> {
  const outcome = await deps.db.tx<DecisionOutcome>(async (tx) => {
    const report = await deps.reports.findForDecision(tx, reportId);
    if (!report) return { kind: 'unknown' };
    if (report.status !== 'open') return { kind: 'decided' };
    const status = input.decision === 'remove' ? 'removed' : 'kept';
    const row = await deps.reports.decide(tx, report, {
      status,
      reason: input.reason,
      adminId: admin.id,
      at: now,
    });
    if (status === 'removed') await deps.reviews.removeForAbuse(tx, report.reviewId, input.reason, now);
    await auditSuccess(
      tx,
      deps.outbox,
      { ...context, userId: admin.id },
      {
        action: status === 'removed' ? 'review.abuse-report.remove' : 'review.abuse-report.keep',
        resource: 'review',
        resourceId: report.reviewId,
        oldData: { reportId: report.id, status: report.status },
        newData: { reportId: report.id, status, reason: input.reason },
        advertiserId: null,
      },
      now,
    );
    return { kind: 'done', row };
  });
  if (outcome.kind === 'unknown') throw notFound(REPORT_NOT_FOUND);
  if (outcome.kind === 'decided') throw conflict('This report was already decided.');
  return toReportView(outcome.row);
}
