import { Link, useParams } from 'react-router';
import { buttonClassName } from '@laundry/ui';
import { useAdvertiser, useCampaign } from '../api/queries.ts';
import { LoadFailed, PageLoading, SignInCard, WelcomeCard } from '../components/page-states.tsx';
import { StyledBadge } from '../components/status-badge.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { statusOf } from '../domain/api-errors.ts';
import { campaignStatusBadge, clickThroughRate, moderationBadge } from '../domain/campaign-display.ts';
import { formatCount, formatMoney, formatPercent } from '../domain/formats.ts';
import { CampaignNotFound } from './campaign-edit-page.tsx';
import dashboardStyles from '../dashboard/dashboard.module.css';
import styles from '../components/page.module.css';

/**
 * /campaigns/{id}/analytics: the campaign's totals from its record (impressions, clicks, CTR, spend) and the
 * place for its daily figures, which the ad-delivery work fills in; until then it says so.
 */
export default function CampaignAnalyticsPage() {
  const { t, locale } = useText();
  const { campaignId } = useParams();
  const advertiser = useAdvertiser();
  useScrollToTop();
  const campaign = useCampaign(advertiser.profile ? campaignId : undefined);

  if (advertiser.isLoading) return <PageLoading />;
  if (!advertiser.isSignedIn) return <SignInCard returnTo={`/campaigns/${campaignId ?? ''}/analytics`} />;
  if (advertiser.error) return <LoadFailed onRetry={() => void advertiser.refetch()} />;
  if (!advertiser.profile) return <WelcomeCard />;
  if (campaign.isPending) return <PageLoading />;
  if (campaign.error) {
    if (statusOf(campaign.error) === 404 || statusOf(campaign.error) === 400) return <CampaignNotFound />;
    return <LoadFailed onRetry={() => void campaign.refetch()} />;
  }
  const data = campaign.data;
  if (!data) return <CampaignNotFound />;
  const ctr = clickThroughRate(data.totalImpressions, data.totalClicks);
  const moderation = moderationBadge(data.moderationStatus);
  const tiles = [
    { key: 'impressions', value: formatCount(data.totalImpressions, locale) },
    { key: 'clicks', value: formatCount(data.totalClicks, locale) },
    { key: 'ctr', value: ctr === null ? '—' : formatPercent(ctr, locale) },
    { key: 'spend', value: formatMoney(data.totalSpent, locale) },
  ];
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <Link className={styles.backLink} to="/advertiser/dashboard">
            ← {t('backToDashboard')}
          </Link>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{data.title}</h1>
            <StyledBadge badge={campaignStatusBadge(data.status)} testId="campaign-status" />
            {moderation && <StyledBadge badge={moderation} testId="campaign-moderation" />}
          </div>
          <p className={styles.subtitle}>
            {t('analytics.subtitle', {
              budget: formatMoney(data.totalBudget, locale),
              daily: formatMoney(data.dailyBudget, locale),
            })}
          </p>
        </div>
        <nav className={styles.headerActions} aria-label={t('analytics.actionsLabel')}>
          <Link className={buttonClassName('secondary')} to={`/campaigns/${data.id}/edit`}>
            {t('dashboard.campaigns.edit')}
          </Link>
        </nav>
      </header>
      <dl className={dashboardStyles.tiles}>
        {tiles.map((tile) => (
          <div key={tile.key} className={dashboardStyles.tile} data-testid={`analytics-${tile.key}`}>
            <dt className={dashboardStyles.tileLabel}>{t(`analytics.tiles.${tile.key}`)}</dt>
            <dd className={dashboardStyles.tileValue}>{tile.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="analytics-daily">
        <h2 id="analytics-daily" className={dashboardStyles.tabTitle}>
          {t('analytics.dailyTitle')}
        </h2>
        <div
          className={`${dashboardStyles.empty} ${dashboardStyles.chartEmpty}`}
          data-testid="analytics-chart-empty"
        >
          <svg
            viewBox="0 0 120 48"
            width="120"
            height="48"
            aria-hidden="true"
            className={dashboardStyles.chartIcon}
          >
            <path d="M4 44h112M4 44V4" stroke="currentColor" strokeWidth="2" fill="none" />
            <path
              d="M10 36l20-10 18 6 22-18 20 8 20-14"
              stroke="currentColor"
              strokeWidth="2"
              strokeDasharray="4 4"
              fill="none"
            />
          </svg>
          <h3>{t('analytics.emptyTitle')}</h3>
          <p>{t('analytics.emptyText')}</p>
        </div>
      </section>
    </div>
  );
}
