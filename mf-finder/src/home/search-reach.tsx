import { memo } from 'react';
import { formatRadius, searchReachText, type SearchRadius } from '../domain/coordinate-search.ts';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

/**
 * How far the results of a search for a place reach (issue 15: 'near London' once listed a laundromat
 * 497 km away): 'Within 10 km', or, when nothing matched that close, 'No laundromats within 50 km of
 * London' in amber with the nearest ones offered beneath, each card with its distance.
 */
export const SearchReach = memo(function SearchReach({
  radius,
  place,
  count,
}: {
  radius: SearchRadius;
  place: string;
  count: number;
}) {
  const { t, text, locale } = useText();
  const message = text(searchReachText(radius, place, formatRadius(radius.meters, locale)));
  if (!radius.nothingWithin)
    return (
      <p className={styles.muted} data-testid="search-reach">
        {message}
      </p>
    );
  return (
    <p className={styles.alertAmber} role="status" data-testid="search-reach">
      {message}
      {count > 0 && ` ${t('results.nearestInstead')}`}
    </p>
  );
});
