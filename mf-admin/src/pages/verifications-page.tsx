import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { VerificationQueueItem } from '@laundry/contracts';
import { Badge, Button, Card, buttonClassName } from '@laundry/ui';
import { verificationDocumentUrl, verificationQueue } from '../api/admin-queries.ts';
import { statusFrom, statusKey, verificationFilterStatuses } from '../domain/statuses.ts';
import type { DecisionKind } from '../domain/decisions.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { DecisionDialog, type DecisionRequest } from '../components/decision-dialog.tsx';
import { ExternalLink } from '../components/external-link.tsx';
import { Empty, LoadError, Loading } from '../components/query-states.tsx';
import { StatusFilter } from '../components/status-filter.tsx';
import { useAdminText } from '../components/use-admin-text.ts';
import { useDecision } from '../components/use-decision.ts';
import styles from '../components/admin.module.css';

type VerificationKind = Extract<DecisionKind, `verification.${string}`>;

const documentTypes = [
  'business_registration',
  'tax_certificate',
  'utility_bill',
  'professional_license',
  'other',
];

/** Business documents advertisers sent: open each, then verify the business or reject the document. */
export default function VerificationsPage() {
  const { t } = useAdminText();
  const [search, setSearch] = useSearchParams();
  const status = statusFrom(search.get('status'), verificationFilterStatuses);
  const queue = useQuery(verificationQueue(status));
  const [asking, setAsking] = useState<{ request: DecisionRequest; id: string } | null>(null);
  const decision = useDecision(() => setAsking(null));

  return (
    <AdminLayout title={t('verifications.title')} intro={t('verifications.intro')}>
      <StatusFilter
        statuses={verificationFilterStatuses}
        value={status}
        onChange={(next) => setSearch(next === 'pending' ? {} : { status: next }, { replace: true })}
      />
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <Empty title={t('verifications.emptyTitle')} text={t(`verifications.empty.${status}`)} />
      ) : (
        <>
          <p className={styles.count}>{t('verifications.count', { count: queue.data.length })}</p>
          <ul className={styles.list} aria-label={t('verifications.listLabel')}>
            {queue.data.map((item) => (
              <VerificationItem
                key={item.id}
                item={item}
                busy={decision.isPending}
                onDecide={(kind) => setAsking({ request: { kind, subject: item.businessName }, id: item.id })}
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
            url: `/api/admin/verifications/${asking.id}`,
            body,
            subject: asking.request.subject,
          })
        }
      />
    </AdminLayout>
  );
}

function VerificationItem({
  item,
  busy,
  onDecide,
}: {
  item: VerificationQueueItem;
  busy: boolean;
  onDecide: (kind: VerificationKind) => void;
}) {
  const { t, dateTime } = useAdminText();
  const state = statusKey(item.status, verificationFilterStatuses);
  const documentType =
    item.documentType && documentTypes.includes(item.documentType)
      ? t(`verifications.documentTypes.${item.documentType}`)
      : (item.documentType ?? t('none'));
  return (
    <li>
      <Card className={styles.item} data-testid="verification-item">
        <div className={styles.itemMain}>
          <div className={styles.itemTop}>
            <h2 className={styles.itemTitle}>{item.businessName}</h2>
            {item.status !== 'pending' && (
              <Badge tone={item.status === 'verified' ? 'open' : 'closed'}>
                {state ? t(state) : item.status}
              </Badge>
            )}
          </div>
          <dl className={styles.facts}>
            <dt>{t('verifications.contact')}</dt>
            <dd>{item.contactEmail}</dd>
            {item.website && (
              <>
                <dt>{t('verifications.website')}</dt>
                <dd>
                  <ExternalLink href={item.website} />
                </dd>
              </>
            )}
            <dt>{t('verifications.documentType')}</dt>
            <dd>{documentType}</dd>
            {item.documentNumber && (
              <>
                <dt>{t('verifications.documentNumber')}</dt>
                <dd>{item.documentNumber}</dd>
              </>
            )}
            {item.issuingAuthority && (
              <>
                <dt>{t('verifications.issuingAuthority')}</dt>
                <dd>{item.issuingAuthority}</dd>
              </>
            )}
            <dt>{t('verifications.submittedAt')}</dt>
            <dd>{dateTime(item.createdAt)}</dd>
            {item.verificationNotes && (
              <>
                <dt>{t('verifications.notes')}</dt>
                <dd>{item.verificationNotes}</dd>
              </>
            )}
          </dl>
        </div>
        <div className={styles.itemActions}>
          <a className={buttonClassName('secondary')} href={verificationDocumentUrl(item.id)} download>
            {t('verifications.viewDocument')}
          </a>
          {item.status === 'pending' && (
            <>
              <Button disabled={busy} onClick={() => onDecide('verification.verify')}>
                {t('actions.verify')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => onDecide('verification.reject')}>
                {t('actions.reject')}
              </Button>
            </>
          )}
        </div>
      </Card>
    </li>
  );
}
