import type { Db } from '@laundry/platform/db';
import type { ReviewReportRepository, ReviewReportRow } from '../domain/review-report-store.ts';
import type { ReviewRow } from '../domain/review-store.ts';
import { reviewColumns } from './review-repository.ts';

const reportColumns = `
  r.id, r.review_id AS "reviewId", r.laundromat_id AS "laundromatId", r.reporter_user_id AS "reporterUserId",
  r.reason, r.note, r.status, r.created_at AS "createdAt", r.decided_at AS "decidedAt",
  r.decision_reason AS "decisionReason"`;

export function createReviewReportRepository(db: Db): ReviewReportRepository {
  return {
    async insert(tx, report) {
      const [row] = await tx.query<ReviewReportRow>(
        `INSERT INTO review_abuse_reports AS r
           (review_id, laundromat_id, reporter_user_id, reason, note, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (review_id, reporter_user_id) WHERE status = 'open' DO NOTHING
         RETURNING ${reportColumns}`,
        [
          report.reviewId,
          report.laundromatId,
          report.reporterUserId,
          report.reason,
          report.note,
          report.createdAt.toISOString(),
        ],
      );
      return row;
    },
    async listOpen(limit) {
      const reports = await db.query<ReviewReportRow>(
        `SELECT ${reportColumns} FROM review_abuse_reports r WHERE r.status = 'open'
         ORDER BY r.created_at, r.id LIMIT $1`,
        [limit],
      );
      if (reports.length === 0) return [];
      const reviews = await db.query<ReviewRow>(`SELECT ${reviewColumns} FROM reviews WHERE id = ANY($1)`, [
        [...new Set(reports.map((report) => report.reviewId))],
      ]);
      const byId = new Map(reviews.map((review) => [review.id, review]));
      // A report's review cannot be missing: deleting a review deletes its reports.
      return reports.map((report) => ({ report, review: byId.get(report.reviewId)! }));
    },
    async findForDecision(tx, reportId) {
      const [row] = await tx.query<ReviewReportRow>(
        `SELECT ${reportColumns} FROM review_abuse_reports r WHERE r.id = $1 FOR UPDATE`,
        [reportId],
      );
      return row;
    },
    async decide(tx, report, decision) {
      const [row] = await tx.query<ReviewReportRow>(
        `UPDATE review_abuse_reports r
         SET status = $2, decision_reason = $3, decided_by = $4, decided_at = $5
         WHERE r.id = $1 RETURNING ${reportColumns}`,
        [report.id, decision.status, decision.reason, decision.adminId, decision.at.toISOString()],
      );
      if (decision.status === 'removed') {
        await tx.query(
          `UPDATE review_abuse_reports
           SET status = 'removed', decision_reason = $2, decided_by = $3, decided_at = $4
           WHERE review_id = $1 AND status = 'open'`,
          [report.reviewId, decision.reason, decision.adminId, decision.at.toISOString()],
        );
      }
      return row!;
    },
  };
}
