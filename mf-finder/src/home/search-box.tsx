import { memo } from 'react';
import { Button } from '@laundry/ui';
import type { GeocodeResult } from '@laundry/contracts';
import type { I18nText } from '../domain/i18n-text.ts';
import type { PlaceHints } from '../domain/place-hints.ts';
import type { TrackingState } from '../hooks/use-device-location.ts';
import { useText } from '../shared/use-text.ts';
import { PlaceCombobox, suggestionQuery } from './place-combobox.tsx';
import styles from './home.module.css';

interface SearchBoxProps {
  value: string;
  /** The map area searched ('Map area (lat, lng)'), shown in the box while nothing is typed in it. */
  searchedArea?: string | null;
  onChange: (value: string) => void;
  /** A suggested place was chosen, or a 'Did you mean' one: search for it now. */
  onPick: (query: string) => void;
  hints: PlaceHints;
  onClear: () => void;
  geocodeError: I18nText | null;
  /** Places spelled a letter or two from a search that found none. */
  didYouMean?: GeocodeResult[];
  /** The text of that search, to search a postal code's place by it. */
  failedQuery?: string;
  tracking: TrackingState;
  trackingError: I18nText | null;
  /** Location is off and was never asked for: offered here, so the person asks before being told 'no'. */
  onLocate?: (() => void) | null;
}

/** The sidebar search box with the geocoding alert (amber) and the location-tracking line. */
export const SearchBox = memo(function SearchBox({
  value,
  searchedArea = null,
  onChange,
  onPick,
  hints,
  onClear,
  geocodeError,
  didYouMean = [],
  failedQuery = '',
  tracking,
  trackingError,
  onLocate = null,
}: SearchBoxProps) {
  const { t, text } = useText();
  return (
    <div className={styles.searchBox}>
      <div className={styles.searchRow}>
        <PlaceCombobox
          type="search"
          className={styles.searchInput}
          value={value}
          shown={value === '' && searchedArea ? searchedArea : undefined}
          // Typing over a map area's name starts a new search rather than editing the name.
          onFocus={(input) => value === '' && searchedArea && input.select()}
          onChange={onChange}
          onPick={onPick}
          hints={hints}
          placeholder={t('search.placeholder')}
          label={t('search.label')}
        />
        {(value !== '' || searchedArea) && (
          <Button variant="ghost" size="small" onClick={onClear} aria-label={t('search.clear')}>
            <span aria-hidden="true">✕</span>
          </Button>
        )}
      </div>
      {geocodeError && (
        <p className={styles.alertAmber} role="alert">
          {text(geocodeError)}
        </p>
      )}
      {geocodeError && didYouMean.length > 0 && (
        <p className={styles.didYouMean} data-testid="did-you-mean">
          {t('search.didYouMean')}
          {didYouMean.slice(0, 3).map((place) => (
            <Button
              key={`${place.displayName}-${place.latitude}`}
              variant="secondary"
              size="small"
              onClick={() => onPick(suggestionQuery(place, failedQuery))}
            >
              {place.displayName}
            </Button>
          ))}
        </p>
      )}
      <p className={styles.trackingLine} role="status">
        <span className={styles.trackingDot} data-state={tracking} aria-hidden="true" />
        {tracking === 'locating' && t('search.tracking.locating')}
        {tracking === 'active' && t('search.tracking.active')}
        {tracking === 'off' && t('search.tracking.off')}
        {tracking === 'off' && onLocate && (
          <Button variant="ghost" size="small" onClick={onLocate}>
            {t('hero.useLocation')}
          </Button>
        )}
      </p>
      {trackingError && (
        <p className={styles.alertRed} role="alert">
          {text(trackingError)}
        </p>
      )}
    </div>
  );
});
