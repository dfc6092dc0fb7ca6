import { buttonClassName } from '@laundry/ui';
import { useAdminText } from '../components/use-admin-text.ts';
import styles from '../components/admin.module.css';

/** Where the directory's export is downloaded (GET, the session's cookie goes with it). */
export const directoryExportUrl = '/api/admin/export/laundromats';
const odblUrl = 'https://opendatacommons.org/licenses/odbl/1-0/';

/**
 * The directory's data, for an admin to hand on: a GeoJSON file of every published laundromat. It holds
 * OpenStreetMap data, so the page says under which licence it goes and what its receiver must keep.
 */
export function DataExportSection() {
  const { t } = useAdminText();
  return (
    <section aria-labelledby="data-export-title" data-testid="data-export">
      <div className={styles.head}>
        <h2 id="data-export-title" className={styles.title}>
          {t('dataExport.title')}
        </h2>
        <a className={buttonClassName('secondary')} href={directoryExportUrl} download>
          {t('dataExport.download')}
        </a>
      </div>
      <p className={styles.intro}>
        {t('dataExport.intro')}{' '}
        <a href={odblUrl} target="_blank" rel="noopener noreferrer">
          {t('dataExport.licence')}
        </a>
      </p>
    </section>
  );
}
