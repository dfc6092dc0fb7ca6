import type { CampaignAnalytics } from '@laundry/contracts';
import { useText } from '../components/use-text.ts';
import { conversionKinds, conversionRate, conversionRows, noConversions } from '../domain/ad-conversions.ts';
import { formatCount, formatPercent, formatPeriod } from '../domain/formats.ts';
import dashboardStyles from '../dashboard/dashboard.module.css';
import styles from './analytics.module.css';

/**
 * What visitors did at the promoted laundromat's page in the finder after the ad's click: directions, calls
 * and website taps, each counted once per click, and the conversion rate (conversions per click); then the
 * same per day (or hour) beside the clicks. Counts only.
 */
export function ConversionsSection({ report }: { report: CampaignAnalytics }) {
  const { t, locale } = useText();
  const totals = report.totals.conversions ?? noConversions;
  const rate = conversionRate(totals, report.totals.clicks);
  const rows = conversionRows(report.series);
  const rateText = (value: number | null) => (value === null ? '—' : formatPercent(value * 100, locale));
  const caption = t(
    report.granularity === 'hour' ? 'analytics.conversions.byHour' : 'analytics.conversions.byDay',
  );
  return (
    <section
      aria-labelledby="analytics-conversions"
      data-testid="analytics-conversions"
      className={styles.conversions}
    >
      <h2 id="analytics-conversions" className={dashboardStyles.tabTitle}>
        {t('analytics.conversions.title')}
      </h2>
      <p className={styles.hint}>{t('analytics.conversions.intro')}</p>
      <dl className={styles.tiles}>
        {conversionKinds.map(({ kind, key }) => (
          <div key={kind} className={dashboardStyles.tile} data-testid={`analytics-conversions-${kind}`}>
            <dt className={dashboardStyles.tileLabel}>{t(key)}</dt>
            <dd className={dashboardStyles.tileValue}>{formatCount(totals[kind], locale)}</dd>
          </div>
        ))}
        <div className={dashboardStyles.tile} data-testid="analytics-conversion-rate">
          <dt className={dashboardStyles.tileLabel}>{t('analytics.conversions.rate')}</dt>
          <dd className={dashboardStyles.tileValue}>{rateText(rate)}</dd>
          <dd className={dashboardStyles.tileNote}>{t('analytics.conversions.rateNote')}</dd>
        </div>
      </dl>
      {rows.length > 0 && (
        <div
          className={`${styles.tableCard} ${styles.tableScroll}`}
          tabIndex={0}
          role="region"
          aria-label={caption}
        >
          <table className={styles.table} data-testid="analytics-conversions-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('analytics.table.period')}</th>
                <th scope="col">{t('analytics.tiles.clicks')}</th>
                {conversionKinds.map(({ kind, key }) => (
                  <th key={kind} scope="col">
                    {t(key)}
                  </th>
                ))}
                <th scope="col">{t('analytics.conversions.rate')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.period}>
                  <th scope="row">{formatPeriod(row.period, report.granularity, locale)}</th>
                  <td>{formatCount(row.clicks, locale)}</td>
                  {conversionKinds.map(({ kind }) => (
                    <td key={kind}>{formatCount(row.conversions[kind], locale)}</td>
                  ))}
                  <td>{rateText(row.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
