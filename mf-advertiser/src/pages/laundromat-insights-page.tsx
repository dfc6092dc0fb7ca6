import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, buttonClassName } from '@laundry/ui';
import type { OwnerInsights } from '@laundry/contracts';
import { getJson } from '../api/http.ts';
import { useCurrentUser, useLaundromatNames } from '../api/queries.ts';
import { LoadFailed, PageLoading, SignInCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { statusOf } from '../domain/api-errors.ts';
import { formatCount, formatDay } from '../domain/formats.ts';
import {
  changeAgainst,
  hasActivity,
  insightsCsvUrl,
  insightsDates,
  insightsPeriods,
  insightsTiles,
  insightsUrl,
  type InsightsPeriodDays,
} from '../domain/insights.ts';
import pageStyles from '../components/page.module.css';
import dashboardStyles from '../dashboard/dashboard.module.css';
import analyticsStyles from '../analytics/analytics.module.css';

// Chart.js comes in its own chunk, asked for as soon as this page's code runs.
const loadCharts = () => import('../analytics/insights-charts.tsx');
void loadCharts();
const InsightsCharts = lazy(() => loadCharts().then((module) => ({ default: module.InsightsCharts })));

/**
 * /advertiser/laundromats/:laundromatId/insights: how the verified owner's laundromat is found and used,
 * from GET /api/owner/laundromats/{id}/insights, for the last 7, 28 or 90 days: totals with the change
 * against the days before, charts per day, and the same days as a CSV file.
 */
export default function LaundromatInsightsPage() {
  const { t, locale } = useText();
  const { laundromatId = '' } = useParams();
  const user = useCurrentUser();
  useScrollToTop();
  const id = useId();
  const [days, setDays] = useState<InsightsPeriodDays>(28);
  const dates = useMemo(() => insightsDates(days, new Date()), [days]);
  const insights = useQuery({
    queryKey: ['/api/owner/laundromats', laundromatId, 'insights', dates.from, dates.to],
    queryFn: () => getJson<OwnerInsights>(insightsUrl(laundromatId, dates)),
    enabled: user.isSignedIn && laundromatId !== '',
    placeholderData: (previous) => previous,
    retry: false,
  });
  const names = useLaundromatNames(useMemo(() => [laundromatId], [laundromatId]));
  const name = names.get(laundromatId);
  const percent = useMemo(
    () =>
      new Intl.NumberFormat(locale, {
        style: 'percent',
        maximumFractionDigits: 0,
        signDisplay: 'exceptZero',
      }),
    [locale],
  );

  if (user.isLoading) return <PageLoading />;
  if (!user.isSignedIn)
    return <SignInCard returnTo={`/advertiser/laundromats/${encodeURIComponent(laundromatId)}/insights`} />;
  const refused = insights.error ? statusOf(insights.error) : null;
  if (insights.error && refused !== 403 && refused !== 404)
    return <LoadFailed onRetry={() => void insights.refetch()} />;

  const data = insights.data;
  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <div className={pageStyles.headerText}>
          <Link className={pageStyles.backLink} to="/advertiser/laundromats">
            ← {t('insights.backToList')}
          </Link>
          <h1 className={pageStyles.title}>
            {name === undefined ? (
              <Skeleton width="12rem" />
            ) : (
              t('insights.title', { name: name ?? t('claims.unknownName') })
            )}
          </h1>
          <p className={pageStyles.subtitle}>{t('insights.subtitle')}</p>
        </div>
        {data && (
          <nav className={pageStyles.headerActions} aria-label={t('insights.link')}>
            <a className={buttonClassName('secondary')} href={insightsCsvUrl(laundromatId, dates)} download>
              {t('insights.downloadCsv')}
            </a>
          </nav>
        )}
      </header>

      {refused !== null ? (
        <Card className={pageStyles.messageCard} data-testid="insights-refused">
          <p>{t('insights.notYours')}</p>
        </Card>
      ) : (
        <>
          <fieldset className={`${analyticsStyles.fieldset} ${analyticsStyles.controls}`}>
            <legend className={analyticsStyles.legend}>{t('insights.periodLabel')}</legend>
            <div className={analyticsStyles.segmented}>
              {insightsPeriods.map((option) => (
                <label key={option} className={analyticsStyles.segment}>
                  <input
                    type="radio"
                    name={`${id}-period`}
                    value={option}
                    checked={days === option}
                    onChange={() => setDays(option)}
                  />
                  <span>{t(`insights.period.${option}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <section aria-labelledby={`${id}-window`}>
            <h2 id={`${id}-window`} className={dashboardStyles.tabTitle}>
              {t('insights.window', { from: formatDay(dates.from, locale), to: formatDay(dates.to, locale) })}
            </h2>
            <dl className={dashboardStyles.tiles} data-testid="insights-tiles">
              {insightsTiles.map((key) => {
                const value = data?.totals[key];
                const change = data ? changeAgainst(data.totals[key], data.previous.totals[key]) : null;
                return (
                  <div key={key} className={dashboardStyles.tile} data-testid={`insights-${key}`}>
                    <dt className={dashboardStyles.tileLabel}>{t(`insights.metrics.${key}`)}</dt>
                    <dd className={dashboardStyles.tileValue}>
                      {value === undefined ? (
                        <Skeleton width="3rem" height="1.75rem" />
                      ) : (
                        formatCount(value, locale)
                      )}
                    </dd>
                    {data && (
                      <dd className={dashboardStyles.tileNote}>
                        {change === null
                          ? t('insights.noPrevious', { days })
                          : t('insights.change', { change: percent.format(change), days })}
                      </dd>
                    )}
                  </div>
                );
              })}
              <div className={dashboardStyles.tile} data-testid="insights-averageRating">
                <dt className={dashboardStyles.tileLabel}>{t('insights.metrics.averageRating')}</dt>
                <dd className={dashboardStyles.tileValue}>
                  {data === undefined ? (
                    <Skeleton width="3rem" height="1.75rem" />
                  ) : data.totals.averageRating === null ? (
                    '–'
                  ) : (
                    `${data.totals.averageRating.toLocaleString(locale)} ★`
                  )}
                </dd>
              </div>
            </dl>
          </section>

          {!data ? (
            <Skeleton height="17rem" />
          ) : !hasActivity(data.totals) ? (
            <Card className={pageStyles.messageCard} data-testid="insights-empty">
              <p>{t('insights.empty')}</p>
            </Card>
          ) : (
            <div className={analyticsStyles.charts}>
              <Suspense fallback={<Skeleton height="17rem" />}>
                <InsightsCharts insights={data} />
              </Suspense>
            </div>
          )}
        </>
      )}
    </div>
  );
}
