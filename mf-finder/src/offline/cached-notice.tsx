import { lastOnline } from '@laundry/ui';
import { useText } from '../shared/use-text.ts';
import styles from '../home/home.module.css';

interface CachedNoticeProps {
  /** The place the kept answer was for (a search), else null (a list). */
  place: string | null;
  /** When the answer was saved (ms), if known. */
  cachedAt: number | null;
}

/**
 * Says that the results shown were kept from an earlier visit, for which place and how old they are, so
 * saved results are never taken for an answer to what was just asked.
 */
export function CachedNotice({ place, cachedAt }: CachedNoticeProps) {
  const { t, locale } = useText();
  const since = lastOnline(cachedAt, Date.now(), locale);
  const age = since && (since.kind === 'date' ? since.date : t(since.text.key, since.text.values ?? {}));
  let message = t('results.cachedData');
  if (place && age) message = t('results.cachedSearch', { place, age });
  else if (place) message = t('results.cachedSearchUndated', { place });
  else if (age) message = t('results.cachedList', { age });
  return (
    <p className={styles.cachedNotice} role="status" data-testid="cached-data-notice">
      {message}
    </p>
  );
}
