import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ClaimQueueItem } from '@laundry/contracts';
import { Badge, Button, Card, buttonClassName } from '@laundry/ui';
import { claimQueue, claimedLaundromat } from '../api/admin-queries.ts';
import { claimFacts } from '../domain/claims.ts';
import type { DecisionKind } from '../domain/decisions.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { DecisionDialog, type DecisionRequest } from '../components/decision-dialog.tsx';
import { Empty, LoadError, Loading } from '../components/query-states.tsx';
import { useAdminText } from '../components/use-admin-text.ts';
import { useDecision } from '../components/use-decision.ts';
import styles from '../components/admin.module.css';

type ClaimKind = Extract<DecisionKind, `claim.${string}`>;

/**
 * People who say they run a laundromat: open a document claim's file, then approve (the claimant becomes
 * its verified owner, replacing any current one) or reject with a reason.
 */
export default function ClaimsPage() {
  const { t } = useAdminText();
  const queue = useQuery(claimQueue());
  const [asking, setAsking] = useState<{ request: DecisionRequest; id: string } | null>(null);
  const decision = useDecision(() => setAsking(null));

  return (
    <AdminLayout title={t('claims.title')} intro={t('claims.intro')}>
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <Empty title={t('claims.emptyTitle')} text={t('claims.emptyText')} />
      ) : (
        <>
          <p className={styles.count}>{t('claims.count', { count: queue.data.length })}</p>
          <ul className={styles.list} aria-label={t('claims.listLabel')}>
            {queue.data.map((claim) => (
              <ClaimItem
                key={claim.id}
                claim={claim}
                busy={decision.isPending}
                onDecide={(kind, subject) => setAsking({ request: { kind, subject }, id: claim.id })}
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
            url: `/api/admin/claims/${encodeURIComponent(asking.id)}/decision`,
            body,
            subject: asking.request.subject,
          })
        }
      />
    </AdminLayout>
  );
}

function ClaimItem({
  claim,
  busy,
  onDecide,
}: {
  claim: ClaimQueueItem;
  busy: boolean;
  onDecide: (kind: ClaimKind, subject: string) => void;
}) {
  const { t, dateTime } = useAdminText();
  const laundromat = useQuery(claimedLaundromat(claim.laundromatId));
  const facts = claimFacts(claim);
  // Until the directory answers (or if it cannot), the claim is still decidable by its laundromat's id.
  const name = laundromat.data?.name ?? t('claims.unknownLaundromat');
  const address = laundromat.data
    ? [laundromat.data.address, laundromat.data.city].filter(Boolean).join(', ')
    : null;
  return (
    <li>
      <Card className={styles.item} data-testid="claim-item" data-claim-id={claim.id}>
        <div className={styles.itemMain}>
          <div className={styles.itemTop}>
            <h2 className={styles.itemTitle}>{name}</h2>
            {facts.contested && <Badge tone="danger">{t('claims.contested')}</Badge>}
          </div>
          <dl className={styles.facts}>
            <dt>{t('claims.address')}</dt>
            <dd>{address ?? t('none')}</dd>
            <dt>{t('claims.claimant')}</dt>
            <dd>{facts.claimantEmail ?? t('claims.noEmail')}</dd>
            <dt>{t('claims.method')}</dt>
            <dd>
              {t(facts.methodKey)}
              {claim.documentType && ` · ${t(`claims.documentTypes.${claim.documentType}`)}`}
            </dd>
            <dt>{t('claims.submittedAt')}</dt>
            <dd>{dateTime(claim.createdAt)}</dd>
            {facts.currentOwner && (
              <>
                <dt>{t('claims.currentOwner')}</dt>
                <dd>
                  {facts.currentOwner.email ?? t('claims.ownerByDocument')}
                  {facts.currentOwner.since &&
                    ` · ${t('claims.ownerSince', { date: dateTime(facts.currentOwner.since) })}`}
                </dd>
              </>
            )}
          </dl>
          {facts.contested && <p className={styles.muted}>{t('claims.contestedText')}</p>}
        </div>
        <div className={styles.itemActions}>
          {facts.documentUrl && (
            <a className={buttonClassName('secondary')} href={facts.documentUrl} download>
              {t('claims.openDocument')}
            </a>
          )}
          <Button disabled={busy} onClick={() => onDecide('claim.approve', name)}>
            {t('actions.approve')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => onDecide('claim.reject', name)}>
            {t('actions.reject')}
          </Button>
        </div>
      </Card>
    </li>
  );
}
