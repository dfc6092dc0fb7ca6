import type { ReactNode } from 'react';
import { Skeleton } from '@laundry/ui';
import type { Availability } from '../api/queries.ts';
import type { RevenueAnalyticsResponse } from '@laundry/contracts';
import { InfoTip } from '../components/info-tip.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import type { CampaignTotals } from '../domain/campaign-display.ts';
import { formatCount } from '../domain/formats.ts';
import styles from './dashboard.module.css';

function Tile({
  label,
  tip,
  value,
  note,
  testId,
}: {
  label: string;
  /** What the figure counts, in its tooltip. */
  tip: string;
  value: ReactNode;
  note?: ReactNode;
  testId: string;
}) {
  return (
    <div className={styles.tile} data-testid={testId}>
      <dt className={styles.tileLabel}>
        {label}
        <InfoTip name={label}>{tip}</InfoTip>
      </dt>
      <dd className={styles.tileValue}>{value}</dd>
      {note && <dd className={styles.tileNote}>{note}</dd>}
    </div>
  );
}

/**
 * The dashboard's four tiles (docs/product.md, Pages): the campaign figures come from the campaign list;
 * Total Revenue from GET /api/analytics/revenue, shown as not available (never as a made-up $0.00) until
 * billing answers it.
 */
export function StatTiles({
  totals,
  campaignsLoading,
  revenue,
  testMode,
}: {
  totals: CampaignTotals;
  campaignsLoading: boolean;
  revenue: { data: Availability<RevenueAnalyticsResponse> | undefined; isError: boolean };
  /** Billing charges no real money: the revenue tile says 'Test mode'. */
  testMode: boolean;
}) {
  const { t, locale } = useText();
  // In the advertiser's currency: there is spend only once a campaign fixed it.
  const { money } = useMoney();
  const figure = (value: string) => (campaignsLoading ? <Skeleton width="4rem" height="1.75rem" /> : value);
  const revenueAvailable = revenue.data?.available === true ? revenue.data.data : null;
  const revenueValue =
    revenue.data === undefined && !revenue.isError ? (
      <Skeleton width="5rem" height="1.75rem" />
    ) : revenueAvailable ? (
      money(revenueAvailable.totalRevenue)
    ) : (
      <span aria-label={t('dashboard.tiles.notAvailable')}>—</span>
    );
  return (
    <dl className={styles.tiles}>
      <Tile
        testId="tile-active"
        label={t('dashboard.tiles.activeCampaigns')}
        tip={t('dashboard.tips.activeCampaigns')}
        value={figure(formatCount(totals.activeCampaigns, locale))}
      />
      <Tile
        testId="tile-impressions"
        label={t('dashboard.tiles.totalImpressions')}
        tip={t('dashboard.tips.totalImpressions')}
        value={figure(formatCount(totals.totalImpressions, locale))}
      />
      <Tile
        testId="tile-clicks"
        label={t('dashboard.tiles.totalClicks')}
        tip={t('dashboard.tips.totalClicks')}
        value={figure(formatCount(totals.totalClicks, locale))}
      />
      <Tile
        testId="tile-revenue"
        label={t('dashboard.tiles.totalRevenue')}
        tip={t('dashboard.tips.totalRevenue')}
        value={revenueValue}
        note={
          revenueAvailable ? (
            // The spec's tile name stays; the note says which amount it is (spend, before the fee).
            <>
              <span data-testid="tile-revenue-what">{t('dashboard.tiles.revenueWhat')}</span>
              {testMode && <TestModeBadge />}
            </>
          ) : revenue.data === undefined && !revenue.isError ? undefined : (
            t('dashboard.tiles.revenueNotAvailable')
          )
        }
      />
    </dl>
  );
}
