import type { CampaignAnalytics } from '@laundry/contracts';
import { useText } from '../components/use-text.ts';
import { formatCount, formatPercent } from '../domain/formats.ts';
import dashboardStyles from '../dashboard/dashboard.module.css';
import styles from './analytics.module.css';

/**
 * Impressions, clicks and CTR of each creative in the window: the campaign's own content first, then its
 * further creatives; serving prefers the one with the better CTR once each has been shown enough.
 */
export function CreativesSection({ report }: { report: CampaignAnalytics }) {
  const { t, locale } = useText();
  const rows = report.byCreative;
  if (rows.length < 2) return null;
  const caption = t('analytics.creatives.title');
  return (
    <section
      aria-labelledby="analytics-creatives"
      data-testid="analytics-creatives"
      className={styles.conversions}
    >
      <h2 id="analytics-creatives" className={dashboardStyles.tabTitle}>
        {caption}
      </h2>
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={caption}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.creatives.name')}</th>
              <th scope="col">{t('analytics.tiles.impressions')}</th>
              <th scope="col">{t('analytics.tiles.clicks')}</th>
              <th scope="col">{t('analytics.tiles.ctr')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.creativeId} data-testid={`analytics-creative-${index + 1}`}>
                <th scope="row">
                  {row.title || t(index === 0 ? 'analytics.creatives.own' : 'analytics.creatives.removed')}
                </th>
                <td>{formatCount(row.impressions, locale)}</td>
                <td>{formatCount(row.clicks, locale)}</td>
                <td>{row.impressions > 0 ? formatPercent(row.ctr * 100, locale) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
