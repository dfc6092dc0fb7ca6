import { useMemo, type ReactNode } from 'react';
import { Bar, Line } from 'react-chartjs-2';
import type { ChartDataset, ChartOptions } from 'chart.js';
import type { InsightsCountKey, OwnerInsights } from '@laundry/contracts';
import { useText } from '../components/use-text.ts';
import { formatDay } from '../domain/formats.ts';
// The campaign analytics' module registers Chart.js's parts and sets its fonts and colours once.
import { chartColors } from './analytics-charts.tsx';
import styles from './analytics.module.css';

/**
 * The insights page's charts, with the campaign analytics' chart library and look, in a chunk of their
 * own. Each canvas is an image whose label says what it shows; the tiles above give every total.
 */
const palette: Partial<Record<InsightsCountKey, string>> = {
  searchAppearances: chartColors.impressions,
  detailViews: chartColors.clicks,
  directionTaps: '#2563eb',
  phoneTaps: '#059669',
  websiteTaps: '#7c3aed',
  shares: '#b45309',
  favouritesAdded: '#db2777',
  reviews: chartColors.spend,
};

function Figure({
  title,
  label,
  testId,
  children,
}: {
  title: string;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <figure className={`${styles.chartCard} ${styles.wide}`} data-testid={testId}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      <div className={styles.canvasBox} role="img" aria-label={label}>
        {children}
      </div>
    </figure>
  );
}

export function InsightsCharts({ insights }: { insights: OwnerInsights }) {
  const { t, locale } = useText();
  const labels = useMemo(
    () => insights.days.map((day) => formatDay(day.date, locale).replace(/,? \d{4}$/, '')),
    [insights.days, locale],
  );
  const bars = (key: InsightsCountKey) => ({
    label: t(`insights.metrics.${key}`),
    data: insights.days.map((day) => day[key]),
    borderColor: palette[key],
    backgroundColor: palette[key],
  });
  const series = (key: InsightsCountKey) => ({
    ...bars(key),
    pointRadius: insights.days.length <= 28 ? 2 : 0,
    tension: 0.2,
  });
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    locale,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: { position: 'bottom', labels: { usePointStyle: true, boxWidth: 8, boxHeight: 8 } } },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 16 } },
      y: { beginAtZero: true, ticks: { precision: 0 } },
    },
  } as const;
  const actions: InsightsCountKey[] = [
    'directionTaps',
    'phoneTaps',
    'websiteTaps',
    'shares',
    'favouritesAdded',
  ];
  return (
    <>
      <Figure
        title={t('insights.charts.seenTitle')}
        label={t('insights.charts.seenLabel')}
        testId="insights-seen"
      >
        <Line
          data={{ labels, datasets: [series('searchAppearances'), series('detailViews')] }}
          options={options as ChartOptions<'line'>}
        />
      </Figure>
      <Figure
        title={t('insights.charts.actionsTitle')}
        label={t('insights.charts.actionsLabel')}
        testId="insights-actions"
      >
        <Bar
          data={{ labels, datasets: actions.map(bars) }}
          options={
            {
              ...options,
              scales: {
                ...options.scales,
                x: { ...options.scales.x, stacked: true },
                y: { ...options.scales.y, stacked: true },
              },
            } as ChartOptions<'bar'>
          }
        />
      </Figure>
      <Figure
        title={t('insights.charts.ratingTitle')}
        label={t('insights.charts.ratingLabel')}
        testId="insights-rating"
      >
        <Bar
          data={{
            labels,
            datasets: [
              { ...bars('reviews'), yAxisID: 'y', order: 2 },
              // A line over the bars: Chart.js mixes the two, its types do not.
              {
                type: 'line',
                label: t('insights.metrics.cumulativeRating'),
                data: insights.days.map((day) => day.cumulativeRating),
                borderColor: chartColors.ctr,
                backgroundColor: chartColors.ctr,
                pointRadius: 0,
                spanGaps: true,
                yAxisID: 'y1',
                order: 1,
              } as unknown as ChartDataset<'bar'>,
            ],
          }}
          options={
            {
              ...options,
              scales: {
                ...options.scales,
                y1: { position: 'right', min: 1, max: 5, grid: { drawOnChartArea: false } },
              },
            } as ChartOptions<'bar'>
          }
        />
      </Figure>
    </>
  );
}
