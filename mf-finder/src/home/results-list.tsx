import { Fragment, memo, type ReactNode } from 'react';
import { Button, Skeleton } from '@laundry/ui';
import type { Laundromat } from '@laundry/contracts';
import { isOfflineError } from '../domain/api-errors.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import { CachedNotice } from '../offline/cached-notice.tsx';
import { useText } from '../shared/use-text.ts';
import { LaundromatCard } from './laundromat-card.tsx';
import styles from './home.module.css';

const skeletonCards = 3;

interface ResultsListProps {
  items: Laundromat[];
  isLoading: boolean;
  error: Error | null;
  isSearch: boolean;
  isCached: boolean;
  /** For cached results: the place they were kept for (a search) and when they were saved. */
  cachedPlace: string | null;
  cachedAt: number | null;
  hasText: boolean;
  hasActiveFilters: boolean;
  onClearFilters: () => void;
  origin: Coordinates | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  sortNotice: { title: I18nText; hint: I18nText } | null;
  /** The list cannot be seen (a closed drawer, the map view): its cards are not built until it can. */
  hidden: boolean;
  /**
   * The list's ad slot, among the first results as search engines put sponsored ones: on a desktop at the
   * head (the filters and the first result fill most of the first screen, an ad further down would be
   * below it); on a phone after the first result, which the peeking sheet is there to show.
   */
  ad: ReactNode;
  /** How many results come before the ad. */
  adAfter: number;
}

export const ResultsList = memo(function ResultsList(props: ResultsListProps) {
  const { t, text } = useText();
  const now = new Date();
  if (props.isLoading) {
    return (
      <ul className={styles.list} aria-busy="true" aria-label={t('results.loading')}>
        {Array.from({ length: skeletonCards }, (_, i) => (
          <li key={i} className={styles.skeletonCard} data-testid="skeleton-card">
            <Skeleton width="60%" height="1.25rem" />
            <Skeleton width="40%" />
            <Skeleton width="80%" />
          </li>
        ))}
      </ul>
    );
  }
  if (props.error && isOfflineError(props.error)) {
    return (
      <div className={styles.offlineBox} role="alert">
        <strong>{t('messages.offline.title')}</strong>
        <p>
          {props.error.serverMessage ??
            t(
              props.isSearch
                ? 'messages.offline.searchNeedsConnection'
                : 'messages.offline.listNeedsConnection',
            )}
        </p>
      </div>
    );
  }
  if (props.items.length === 0) {
    return (
      <div className={styles.emptyState}>
        <strong>{t('messages.empty.title')}</strong>
        <p>{t(props.hasText ? 'messages.empty.hintWithQuery' : 'messages.empty.hintNoQuery')}</p>
        {props.hasActiveFilters && (
          <Button variant="secondary" size="small" onClick={props.onClearFilters}>
            {t('messages.empty.clearFilters')}
          </Button>
        )}
      </div>
    );
  }
  if (props.hidden) return null;
  return (
    <>
      {props.isCached && <CachedNotice place={props.cachedPlace} cachedAt={props.cachedAt} />}
      {props.sortNotice && (
        <p className={styles.sortNotice}>
          <strong>{text(props.sortNotice.title)}</strong> {text(props.sortNotice.hint)}
        </p>
      )}
      <ul className={styles.list}>
        {props.items.map((laundromat, index) => (
          <Fragment key={laundromat.id}>
            {props.adAfter === 0 && index === 0 && <li>{props.ad}</li>}
            <LaundromatCard
              laundromat={laundromat}
              origin={props.origin}
              selected={laundromat.id === props.selectedId}
              onSelect={props.onSelect}
              now={now}
            />
            {props.adAfter > 0 && index === Math.min(props.adAfter, props.items.length) - 1 && (
              <li>{props.ad}</li>
            )}
          </Fragment>
        ))}
      </ul>
    </>
  );
});
