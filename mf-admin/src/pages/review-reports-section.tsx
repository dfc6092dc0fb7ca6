import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reviewAbuseReportLimits,
  type AdminReviewReport,
  type DecideReviewReportRequest,
  type ReviewAbuseReport,
} from '@laundry/contracts';
import { Button, Card, toast } from '@laundry/ui';
import { getJson, postJson } from '../api/admin-http.ts';
import { adminKey } from '../api/admin-queries.ts';
import { errorText, isSignedOutError } from '../domain/admin-errors.ts';
import { Empty, LoadError, Loading } from '../components/query-states.tsx';
import { redirectToSignIn } from '../components/use-decision.ts';
import { useAdminText } from '../components/use-admin-text.ts';
import styles from '../components/admin.module.css';

const reportsKey = [adminKey, 'review-reports'] as const;
const reportsUrl = '/api/admin/review-reports';

/**
 * Reviews a laundromat's verified owner reported as abusive, oldest first. Only an admin decides: keep the
 * review, or remove it from the public lists; either way with the reason, which the audit log keeps.
 */
export function ReviewReportsSection() {
  const { t, text } = useAdminText();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: reportsKey, queryFn: () => getJson<AdminReviewReport[]>(reportsUrl) });
  const decide = useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecideReviewReportRequest }) =>
      postJson<ReviewAbuseReport>(`${reportsUrl}/${encodeURIComponent(id)}/decision`, body),
    onSuccess: (answer) => {
      toast({
        title: t(answer.status === 'removed' ? 'reviewReports.removed' : 'reviewReports.kept'),
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: t('reviewReports.failed'),
        description: text(errorText(error)),
        variant: 'destructive',
      });
      if (isSignedOutError(error)) redirectToSignIn();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
  const items = list.data ?? [];

  return (
    <section aria-labelledby="review-reports-title" data-testid="review-reports">
      <div className={styles.head}>
        <h2 id="review-reports-title" className={styles.title}>
          {t('reviewReports.title')}
        </h2>
        <p className={styles.intro}>{t('reviewReports.intro')}</p>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Empty title={t('reviewReports.emptyTitle')} text={t('reviewReports.emptyText')} />
      ) : (
        <ul className={styles.list} aria-label={t('reviewReports.listLabel')}>
          {items.map((report) => (
            <ReviewReportItem
              key={report.id}
              report={report}
              busy={decide.isPending}
              onDecide={(body) => decide.mutate({ id: report.id, body })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewReportItem({
  report,
  busy,
  onDecide,
}: {
  report: AdminReviewReport;
  busy: boolean;
  onDecide: (body: DecideReviewReportRequest) => void;
}) {
  const { t, dateTime } = useAdminText();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const name = report.laundromatName ?? t('reviewReports.unlisted');
  const reasonId = `review-report-reason-${report.id}`;
  const submit = (decision: DecideReviewReportRequest['decision']) => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onDecide({ decision, reason: reason.trim() });
  };
  return (
    <li>
      <Card className={styles.item} data-testid="review-report" data-review-id={report.reviewId}>
        <div className={styles.itemMain}>
          <h3 className={styles.itemTitle}>
            {report.laundromatName ? (
              <a href={`/?l=${encodeURIComponent(report.laundromatId)}`}>{name}</a>
            ) : (
              name
            )}
          </h3>
          <dl className={styles.facts}>
            <dt>{t('reviewReports.rating')}</dt>
            <dd>{'★'.repeat(report.review.overallRating)}</dd>
            <dt>{t('reviewReports.review')}</dt>
            <dd data-testid="review-report-text">{report.review.reviewText ?? '—'}</dd>
            <dt>{t('reviewReports.ownerReason')}</dt>
            <dd>{t(`reviewReports.reason.${report.reason}`)}</dd>
            {report.note && (
              <>
                <dt>{t('reviewReports.note')}</dt>
                <dd>{report.note}</dd>
              </>
            )}
            <dt>{t('reviewReports.reportedAt')}</dt>
            <dd>{dateTime(report.createdAt)}</dd>
          </dl>
          <label htmlFor={reasonId}>{t('reviewReports.decisionReason')}</label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={reviewAbuseReportLimits.decisionReason}
            rows={2}
            aria-invalid={missing}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
          {missing && <p role="alert">{t('reviewReports.reasonRequired')}</p>}
        </div>
        <div className={styles.itemActions}>
          <Button variant="secondary" disabled={busy} onClick={() => submit('keep')}>
            {t('reviewReports.keep')}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => submit('remove')}>
            {t('reviewReports.remove')}
          </Button>
        </div>
      </Card>
    </li>
  );
}
