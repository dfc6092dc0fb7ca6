import { Link } from 'react-router';
import { Skeleton } from '@laundry/ui';
import type { CampaignListItem, RevenueAnalyticsResponse } from '@laundry/contracts';
import { useCampaignsAnalytics, type Availability } from '../api/queries.ts';
import { InfoTip } from '../components/info-tip.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import {
  analyticsQuery,
  completeSeries,
  overviewCampaigns,
  sparklinePath,
  sumTotals,
} from '../domain/analytics.ts';
import { formatCount, formatPercent } from '../domain/formats.ts';
import analyticsStyles from '../analytics/analytics.module.css';
import styles from './dashboard.module.css';

const sparkWidth = 120;
const sparkHeight = 32;

/** A campaign's daily impressions as a line, for the eye only: the figures beside it say the same. */
function Sparkline({ values }: { values: readonly number[] }) {
  const path = sparklinePath(values, sparkWidth, sparkHeight - 2);
  return (
    <svg
      className={analyticsStyles.sparkline}
      viewBox={`0 -1 ${sparkWidth} ${sparkHeight}`}
      width={sparkWidth}
      height={sparkHeight}
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

type Totals = { impressions: number; clicks: number; ctr: number; spend: number; invalid?: number };

function Figures({ totals, testId }: { totals: Totals | null; testId?: string }) {
  const { t, locale } = useText();
  const { money } = useMoney();
  const value = (show: (figures: Totals) => string) =>
    totals ? show(totals) : <Skeleton width="3rem" height="1.25rem" />;
  return (
    <dl className={styles.stats} data-testid={testId}>
      <div>
        <dt>{t('analytics.tiles.impressions')}</dt>
        <dd>{value((f) => formatCount(f.impressions, locale))}</dd>
      </div>
      <div>
        <dt>{t('analytics.tiles.clicks')}</dt>
        <dd>{value((f) => formatCount(f.clicks, locale))}</dd>
      </div>
      <div>
        <dt>{t('analytics.tiles.ctr')}</dt>
        <dd>{value((f) => (f.impressions > 0 ? formatPercent(f.ctr * 100, locale) : '—'))}</dd>
      </div>
      <div>
        <dt>{t('analytics.tiles.spend')}</dt>
        <dd>{value((f) => money(f.spend))}</dd>
      </div>
    </dl>
  );
}

/**
 * The last 30 days of the most recent active campaigns (at most ten, one report each from
 * GET /api/campaigns/{id}/analytics): their sum, and a row per campaign with a sparkline of its daily
 * impressions, leading to its own analytics page.
 */
function CampaignsOverview({ campaigns }: { campaigns: readonly CampaignListItem[] }) {
  const { t } = useText();
  const now = new Date();
  const shown = overviewCampaigns(campaigns);
  const query = analyticsQuery({ kind: 'last30' }, 'day', now);
  const reports = useCampaignsAnalytics(
    shown.map((campaign) => campaign.id),
    query,
  );
  const answered = reports.flatMap((report) => (report.data ? [report.data.totals] : []));
  // The sum waits for every report; one that failed is left out, and the list says so.
  const settled = reports.every((report) => report.data || report.isError);
  const failed = reports.some((report) => report.isError && !report.data);

  if (shown.length === 0) {
    return (
      <div className={styles.empty} data-testid="analytics-overview-empty">
        <h3>{t('dashboard.analytics.emptyTitle')}</h3>
        <p>{t('dashboard.analytics.emptyText')}</p>
      </div>
    );
  }
  return (
    <section className={analyticsStyles.overview} aria-labelledby="campaigns-overview">
      <div className={analyticsStyles.overviewHead}>
        <h3 id="campaigns-overview">{t('dashboard.analytics.overviewTitle')}</h3>
        <p className={styles.campaignHint}>{t('dashboard.analytics.overviewHint')}</p>
      </div>
      <div className={styles.payout}>
        <h4 className={analyticsStyles.overviewTotal}>{t('dashboard.analytics.allCampaigns')}</h4>
        <Figures totals={settled ? sumTotals(answered) : null} testId="analytics-overview-totals" />
      </div>
      {failed && (
        <p className={styles.campaignHint} role="alert">
          {t('dashboard.analytics.someFailed')}
        </p>
      )}
      <ul className={styles.campaigns}>
        {shown.map((campaign, index) => {
          const report = reports[index]?.data;
          const reportFailed = !report && reports[index]?.isError;
          const points = report ? completeSeries(report, now) : [];
          return (
            <li key={campaign.id} className={styles.payout} data-testid="analytics-overview-row">
              <div className={analyticsStyles.overviewRowHead}>
                <h4 className={styles.payoutTitle}>
                  <Link to={`/campaigns/${campaign.id}/analytics`}>{campaign.title}</Link>
                </h4>
                {report && <Sparkline values={points.map((point) => point.impressions)} />}
              </div>
              {reportFailed ? (
                <p className={styles.campaignHint}>{t('dashboard.analytics.rowFailed')}</p>
              ) : (
                <Figures totals={report?.totals ?? null} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The Analytics tab: the revenue overview once billing answers GET /api/analytics/revenue (each figure
 * explained in a tooltip), and the last 30 days of the advertiser's active campaigns.
 */
export function AnalyticsTab({
  revenue,
  campaigns,
  campaignsLoading,
  testMode,
}: {
  revenue: Availability<RevenueAnalyticsResponse> | undefined;
  campaigns: readonly CampaignListItem[] | undefined;
  campaignsLoading: boolean;
  /** Billing charges no real money: the revenue overview says 'Test mode'. */
  testMode: boolean;
}) {
  const { t } = useText();
  // The totals are in the advertiser's currency: there is spend only once a campaign fixed it.
  const { money } = useMoney();
  const figures = revenue?.available ? revenue.data : null;
  return (
    <div className={styles.tabBody}>
      {figures && (
        <section aria-labelledby="revenue-overview">
          <h3 id="revenue-overview" className={`${styles.tabTitle} ${styles.titleWithBadge}`}>
            {t('dashboard.analytics.title')}
            {testMode && <TestModeBadge />}
          </h3>
          <dl className={styles.stats}>
            {(['totalRevenue', 'totalPayouts', 'pendingPayouts', 'processedPayouts'] as const).map((key) => (
              <div key={key}>
                <dt className={styles.labelWithTip}>
                  {t(`dashboard.analytics.${key}`)}
                  <InfoTip name={t(`dashboard.analytics.${key}`)}>
                    {t(`dashboard.analytics.tips.${key}`)}
                  </InfoTip>
                </dt>
                <dd>{money(figures[key])}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {campaignsLoading || !campaigns ? (
        <div aria-busy="true">
          <Skeleton height="8rem" />
        </div>
      ) : (
        <CampaignsOverview campaigns={campaigns} />
      )}
    </div>
  );
}
