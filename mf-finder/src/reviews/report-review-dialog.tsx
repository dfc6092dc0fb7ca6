import { useState, type FormEvent } from 'react';
import { reviewAbuseReportLimits } from '@laundry/contracts';
import { Button, Dialog, DialogFooter } from '@laundry/ui';
import { useMutation } from '@tanstack/react-query';
import { mutateJson } from '../api/http-client.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import {
  checkReviewReport,
  initialReviewReportValues,
  reviewReportFailure,
  reviewReportReasons,
  type ReviewReportCheck,
  type ReviewReportRequest,
  type ReviewReportValues,
} from '../domain/review-report.ts';
import { useText } from '../shared/use-text.ts';
import styles from './reviews.module.css';

/**
 * The verified owner's 'Report' of a review of their laundromat: a reason from the contract's list and an
 * optional note, for an admin to decide. The owner can never remove or hide the review themselves.
 */
export function ReportReviewDialog({
  reviewId,
  open,
  onOpenChange,
  onReported,
}: {
  reviewId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The review is reported now (sent, or it was already). */
  onReported: () => void;
}) {
  const { t } = useText();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('review.report.title')}
      description={t('review.report.description')}
      className={styles.formDialog}
    >
      {open && <ReportForm reviewId={reviewId} onClose={() => onOpenChange(false)} onReported={onReported} />}
    </Dialog>
  );
}

function ReportForm({
  reviewId,
  onClose,
  onReported,
}: {
  reviewId: string;
  onClose: () => void;
  onReported: () => void;
}) {
  const { t, text } = useText();
  const [values, setValues] = useState<ReviewReportValues>(initialReviewReportValues);
  const [errors, setErrors] = useState<Extract<ReviewReportCheck, { kind: 'invalid' }>['errors']>({});
  const [failure, setFailure] = useState<I18nText | null>(null);
  const send = useMutation({
    mutationFn: (request: ReviewReportRequest) =>
      mutateJson('POST', `/api/reviews/${encodeURIComponent(reviewId)}/abuse-reports`, request),
    onSuccess: () => {
      onReported();
      onClose();
    },
    onError: (error) => {
      const refused = reviewReportFailure(error);
      setFailure(refused.message);
      if (refused.reported) onReported();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const check = checkReviewReport(values);
    if (check.kind !== 'ok') {
      setErrors(check.errors);
      return;
    }
    send.mutate(check.request);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <fieldset
        className={styles.group}
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? 'report-reason-error' : undefined}
      >
        <legend className={styles.groupTitle}>{t('review.report.reason')}</legend>
        <div className={styles.reportReasons}>
          {reviewReportReasons.map(({ reason, key }) => (
            <label key={reason} className={styles.checkbox}>
              <input
                type="radio"
                name="report-reason"
                value={reason}
                checked={values.reason === reason}
                onChange={() => {
                  setValues((current) => ({ ...current, reason }));
                  setErrors((current) => ({ ...current, reason: undefined }));
                }}
              />
              {t(key)}
            </label>
          ))}
        </div>
        {errors.reason && (
          <span id="report-reason-error" className={styles.error}>
            {text(errors.reason)}
          </span>
        )}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor="report-note">{t('review.report.note')}</label>
        <textarea
          id="report-note"
          className={styles.textarea}
          rows={3}
          value={values.note}
          maxLength={reviewAbuseReportLimits.note}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? 'report-note-error' : 'report-note-hint'}
          onChange={(event) => {
            const note = event.target.value;
            setValues((current) => ({ ...current, note }));
            setErrors((current) => ({ ...current, note: undefined }));
          }}
        />
        {errors.note ? (
          <span id="report-note-error" className={styles.error}>
            {text(errors.note)}
          </span>
        ) : (
          <span id="report-note-hint" className={styles.muted}>
            {t('review.report.noteHint', { max: reviewAbuseReportLimits.note })}
          </span>
        )}
      </div>
      {failure && (
        <p className={styles.error} role="alert" data-testid="report-error">
          {text(failure)}
        </p>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('review.report.sending') : t('review.report.send')}
        </Button>
      </DialogFooter>
    </form>
  );
}
