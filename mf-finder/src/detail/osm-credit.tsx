import { useText } from '../shared/use-text.ts';
import styles from './detail.module.css';

/** The Open Database Licence asks that data taken from OpenStreetMap credit its contributors where shown. */
export const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';

export function OsmCredit() {
  const { t } = useText();
  return (
    <p className={styles.osmCredit}>
      <a href={OSM_COPYRIGHT_URL} target="_blank" rel="noopener noreferrer">
        {t('map.attribution')}
      </a>{' '}
      (ODbL)
    </p>
  );
}
