import type { ReactNode } from 'react';
import { Skeleton } from '@laundry/ui';
import type { Availability } from '../api/queries.ts';
import type { RevenueAnalyticsResponse } from '@laundry/contracts';
import { useText } from '../components/use-text.ts';
import type { CampaignTotals } from '../domain/campaign-display.ts';
import { formatCount, formatMoney } from '../domain/formats.ts';
import styles from './dashboard.module.css';

function Tile({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  testId: string;
}) {
  return (
    <div className={styles.tile} data-testid={testId}>
      <dt className={styles.tileLabel}>{label}</dt>
      <dd className={styles.tileValue}>{value}</dd>
      {note && <dd className={styles.tileNote}>{note}</dd>}
    </div>
  );
}

/**
 * Spec §2's four tiles: the campaign figures come from the campaign list; Total Revenue from GET
 * /api/analytics/revenue, shown as not available (never as a made-up $0.00) until billing answers it.
 */
export function StatTiles({
  totals,
  campaignsLoading,
  revenue,
}: {
  totals: CampaignTotals;
  campaignsLoading: boolean;
  revenue: { data: Availability<RevenueAnalyticsResponse> | undefined; isError: boolean };
}) {
  const { t, locale } = useText();
  const figure = (value: string) => (campaignsLoading ? <Skeleton width="4rem" height="1.75rem" /> : value);
  const revenueAvailable = revenue.data?.available === true ? revenue.data.data : null;
  const revenueValue =
    revenue.data === undefined && !revenue.isError ? (
      <Skeleton width="5rem" height="1.75rem" />
    ) : revenueAvailable ? (
      formatMoney(revenueAvailable.totalRevenue, locale)
    ) : (
      <span aria-label={t('dashboard.tiles.notAvailable')}>—</span>
    );
  return (
    <dl className={styles.tiles}>
      <Tile
        testId="tile-active"
        label={t('dashboard.tiles.activeCampaigns')}
        value={figure(formatCount(totals.activeCampaigns, locale))}
      />
      <Tile
        testId="tile-impressions"
        label={t('dashboard.tiles.totalImpressions')}
        value={figure(formatCount(totals.totalImpressions, locale))}
      />
      <Tile
        testId="tile-clicks"
        label={t('dashboard.tiles.totalClicks')}
        value={figure(formatCount(totals.totalClicks, locale))}
      />
      <Tile
        testId="tile-revenue"
        label={t('dashboard.tiles.totalRevenue')}
        value={revenueValue}
        note={
          revenueAvailable || (revenue.data === undefined && !revenue.isError)
            ? undefined
            : t('dashboard.tiles.revenueNotAvailable')
        }
      />
    </dl>
  );
}
