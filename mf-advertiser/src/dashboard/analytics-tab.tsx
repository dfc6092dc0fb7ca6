import type { RevenueAnalyticsResponse } from '@laundry/contracts';
import type { Availability } from '../api/queries.ts';
import { useText } from '../components/use-text.ts';
import { formatMoney } from '../domain/formats.ts';
import styles from './dashboard.module.css';

/**
 * The Analytics tab: the revenue overview once billing answers GET /api/analytics/revenue, and an honest
 * empty state for the daily figures, which the ad-delivery work fills in.
 */
export function AnalyticsTab({ revenue }: { revenue: Availability<RevenueAnalyticsResponse> | undefined }) {
  const { t, locale } = useText();
  const figures = revenue?.available ? revenue.data : null;
  return (
    <div className={styles.tabBody}>
      {figures && (
        <section aria-labelledby="revenue-overview">
          <h3 id="revenue-overview" className={styles.tabTitle}>
            {t('dashboard.analytics.title')}
          </h3>
          <dl className={styles.stats}>
            {(['totalRevenue', 'totalPayouts', 'pendingPayouts', 'processedPayouts'] as const).map((key) => (
              <div key={key}>
                <dt>{t(`dashboard.analytics.${key}`)}</dt>
                <dd>{formatMoney(figures[key], locale)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <div className={styles.empty}>
        <h3>{t('dashboard.analytics.emptyTitle')}</h3>
        <p>{t('dashboard.analytics.emptyText')}</p>
      </div>
    </div>
  );
}
