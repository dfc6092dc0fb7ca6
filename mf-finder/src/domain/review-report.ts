import { reviewAbuseReasons, reviewAbuseReportLimits, type ReviewAbuseReason } from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';

/** The report dialog's fields: no reason chosen yet, and the note as typed. */
export interface ReviewReportValues {
  reason: ReviewAbuseReason | null;
  note: string;
}

export const initialReviewReportValues: ReviewReportValues = { reason: null, note: '' };

/** The reasons in the contract's order, each with its label's key. */
export const reviewReportReasons = reviewAbuseReasons.map((reason) => ({
  reason,
  key: `finder:review.report.reasons.${reason}`,
}));

export const reviewReportKeys = {
  reasonRequired: 'finder:review.report.errors.reasonRequired',
  noteTooLong: 'finder:review.report.errors.noteTooLong',
  alreadyReported: 'finder:review.report.errors.alreadyReported',
  forbidden: 'finder:review.report.errors.forbidden',
  notFound: 'finder:review.report.errors.notFound',
  failed: 'finder:review.report.errors.failed',
} as const;

/** The body as sent (the contract's input: a note only when there is one). */
export interface ReviewReportRequest {
  reason: ReviewAbuseReason;
  note?: string;
}

export type ReviewReportCheck =
  | { kind: 'ok'; request: ReviewReportRequest }
  | { kind: 'invalid'; errors: Partial<Record<keyof ReviewReportValues, I18nText>> };

/**
 * The body of POST /api/reviews/{reviewId}/abuse-reports as the contract takes it: a reason is required, the
 * note is trimmed, at most 1,000 characters, and left out when empty.
 */
export function checkReviewReport(values: ReviewReportValues): ReviewReportCheck {
  const errors: Partial<Record<keyof ReviewReportValues, I18nText>> = {};
  const note = values.note.trim();
  if (!values.reason) errors.reason = { key: reviewReportKeys.reasonRequired };
  if (note.length > reviewAbuseReportLimits.note) {
    errors.note = { key: reviewReportKeys.noteTooLong, values: { max: reviewAbuseReportLimits.note } };
  }
  if (!values.reason || errors.note) return { kind: 'invalid', errors };
  return { kind: 'ok', request: note ? { reason: values.reason, note } : { reason: values.reason } };
}

/** What a refused report means to the owner; `reported` when the review is reported either way (409). */
export interface ReviewReportFailure {
  message: I18nText;
  reported: boolean;
}

/** A failed POST's error ('{status}: {body}', as the finder's HTTP client rejects) in the owner's words. */
export function reviewReportFailure(error: unknown): ReviewReportFailure {
  const status = error instanceof Error ? /^(\d{3}):/.exec(error.message)?.[1] : undefined;
  switch (status) {
    case '409':
      return { message: { key: reviewReportKeys.alreadyReported }, reported: true };
    case '403':
      return { message: { key: reviewReportKeys.forbidden }, reported: false };
    case '404':
      return { message: { key: reviewReportKeys.notFound }, reported: false };
    default:
      return { message: { key: reviewReportKeys.failed }, reported: false };
  }
}
