import { memo } from 'react';
import { Button } from '@laundry/ui';
import type { I18nText } from '../domain/i18n-text.ts';
import type { TrackingState } from '../hooks/use-device-location.ts';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  geocodeError: I18nText | null;
  tracking: TrackingState;
  trackingError: I18nText | null;
}

/** The sidebar search box with the geocoding alert (amber) and the location-tracking line. */
export const SearchBox = memo(function SearchBox({
  value,
  onChange,
  onClear,
  geocodeError,
  tracking,
  trackingError,
}: SearchBoxProps) {
  const { t, text } = useText();
  return (
    <div className={styles.searchBox}>
      <div className={styles.searchRow}>
        <input
          type="search"
          className={styles.searchInput}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
        />
        {value !== '' && (
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
      </p>
      {trackingError && (
        <p className={styles.alertRed} role="alert">
          {text(trackingError)}
        </p>
      )}
    </div>
  );
});
