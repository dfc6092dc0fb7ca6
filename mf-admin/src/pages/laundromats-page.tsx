import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { LaundromatSubmission } from '@laundry/contracts';
import { Badge, Button, Card } from '@laundry/ui';
import { adminKey, submissionsPage } from '../api/admin-queries.ts';
import { coordinatesText, mapUrl } from '../domain/places.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { DecisionDialog, type DecisionRequest } from '../components/decision-dialog.tsx';
import { ExternalLink } from '../components/external-link.tsx';
import { Empty, LoadError, Loading } from '../components/query-states.tsx';
import { useAdminText } from '../components/use-admin-text.ts';
import { useDecision } from '../components/use-decision.ts';
import { MergeButton } from '../components/laundromat-corrections.tsx';
import { DataExportSection } from './data-export-section.tsx';
import { OutOfOrderSection } from './out-of-order-section.tsx';
import styles from '../components/admin.module.css';

const submissionsKey = [adminKey, 'laundromats', 'submissions'] as const;

/** The laundromats users submitted, oldest first: check each on the map, then approve or reject it. */
export default function LaundromatsPage() {
  const { t } = useAdminText();
  const [asking, setAsking] = useState<{ request: DecisionRequest; id: string } | null>(null);
  const decision = useDecision(() => setAsking(null));
  const queue = useInfiniteQuery({
    queryKey: submissionsKey,
    queryFn: ({ pageParam }) => submissionsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const total = queue.data?.pages.at(-1)?.total ?? 0;
  const decide = (submission: LaundromatSubmission, kind: 'laundromat.approve' | 'laundromat.reject') => {
    if (kind === 'laundromat.approve') {
      decision.mutate({
        kind,
        url: `/api/laundromats/${submission.id}/approve`,
        body: undefined,
        subject: submission.name,
      });
    } else setAsking({ request: { kind, subject: submission.name }, id: submission.id });
  };

  return (
    <AdminLayout title={t('laundromats.title')} intro={t('laundromats.intro')}>
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <Empty title={t('laundromats.emptyTitle')} text={t('laundromats.emptyText')} />
      ) : (
        <>
          <p className={styles.count} data-testid="submission-count">
            {t('laundromats.count', { count: total })}
          </p>
          <ul className={styles.list} aria-label={t('laundromats.listLabel')}>
            {items.map((submission) => (
              <SubmissionItem
                key={submission.id}
                submission={submission}
                busy={decision.isPending}
                onDecide={(kind) => decide(submission, kind)}
              />
            ))}
          </ul>
          {queue.hasNextPage && (
            <div className={styles.loadMore}>
              <Button
                variant="secondary"
                disabled={queue.isFetchingNextPage}
                onClick={() => void queue.fetchNextPage()}
              >
                {queue.isFetchingNextPage ? t('loading') : t('actions.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
      <OutOfOrderSection />
      <DataExportSection />
      <DecisionDialog
        request={asking?.request ?? null}
        pending={decision.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(kind, body) =>
          asking &&
          decision.mutate({
            kind,
            url: `/api/laundromats/${asking.id}/reject`,
            body,
            subject: asking.request.subject,
          })
        }
      />
    </AdminLayout>
  );
}

function SubmissionItem({
  submission,
  busy,
  onDecide,
}: {
  submission: LaundromatSubmission;
  busy: boolean;
  onDecide: (kind: 'laundromat.approve' | 'laundromat.reject') => void;
}) {
  const { t, dateTime } = useAdminText();
  const place = [submission.city, submission.country].filter(Boolean).join(', ');
  return (
    <li>
      <Card className={styles.item} data-testid="submission" data-submission-id={submission.id}>
        <div className={styles.itemMain}>
          <h2 className={styles.itemTitle}>{submission.name}</h2>
          <p className={styles.muted}>
            {submission.address}
            {place && ` · ${place}`}
          </p>
          <dl className={styles.facts}>
            <dt>{t('laundromats.submittedBy')}</dt>
            <dd>{submission.submittedByEmail ?? submission.submittedById ?? t('unknown')}</dd>
            <dt>{t('laundromats.submittedAt')}</dt>
            <dd>{dateTime(submission.submittedAt)}</dd>
            <dt>{t('laundromats.location')}</dt>
            <dd>
              <a
                href={mapUrl(submission.latitude, submission.longitude)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {coordinatesText(submission.latitude, submission.longitude)}
                <span className="visually-hidden"> {t('opensInNewTab')}</span>
              </a>
            </dd>
            {submission.phone && (
              <>
                <dt>{t('laundromats.phone')}</dt>
                <dd>{submission.phone}</dd>
              </>
            )}
            {submission.website && (
              <>
                <dt>{t('laundromats.website')}</dt>
                <dd>
                  <ExternalLink href={submission.website} />
                </dd>
              </>
            )}
          </dl>
          {submission.likelyDuplicates.length > 0 && (
            <div className={styles.duplicates} role="note" data-testid="likely-duplicates">
              <Badge tone="danger">{t('laundromats.duplicatesTitle')}</Badge>
              <ul>
                {submission.likelyDuplicates.map((duplicate) => (
                  <li key={duplicate.id}>
                    {duplicate.status === 'approved' ? (
                      <a href={`/?l=${encodeURIComponent(duplicate.id)}`}>
                        {t('laundromats.duplicateEntry', {
                          name: duplicate.name,
                          distance: Math.round(duplicate.distanceMeters),
                        })}
                      </a>
                    ) : (
                      t('laundromats.duplicateEntry', {
                        name: duplicate.name,
                        distance: Math.round(duplicate.distanceMeters),
                      })
                    )}{' '}
                    <span className={styles.duplicateStatus}>
                      (
                      {t(
                        duplicate.status === 'approved'
                          ? 'laundromats.duplicateListed'
                          : 'laundromats.duplicatePending',
                      )}
                      )
                    </span>
                    {duplicate.status === 'approved' && (
                      <MergeButton
                        survivorId={duplicate.id}
                        mergedId={submission.id}
                        name={submission.name}
                      />
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <div className={styles.itemActions}>
          <Button disabled={busy} onClick={() => onDecide('laundromat.approve')}>
            {t('actions.approve')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => onDecide('laundromat.reject')}>
            {t('actions.reject')}
          </Button>
        </div>
      </Card>
    </li>
  );
}
