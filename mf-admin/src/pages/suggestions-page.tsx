import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SuggestionChange, SuggestionGroup, SuggestionQueue } from '@laundry/contracts';
import { Badge, Button, Card } from '@laundry/ui';
import { getJson } from '../api/admin-http.ts';
import { adminKey } from '../api/admin-queries.ts';
import { coordinatesText, mapUrl } from '../domain/places.ts';
import { changeValueText } from '../domain/suggestion-diff.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { DecisionDialog, type DecisionRequest } from '../components/decision-dialog.tsx';
import { Empty, LoadError, Loading } from '../components/query-states.tsx';
import { useAdminText } from '../components/use-admin-text.ts';
import { useDecision } from '../components/use-decision.ts';
import { MergeButton, UpstreamValues } from '../components/laundromat-corrections.tsx';
import styles from '../components/admin.module.css';

const queueKey = [adminKey, 'suggestions'] as const;

/** People's suggested edits, each change once with its confirmations: the diff, then approve or reject. */
export default function SuggestionsPage() {
  const { t } = useAdminText();
  const [asking, setAsking] = useState<{ request: DecisionRequest; id: string } | null>(null);
  const decision = useDecision(() => setAsking(null));
  const queue = useQuery({
    queryKey: queueKey,
    queryFn: () => getJson<SuggestionQueue>('/api/admin/suggestions?limit=100'),
  });
  const items = queue.data?.items ?? [];

  return (
    <AdminLayout title={t('suggestions.title')} intro={t('suggestions.intro')}>
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <Empty title={t('suggestions.emptyTitle')} text={t('suggestions.emptyText')} />
      ) : (
        <>
          <p className={styles.count} data-testid="suggestion-count">
            {t('suggestions.count', { count: queue.data?.total ?? 0 })}
          </p>
          <ul className={styles.list} aria-label={t('suggestions.listLabel')}>
            {items.map((group) => (
              <SuggestionItem
                key={group.id}
                group={group}
                busy={decision.isPending}
                onDecide={(kind) =>
                  setAsking({ request: { kind, subject: group.laundromat.name }, id: group.id })
                }
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
            url: `/api/admin/suggestions/${asking.id}/decision`,
            body,
            subject: asking.request.subject,
          })
        }
      />
    </AdminLayout>
  );
}

function SuggestionItem({
  group,
  busy,
  onDecide,
}: {
  group: SuggestionGroup;
  busy: boolean;
  onDecide: (kind: 'suggestion.approve' | 'suggestion.reject') => void;
}) {
  const { t, dateTime } = useAdminText();
  const { laundromat } = group;
  const place = [laundromat.city, laundromat.country].filter(Boolean).join(', ');
  // A 'duplicate of …' suggestion is settled by merging into the laundromat it names.
  const named = group.changes.find((change) => change.field === 'duplicateOf')?.proposed;
  const survivor = group.kind === 'duplicate' && typeof named === 'string' ? named : undefined;
  return (
    <li>
      <Card className={styles.item} data-testid="suggestion" data-suggestion-id={group.id}>
        <div className={styles.itemMain}>
          <h2 className={styles.itemTitle}>
            <a href={`/?l=${encodeURIComponent(laundromat.id)}`}>{laundromat.name}</a>
          </h2>
          <p className={styles.muted}>
            <Badge tone="info">{t(`suggestions.kinds.${group.kind}`)}</Badge> {place} ·{' '}
            <a
              href={mapUrl(laundromat.latitude, laundromat.longitude)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {coordinatesText(laundromat.latitude, laundromat.longitude)}
              <span className="visually-hidden"> {t('opensInNewTab')}</span>
            </a>
          </p>
          <ChangeTable changes={group.changes} />
          <UpstreamValues laundromatId={laundromat.id} name={laundromat.name} />
          <p data-testid="confirmations">
            <Badge tone={group.confirmations > 1 ? 'open' : 'neutral'}>
              {t('suggestions.confirmations', { count: group.confirmations })}
            </Badge>
          </p>
          <dl className={styles.facts}>
            {group.suggestions.map((suggestion) => (
              <div key={suggestion.id} className={styles.suggestionBy}>
                <dt>{t('suggestions.suggestedBy')}</dt>
                <dd>
                  {suggestion.email ?? t('unknown')} · {dateTime(suggestion.createdAt)}
                  {suggestion.note && (
                    <>
                      <br />
                      {t('suggestions.note')}: <q>{suggestion.note}</q>
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className={styles.itemActions}>
          <Button disabled={busy} onClick={() => onDecide('suggestion.approve')}>
            {t('actions.approve')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => onDecide('suggestion.reject')}>
            {t('actions.reject')}
          </Button>
          {survivor && (
            <MergeButton
              survivorId={survivor}
              mergedId={laundromat.id}
              suggestionId={group.id}
              name={laundromat.name}
            />
          )}
        </div>
      </Card>
    </li>
  );
}

/** Field, value now and proposed value, one row each. */
function ChangeTable({ changes }: { changes: SuggestionChange[] }) {
  const { t } = useAdminText();
  // An amenity is named by its key (hasWifi), which the console has no words for: it says so around the key.
  const fieldName = (field: string) =>
    /^(has|is|accepts)[A-Z]/.test(field)
      ? t('suggestions.fields.amenity', { name: field })
      : t(`suggestions.fields.${field}`, { defaultValue: field });
  return (
    <table className={styles.diff} data-testid="suggestion-diff">
      <thead>
        <tr>
          <th scope="col">{t('suggestions.field')}</th>
          <th scope="col">{t('suggestions.current')}</th>
          <th scope="col">{t('suggestions.proposed')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{fieldName(change.field)}</th>
            <td className={styles.diffOld}>{changeValueText(change.current) ?? t('none')}</td>
            <td className={styles.diffNew}>{changeValueText(change.proposed) ?? t('none')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
