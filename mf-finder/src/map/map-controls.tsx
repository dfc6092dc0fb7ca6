import { useTranslation } from 'react-i18next';
import styles from './laundromat-map.module.css';

export interface MapControlHandlers {
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFindMyLocation: () => void;
}

/** The map's own zoom and find-my-location buttons (maplibre's default zoom control stays hidden). */
export function MapControls({
  onZoomIn,
  onZoomOut,
  onFindMyLocation,
  disabled = false,
}: MapControlHandlers & { disabled?: boolean }) {
  const { t } = useTranslation('finder');
  return (
    <div className={styles.controls}>
      <button
        type="button"
        className={styles.control}
        aria-label={t('map.zoomIn')}
        title={t('map.zoomIn')}
        disabled={disabled}
        onClick={onZoomIn}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 5v14M5 12h14" />
        </svg>
      </button>
      <button
        type="button"
        className={styles.control}
        aria-label={t('map.zoomOut')}
        title={t('map.zoomOut')}
        disabled={disabled}
        onClick={onZoomOut}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 12h14" />
        </svg>
      </button>
      <button
        type="button"
        className={styles.control}
        aria-label={t('map.findMyLocation')}
        title={t('map.findMyLocation')}
        disabled={disabled}
        onClick={onFindMyLocation}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
        </svg>
      </button>
    </div>
  );
}

/**
 * Open, closed, hours unknown (grey, neither open nor closed) and, while the user's position is on the map, its colour (shown on large screens only, by the
 * style sheet): a legend entry for a dot that is not there reads as if location were on.
 */
export function MapLegend({ showUser }: { showUser: boolean }) {
  const { t } = useTranslation('finder');
  return (
    <ul className={styles.legend} aria-label={t('map.legend.title')}>
      <li>
        <span className={`${styles.swatch} ${styles.open}`} aria-hidden="true" />
        {t('map.legend.open')}
      </li>
      <li>
        <span className={`${styles.swatch} ${styles.closed}`} aria-hidden="true" />
        {t('map.legend.closed')}
      </li>
      <li>
        <span className={`${styles.swatch} ${styles.unknown}`} aria-hidden="true" />
        {t('map.legend.hoursUnknown')}
      </li>
      {showUser && (
        <li>
          <span className={`${styles.swatch} ${styles.user}`} aria-hidden="true" />
          {t('map.legend.yourLocation')}
        </li>
      )}
    </ul>
  );
}
