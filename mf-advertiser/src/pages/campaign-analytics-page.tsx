import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Skeleton, buttonClassName } from '@laundry/ui';
import type { CampaignAnalytics } from '@laundry/contracts';
import {
  analyticsRefreshMs,
  useAdvertiser,
  useCampaign,
  useCampaignAnalytics,
  useLaundromatNames,
} from '../api/queries.ts';
import { ConversionsSection } from '../analytics/conversions-section.tsx';
import { CreativesSection } from '../analytics/creatives-section.tsx';
import { FiguresTable, type FigureRow } from '../analytics/figures-table.tsx';
import { RangeControls } from '../analytics/range-controls.tsx';
import { LoadFailed, PageLoading, SignInCard, WelcomeCard } from '../components/page-states.tsx';
import { StyledBadge } from '../components/status-badge.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import {
  analyticsCsvUrl,
  analyticsQuery,
  completeSeries,
  hasActivity,
  placementName,
  rangeDates,
  rangeParams,
  readRangeParams,
  shortId,
  type AnalyticsRange,
  type Granularity,
} from '../domain/analytics.ts';
import { statusOf } from '../domain/api-errors.ts';
import { campaignStatusBadge, moderationBadge } from '../domain/campaign-display.ts';
import { countryName } from '../domain/countries.ts';
import { formatClock, formatCount, formatDay, formatPercent, formatPeriod } from '../domain/formats.ts';
import { CampaignNotFound } from './campaign-edit-page.tsx';
import dashboardStyles from '../dashboard/dashboard.module.css';
import styles from '../components/page.module.css';
import analyticsStyles from '../analytics/analytics.module.css';

// The chart library comes in a chunk of its own, asked for as soon as this page's code runs, so the
// header, controls and tiles need not wait for it.
const loadCharts = () => import('../analytics/analytics-charts.tsx');
void loadCharts();
const TimeCharts = lazy(() => loadCharts().then((module) => ({ default: module.TimeCharts })));
const PlacementChart = lazy(() => loadCharts().then((module) => ({ default: module.PlacementChart })));

function ChartSkeleton({ wide }: { wide?: boolean }) {
  return (
    <div className={`${analyticsStyles.chartCard} ${wide ? analyticsStyles.wide : ''}`} aria-hidden="true">
      <Skeleton height="17rem" />
    </div>
  );
}

function Tiles({ totals }: { totals: CampaignAnalytics['totals'] | undefined }) {
  const { t, locale } = useText();
  const { money } = useMoney();
  const figure = (value: () => string) => (totals ? value() : <Skeleton width="4rem" height="1.75rem" />);
  const tiles = [
    { key: 'impressions', value: figure(() => formatCount(totals!.impressions, locale)) },
    { key: 'clicks', value: figure(() => formatCount(totals!.clicks, locale)) },
    {
      key: 'ctr',
      value: figure(() => (totals!.impressions > 0 ? formatPercent(totals!.ctr * 100, locale) : '—')),
    },
    { key: 'spend', value: figure(() => money(totals!.spend)) },
  ];
  return (
    <dl className={analyticsStyles.tiles}>
      {tiles.map((tile) => (
        <div key={tile.key} className={dashboardStyles.tile} data-testid={`analytics-${tile.key}`}>
          <dt className={dashboardStyles.tileLabel}>{t(`analytics.tiles.${tile.key}`)}</dt>
          <dd className={dashboardStyles.tileValue}>{tile.value}</dd>
        </div>
      ))}
      <div
        className={`${dashboardStyles.tile} ${analyticsStyles.invalidTile}`}
        data-testid="analytics-invalid"
      >
        <dt className={dashboardStyles.tileLabel}>{t('analytics.tiles.invalid')}</dt>
        <dd className={dashboardStyles.tileValue}>{figure(() => formatCount(totals!.invalid, locale))}</dd>
        <dd className={dashboardStyles.tileNote}>{t('analytics.tiles.invalidNote')}</dd>
      </div>
    </dl>
  );
}

function EmptyFigures() {
  const { t } = useText();
  return (
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
  );
}

/** Top cities and top laundromats (names from the directory; an unknown one by its shortened id). */
function TopTables({ report }: { report: CampaignAnalytics }) {
  const { t, locale } = useText();
  const names = useLaundromatNames(report.topLaundromats.map((row) => row.laundromatId));
  const cities: FigureRow[] = report.topCities.map((row) => ({
    ...row,
    key: `${row.city}|${row.country}`,
    name: row.country ? `${row.city}, ${countryName(row.country, locale)}` : row.city,
  }));
  const laundromats: FigureRow[] = report.topLaundromats.map((row) => {
    const name = names.get(row.laundromatId);
    return {
      ...row,
      key: row.laundromatId,
      name: name ?? (
        <span className={analyticsStyles.muted} title={row.laundromatId}>
          {shortId(row.laundromatId)}
        </span>
      ),
    };
  });
  const card = (id: string, title: string, nameHeader: string, rows: FigureRow[], emptyKey: string) => (
    <section className={analyticsStyles.tableCard} aria-labelledby={id} data-testid={id}>
      <h3 id={id} className={analyticsStyles.tableTitle}>
        {title}
      </h3>
      {rows.length > 0 ? (
        <FiguresTable caption={title} nameHeader={nameHeader} rows={rows} />
      ) : (
        <p className={analyticsStyles.tableEmpty}>{t(emptyKey)}</p>
      )}
    </section>
  );
  return (
    <div className={analyticsStyles.tables}>
      {card(
        'top-cities',
        t('analytics.topCities.title'),
        t('analytics.topCities.name'),
        cities,
        'analytics.topCities.empty',
      )}
      {card(
        'top-laundromats',
        t('analytics.topLaundromats.title'),
        t('analytics.topLaundromats.name'),
        laundromats,
        'analytics.topLaundromats.empty',
      )}
    </div>
  );
}

/**
 * /campaigns/{id}/analytics: the campaign's figures for a window the advertiser chooses (last 7, 30 or 90
 * days, or two dates; by day, or by hour for at most 31 days), read from GET /api/campaigns/{id}/analytics
 * and again every 30 s while open: totals, charts over time and by placement, the top cities and
 * laundromats, and the same report as a CSV file.
 */
export default function CampaignAnalyticsPage() {
  const { t, text, locale } = useText();
  const { money } = useMoney();
  const { campaignId } = useParams();
  const [params, setParams] = useSearchParams();
  const advertiser = useAdvertiser();
  useScrollToTop();
  const campaign = useCampaign(advertiser.profile ? campaignId : undefined);
  // The choice is the page's own state, kept in its address too (replaced, not pushed) for a reload or a
  // shared link: a router navigation is a transition, which would leave the radio unchecked meanwhile.
  const [choice, setChoice] = useState(() => readRangeParams(params));
  const { range, granularity } = choice;
  const now = new Date();
  const query = analyticsQuery(range, granularity, now);
  const analytics = useCampaignAnalytics(campaignId, query, Boolean(advertiser.profile));
  const report = analytics.data;
  // Made again with each answer, up to when it was read: the same data read later gives a new hour or day
  // its place.
  const readAt = analytics.dataUpdatedAt;
  const points = useMemo(() => (report ? completeSeries(report, new Date(readAt)) : []), [report, readAt]);

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
  const moderation = moderationBadge(data.moderationStatus);
  const dates = rangeDates(range, now);
  const rangeLabel = { from: formatDay(dates.from, locale), to: formatDay(dates.to, locale) };
  const change = (next: AnalyticsRange, step: Granularity) => {
    setChoice({ range: next, granularity: step });
    setParams(rangeParams(next, step), { replace: true });
  };
  // The screen reader's table lists the periods that had something; the charts draw them all.
  const activePeriods = points.filter((point) => point.impressions > 0 || point.clicks > 0);

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
              budget: money(data.totalBudget),
              daily: money(data.dailyBudget),
            })}
          </p>
        </div>
        <nav className={styles.headerActions} aria-label={t('analytics.actionsLabel')}>
          <Link className={buttonClassName('secondary')} to={`/campaigns/${data.id}/edit`}>
            {t('dashboard.campaigns.edit')}
          </Link>
          <a className={buttonClassName('secondary')} href={analyticsCsvUrl(data.id, query)} download>
            {t('analytics.downloadCsv')}
          </a>
        </nav>
      </header>

      <RangeControls range={range} granularity={granularity} now={now} onChange={change} />

      <section aria-labelledby="analytics-window">
        <h2 id="analytics-window" className={dashboardStyles.tabTitle}>
          {t('analytics.window', rangeLabel)}
        </h2>
        <Tiles totals={report?.totals} />
        <p className={analyticsStyles.updated} data-testid="analytics-updated">
          {report
            ? t('analytics.updated', {
                time: formatClock(analytics.dataUpdatedAt, locale),
                seconds: analyticsRefreshMs / 1000,
              })
            : t('common:status.loading')}
        </p>
      </section>

      {report && <CreativesSection report={report} />}

      {report && <ConversionsSection report={report} />}

      {analytics.isError && !report ? (
        <div className={analyticsStyles.error} role="alert">
          <h2>{t('analytics.loadFailedTitle')}</h2>
          <p>{t('analytics.loadFailedText')}</p>
          <button
            type="button"
            className={buttonClassName('secondary', 'small')}
            onClick={() => void analytics.refetch()}
          >
            {t('common:actions.retry')}
          </button>
        </div>
      ) : !report ? (
        <div className={analyticsStyles.charts}>
          <ChartSkeleton wide />
        </div>
      ) : !hasActivity(report.totals) ? (
        <EmptyFigures />
      ) : (
        <>
          <section aria-labelledby="analytics-charts">
            <h2 id="analytics-charts" className="visually-hidden">
              {t('analytics.charts.heading')}
            </h2>
            <div className={analyticsStyles.charts}>
              <Suspense
                fallback={
                  <>
                    <ChartSkeleton wide />
                    <ChartSkeleton />
                    <ChartSkeleton />
                    <ChartSkeleton />
                  </>
                }
              >
                <TimeCharts points={points} report={report} rangeLabel={rangeLabel} />
                {report.byPlacement.length > 0 && <PlacementChart report={report} />}
              </Suspense>
            </div>
            <FiguresTable
              hidden
              caption={t(report.granularity === 'hour' ? 'analytics.table.byHour' : 'analytics.table.byDay')}
              nameHeader={t('analytics.table.period')}
              rows={activePeriods.map((point) => ({
                ...point,
                key: point.period,
                name: formatPeriod(point.period, report.granularity, locale),
              }))}
            />
            <FiguresTable
              hidden
              caption={t('analytics.charts.placementTitle')}
              nameHeader={t('analytics.table.placement')}
              rows={report.byPlacement.map((row) => ({
                ...row,
                key: row.placement,
                name: text(placementName(row.placement)),
              }))}
            />
          </section>
          <TopTables report={report} />
        </>
      )}
    </div>
  );
}
