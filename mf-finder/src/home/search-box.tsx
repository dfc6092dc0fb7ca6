import { memo } from 'react';
import { Button } from '@laundry/ui';
import type { I18nText } from '../domain/i18n-text.ts';
import type { TrackingState } from '../hooks/use-device-location.ts';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

interface SearchBoxProps {
  value: string;
  /** The map area searched ('Map area (lat, lng)'), shown in the box while nothing is typed in it. */
  searchedArea?: string | null;
  onChange: (value: string) => void;
  onClear: () => void;
  geocodeError: I18nText | null;
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
  onClear,
  geocodeError,
  tracking,
  trackingError,
  onLocate = null,
}: SearchBoxProps) {
  const { t, text } = useText();
  return (
    <div className={styles.searchBox}>
      <div className={styles.searchRow}>
        <input
          type="search"
          className={styles.searchInput}
          value={value === '' && searchedArea ? searchedArea : value}
          // Typing over a map area's name starts a new search rather than editing the name.
          onFocus={(event) => value === '' && searchedArea && event.target.select()}
          onChange={(event) => onChange(event.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
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
