import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ContentChange, ModerationQueueItem } from '@laundry/contracts';
import { Badge, Button, Card } from '@laundry/ui';
import { moderationQueue } from '../api/admin-queries.ts';
import { findingText } from '../domain/findings.ts';
import { riskLevel } from '../domain/risk.ts';
import { moderationFilterStatuses, statusFrom, statusKey } from '../domain/statuses.ts';
import type { DecisionKind } from '../domain/decisions.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { DecisionDialog, type DecisionRequest } from '../components/decision-dialog.tsx';
import { ExternalLink } from '../components/external-link.tsx';
import { Empty, LoadError, Loading } from '../components/query-states.tsx';
import { StatusFilter } from '../components/status-filter.tsx';
import { useAdminText } from '../components/use-admin-text.ts';
import { useDecision } from '../components/use-decision.ts';
import { ReviewReportsSection } from './review-reports-section.tsx';
import styles from '../components/admin.module.css';

type ModerationKind = Extract<DecisionKind, `moderation.${string}`>;

/** Campaigns the automatic check held back: what the ad says, where it leads, why it was flagged. */
export default function ModerationPage() {
  const { t } = useAdminText();
  const [search, setSearch] = useSearchParams();
  const status = statusFrom(search.get('status'), moderationFilterStatuses);
  const queue = useQuery(moderationQueue(status));
  const [asking, setAsking] = useState<{ request: DecisionRequest; reviewId: string } | null>(null);
  const decision = useDecision(() => setAsking(null));

  const decide = (item: ModerationQueueItem, kind: ModerationKind) =>
    setAsking({ request: { kind, subject: item.title }, reviewId: item.reviewId });

  return (
    <AdminLayout title={t('moderation.title')} intro={t('moderation.intro')}>
      <StatusFilter
        statuses={moderationFilterStatuses}
        value={status}
        onChange={(next) => setSearch(next === 'pending' ? {} : { status: next }, { replace: true })}
      />
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <Empty title={t('moderation.emptyTitle')} text={t(`moderation.empty.${status}`)} />
      ) : (
        <>
          <p className={styles.count}>{t('moderation.count', { count: queue.data.length })}</p>
          <ul className={styles.list} aria-label={t('moderation.listLabel')}>
            {queue.data.map((item) => (
              <ModerationItem
                key={item.reviewId}
                item={item}
                busy={decision.isPending}
                onDecide={(kind) => decide(item, kind)}
              />
            ))}
          </ul>
        </>
      )}
      <DecisionDialog
        request={asking?.request ?? null}
        pending={decision.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(kind, body) =>
          asking &&
          decision.mutate({
            kind,
            url: `/api/admin/moderation/${asking.reviewId}`,
            body,
            subject: asking.request.subject,
          })
        }
      />
      <ReviewReportsSection />
    </AdminLayout>
  );
}

function ModerationItem({
  item,
  busy,
  onDecide,
}: {
  item: ModerationQueueItem;
  busy: boolean;
  onDecide: (kind: ModerationKind) => void;
}) {
  const { t, text, dateTime } = useAdminText();
  const reasonText = (reason: string) => {
    const known = findingText(reason);
    return known ? text(known) : reason;
  };
  const [imageFailed, setImageFailed] = useState(false);
  const level = riskLevel(item.riskScore);
  const state = statusKey(item.status, moderationFilterStatuses);
  return (
    <li>
      <Card className={styles.item} data-testid="moderation-item">
        <div className={styles.itemMain}>
          <div className={styles.itemTop}>
            <span className={`${styles.risk} ${styles[`risk-${level}`]}`}>
              {t(`moderation.risk.${level}`, { score: item.riskScore })}
            </span>
            <Badge tone="neutral">{t(`moderation.reviewType.${item.reviewType}`)}</Badge>
            {item.status !== 'pending' && (
              <Badge tone={item.status === 'approved' ? 'open' : 'closed'}>
                {state ? t(state) : item.status}
              </Badge>
            )}
          </div>
          <h2 className={styles.itemTitle}>{item.title}</h2>
          {item.description && <p className={styles.description}>{item.description}</p>}
          {item.imageUrl &&
            (imageFailed ? (
              <p className={styles.muted}>{t('moderation.imageFailed')}</p>
            ) : (
              // The advertiser's image as the ad would show it; no referrer goes to its host.
              <img
                className={styles.adImage}
                src={item.imageUrl}
                alt={t('moderation.imageAlt', { title: item.title })}
                referrerPolicy="no-referrer"
                loading="lazy"
                onError={() => setImageFailed(true)}
              />
            ))}
          <dl className={styles.facts}>
            <dt>{t('moderation.targetUrl')}</dt>
            <dd>{item.targetUrl ? <ExternalLink href={item.targetUrl} /> : t('none')}</dd>
            {item.imageUrl && (
              <>
                <dt>{t('moderation.imageUrl')}</dt>
                <dd>
                  <ExternalLink href={item.imageUrl} />
                </dd>
              </>
            )}
            <dt>{t('moderation.advertiser')}</dt>
            <dd>
              {item.businessName}{' '}
              <Badge tone={item.advertiserVerified ? 'open' : 'neutral'}>
                {item.advertiserVerified ? t('moderation.verified') : t('moderation.unverified')}
              </Badge>
            </dd>
            {item.advertiserWebsite && (
              <>
                <dt>{t('moderation.website')}</dt>
                <dd>
                  <ExternalLink href={item.advertiserWebsite} />
                </dd>
              </>
            )}
            <dt>{t('moderation.submittedAt')}</dt>
            <dd>{dateTime(item.createdAt)}</dd>
          </dl>
          {item.changes && item.changes.length > 0 && <ContentChanges changes={item.changes} />}
          {item.flaggedContent.length > 0 && (
            <section aria-label={t('moderation.findings')}>
              <h3 className={styles.label}>{t('moderation.findings')}</h3>
              <ul className={styles.findings}>
                {item.flaggedContent.map((finding, index) => (
                  <li key={`${finding.field}-${index}`} className={styles.finding}>
                    <span className={styles.findingField}>
                      {t(`moderation.fields.${finding.field}`, finding.field)}
                    </span>
                    <span>{reasonText(finding.reason)}</span>
                    <span className={styles.points}>{t('moderation.points', { count: finding.points })}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        {item.status === 'pending' && (
          <div className={styles.itemActions}>
            <Button disabled={busy} onClick={() => onDecide('moderation.approve')}>
              {t('actions.approve')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => onDecide('moderation.request_changes')}
            >
              {t('actions.requestChanges')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => onDecide('moderation.reject')}>
              {t('actions.reject')}
            </Button>
          </div>
        )}
      </Card>
    </li>
  );
}

/**
 * An edit of approved content, field by field: the approved value beside the new one, so the reviewer sees
 * what the change is (the new content is what the card above shows).
 */
function ContentChanges({ changes }: { changes: ContentChange[] }) {
  const { t } = useAdminText();
  const value = (text: string | null) => (text === null ? t('moderation.changes.none') : text);
  return (
    <section aria-label={t('moderation.changes.title')} data-testid="moderation-changes">
      <h3 className={styles.label}>{t('moderation.changes.title')}</h3>
      <dl className={styles.changes}>
        {changes.map((change, index) => {
          const field = t(`moderation.fields.${change.field}`);
          return (
            <div key={`${change.creative ?? 0}-${change.field}-${index}`} className={styles.change}>
              <dt className={styles.findingField}>
                {change.creative === null
                  ? field
                  : t('moderation.changes.creativeField', { n: change.creative, field })}
              </dt>
              <dd className={styles.changeValues}>
                <span className={styles.changeBefore}>
                  <span className={styles.changeLabel}>{t('moderation.changes.before')}</span>{' '}
                  <del>{value(change.before)}</del>
                </span>
                <span className={styles.changeAfter}>
                  <span className={styles.changeLabel}>{t('moderation.changes.after')}</span>{' '}
                  <ins>{value(change.after)}</ins>
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
