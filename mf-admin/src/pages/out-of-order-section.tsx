import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutOfOrderEntry, OutOfOrderFixed, OutOfOrderList } from '@laundry/contracts';
import { Button, Card, toast } from '@laundry/ui';
import { getJson, postJson } from '../api/admin-http.ts';
import { adminKey } from '../api/admin-queries.ts';
import { errorText, isSignedOutError } from '../domain/admin-errors.ts';
import { Empty, LoadError, Loading } from '../components/query-states.tsx';
import { redirectToSignIn } from '../components/use-decision.ts';
import { useAdminText } from '../components/use-admin-text.ts';
import styles from '../components/admin.module.css';

const outOfOrderKey = [adminKey, 'availability', 'out-of-order'] as const;
const outOfOrderUrl = '/api/admin/availability/out-of-order';

/**
 * Machines visitors last reported out of order, per laundromat, newest first: 'Mark fixed' hides them from
 * the laundromat's detail until a later report names broken machines again.
 */
export function OutOfOrderSection() {
  const { t, text } = useAdminText();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: outOfOrderKey,
    queryFn: () => getJson<OutOfOrderList>(outOfOrderUrl),
  });
  const fix = useMutation({
    mutationFn: (entry: OutOfOrderEntry) =>
      postJson<OutOfOrderFixed>(`${outOfOrderUrl}/${encodeURIComponent(entry.laundromatId)}/fixed`),
    onSuccess: (_answer, entry) => {
      toast({
        title: t('outOfOrder.fixed'),
        description: entry.laundromatName ?? t('outOfOrder.unlisted'),
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({ title: t('outOfOrder.failed'), description: text(errorText(error)), variant: 'destructive' });
      if (isSignedOutError(error)) redirectToSignIn();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: outOfOrderKey }),
  });
  const items = list.data?.items ?? [];

  return (
    <section aria-labelledby="out-of-order-title" data-testid="out-of-order">
      <div className={styles.head}>
        <h2 id="out-of-order-title" className={styles.title}>
          {t('outOfOrder.title')}
        </h2>
        <p className={styles.intro}>{t('outOfOrder.intro')}</p>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Empty title={t('outOfOrder.emptyTitle')} text={t('outOfOrder.emptyText')} />
      ) : (
        <ul className={styles.list} aria-label={t('outOfOrder.listLabel')}>
          {items.map((entry) => (
            <OutOfOrderItem
              key={entry.laundromatId}
              entry={entry}
              busy={fix.isPending}
              onFixed={() => fix.mutate(entry)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function OutOfOrderItem({
  entry,
  busy,
  onFixed,
}: {
  entry: OutOfOrderEntry;
  busy: boolean;
  onFixed: () => void;
}) {
  const { t, dateTime } = useAdminText();
  const name = entry.laundromatName ?? t('outOfOrder.unlisted');
  return (
    <li>
      <Card className={styles.item} data-testid="out-of-order-entry" data-laundromat-id={entry.laundromatId}>
        <div className={styles.itemMain}>
          <h3 className={styles.itemTitle}>
            {entry.laundromatName ? (
              <a href={`/?l=${encodeURIComponent(entry.laundromatId)}`}>{name}</a>
            ) : (
              name
            )}
          </h3>
          <dl className={styles.facts}>
            <dt>{t('outOfOrder.washers')}</dt>
            <dd data-testid="out-of-order-washers">{entry.washers}</dd>
            <dt>{t('outOfOrder.dryers')}</dt>
            <dd data-testid="out-of-order-dryers">{entry.dryers}</dd>
            <dt>{t('outOfOrder.reportedAt')}</dt>
            <dd>{dateTime(entry.reportedAt)}</dd>
          </dl>
        </div>
        <div className={styles.itemActions}>
          <Button disabled={busy} onClick={onFixed}>
            {t('outOfOrder.markFixed')}
          </Button>
        </div>
      </Card>
    </li>
  );
}
