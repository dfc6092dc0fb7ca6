import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { laundromatHistorySchema, type HistoryChange, type LaundromatHistory } from '@laundry/contracts';
import { Button } from '@laundry/ui';
import { historyFieldText, historySourceKeys, historyValueText } from '../domain/history-display.ts';
import { displayDate } from '../domain/review-display.ts';
import { useText } from '../shared/use-text.ts';
import styles from './detail.module.css';

async function historyPage(id: string, cursor: string | null): Promise<LaundromatHistory> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const response = await fetch(`/api/laundromats/${encodeURIComponent(id)}/history${query}`);
  if (!response.ok) throw new Error(`History: ${response.status}`);
  return laundromatHistorySchema.parse(await response.json());
}

/**
 * What changed in the laundromat and where it came from, folded away until asked for (read only then):
 * people see that corrections are applied, and by whom in kind, never by name.
 */
export function HistorySection({ laundromatId }: { laundromatId: string }) {
  const { t, locale } = useText();
  const [open, setOpen] = useState(false);
  const history = useInfiniteQuery({
    queryKey: ['laundromat-history', laundromatId],
    queryFn: ({ pageParam }) => historyPage(laundromatId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: open,
  });
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <details
      className={styles.history}
      data-testid="history"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{t('history.title')}</summary>
      {history.isPending && open ? (
        <p className={styles.muted}>{t('history.loading')}</p>
      ) : history.isError ? (
        <p className={styles.muted}>{t('history.loadError')}</p>
      ) : items.length === 0 ? (
        <p className={styles.muted}>{t('history.empty')}</p>
      ) : (
        <ul className={styles.historyList}>
          {items.map((entry) => (
            <li key={entry.id}>
              <p className={styles.muted}>
                {displayDate(entry.createdAt, locale)} · {t(historySourceKeys[entry.source])}
              </p>
              {entry.changes.map((change) => (
                <ChangeLine key={change.field} change={change} />
              ))}
            </li>
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <Button
          variant="secondary"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('history.more')}
        </Button>
      )}
    </details>
  );
}

function ChangeLine({ change }: { change: HistoryChange }) {
  const { text } = useText();
  const show = (value: string | { key: string }) => (typeof value === 'string' ? value : text(value));
  return (
    <p>
      {show(historyFieldText(change.field))}: {show(historyValueText(change, change.from))} →{' '}
      {show(historyValueText(change, change.to))}
    </p>
  );
}
