import { useMemo, type ReactNode } from 'react';
import {
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
  type LegendItem,
  type TooltipItem,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import type { CampaignAnalytics } from '@laundry/contracts';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import { chartSeries, peakOf, placementName, type SeriesPoint } from '../domain/analytics.ts';
import { formatCount, formatPercent, formatPeriod } from '../domain/formats.ts';
import styles from './analytics.module.css';

/**
 * The analytics page's charts (Chart.js on a canvas), in a module of their own so the library loads with
 * this page only. Each chart is a figure with its title; the canvas is an image whose label says what it
 * shows in words, and the page's tables hold every figure for a screen reader.
 */
Chart.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, Filler, Tooltip, Legend);
Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";
Chart.defaults.color = '#475569';
Chart.defaults.borderColor = '#e2e8f0';

export const chartColors = {
  impressions: '#2563eb',
  impressionsFill: 'rgb(37 99 235 / 12%)',
  clicks: '#059669',
  ctr: '#7c3aed',
  spend: '#b45309',
  spendFill: 'rgb(180 83 9 / 12%)',
} as const;

type Report = Pick<CampaignAnalytics, 'granularity' | 'totals' | 'byPlacement'>;

/** Dots only where they can be told apart; a month of hours is a line. */
const pointRadius = (count: number) => (count <= 14 ? 3 : count <= 45 ? 2 : count <= 100 ? 1 : 0);

interface OptionParts {
  /** Off for a chart of one figure, which its title names. */
  legend?: boolean;
  tooltip?: object;
  scales: object;
}

function chartOptions<T extends 'line' | 'bar'>(locale: string, parts: OptionParts): ChartOptions<T> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    // Figures are read again every 30 s: a still chart, not one that moves at each read.
    animation: false,
    locale,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend:
        parts.legend === false
          ? { display: false }
          : {
              position: 'bottom',
              labels: {
                usePointStyle: true,
                boxWidth: 8,
                boxHeight: 8,
                padding: 16,
                // In the datasets' own order, whichever is drawn on top.
                sort: (a: LegendItem, b: LegendItem) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0),
              },
            },
      tooltip: { padding: 10, boxPadding: 4, callbacks: parts.tooltip ?? {} },
    },
    scales: parts.scales,
  } as ChartOptions<T>;
}

const timeAxis = { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 16 } };

/** Impressions on the left axis and clicks, far fewer, on the right, each in its line's colour. */
const countAxes = (impressions: string, clicks: string) => ({
  y: {
    beginAtZero: true,
    ticks: { precision: 0, color: chartColors.impressions },
    title: { display: true, text: impressions, color: chartColors.impressions },
  },
  y1: {
    beginAtZero: true,
    position: 'right',
    grid: { drawOnChartArea: false },
    ticks: { precision: 0, color: chartColors.clicks },
    title: { display: true, text: clicks, color: chartColors.clicks },
  },
});

function ChartFigure({
  title,
  testId,
  wide,
  children,
}: {
  title: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <figure className={`${styles.chartCard} ${wide ? styles.wide : ''}`} data-testid={testId}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      <div className={styles.canvasBox}>{children}</div>
    </figure>
  );
}

/** Impressions and clicks, CTR, and spend over the window's periods. */
export function TimeCharts({
  points,
  report,
  rangeLabel,
}: {
  points: readonly SeriesPoint[];
  report: Report;
  rangeLabel: { from: string; to: string };
}) {
  const { t, locale } = useText();
  const { money } = useMoney();
  const granularity = report.granularity;
  const labels = useMemo(
    () => points.map((point) => formatPeriod(point.period, granularity, locale, 'short')),
    [points, granularity, locale],
  );
  const figures = useMemo(() => chartSeries(points), [points]);
  const radius = pointRadius(points.length);
  const periodTitle = (items: TooltipItem<'line'>[]) => {
    const point = points[items[0]?.dataIndex ?? -1];
    return point ? formatPeriod(point.period, granularity, locale) : '';
  };

  const trafficOptions = chartOptions<'line'>(locale, {
    tooltip: { title: periodTitle },
    scales: { x: timeAxis, ...countAxes(t('analytics.tiles.impressions'), t('analytics.tiles.clicks')) },
  });
  const ctrOptions = chartOptions<'line'>(locale, {
    legend: false,
    tooltip: {
      title: periodTitle,
      label: (item: TooltipItem<'line'>) =>
        `${t('analytics.tiles.ctr')}: ${formatPercent(item.parsed.y ?? 0, locale)}`,
    },
    scales: {
      x: timeAxis,
      y: { beginAtZero: true, ticks: { callback: (value: number) => formatPercent(value, locale) } },
    },
  });
  const spendOptions = chartOptions<'line'>(locale, {
    legend: false,
    tooltip: {
      title: periodTitle,
      label: (item: TooltipItem<'line'>) => `${t('analytics.tiles.spend')}: ${money(item.parsed.y ?? 0)}`,
    },
    scales: {
      x: timeAxis,
      y: { beginAtZero: true, ticks: { callback: (value: number) => money(value) } },
    },
  });

  const totals = report.totals;
  const peak = peakOf(points, 'impressions');
  const trafficSummary = [
    t('analytics.charts.trafficSummary', {
      ...rangeLabel,
      impressions: formatCount(totals.impressions, locale),
      clicks: formatCount(totals.clicks, locale),
    }),
    peak
      ? t('analytics.charts.peak', {
          value: formatCount(peak.impressions, locale),
          period: formatPeriod(peak.period, granularity, locale),
        })
      : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <ChartFigure title={t('analytics.charts.trafficTitle')} testId="chart-traffic" wide>
        <Line
          role="img"
          aria-label={trafficSummary}
          data={{
            labels,
            datasets: [
              {
                label: t('analytics.tiles.impressions'),
                data: figures.impressions,
                yAxisID: 'y',
                order: 1,
                borderColor: chartColors.impressions,
                backgroundColor: chartColors.impressionsFill,
                pointBackgroundColor: chartColors.impressions,
                fill: 'origin',
                tension: 0.25,
                borderWidth: 2,
                pointRadius: radius,
              },
              {
                label: t('analytics.tiles.clicks'),
                data: figures.clicks,
                yAxisID: 'y1',
                // Drawn over the impressions, which it often follows.
                order: 0,
                borderColor: chartColors.clicks,
                backgroundColor: chartColors.clicks,
                tension: 0.25,
                borderWidth: 2,
                borderDash: [6, 4],
                pointRadius: radius,
                pointStyle: 'rectRot',
              },
            ],
          }}
          options={trafficOptions}
        />
      </ChartFigure>
      <ChartFigure title={t('analytics.charts.ctrTitle')} testId="chart-ctr">
        <Line
          role="img"
          aria-label={t('analytics.charts.ctrSummary', {
            ...rangeLabel,
            ctr: totals.impressions > 0 ? formatPercent(totals.ctr * 100, locale) : '—',
          })}
          data={{
            labels,
            datasets: [
              {
                label: t('analytics.tiles.ctr'),
                data: figures.ctrPercent,
                borderColor: chartColors.ctr,
                backgroundColor: chartColors.ctr,
                tension: 0.25,
                borderWidth: 2,
                // A period without impressions has no rate: a gap, so a lone rate must show as a dot.
                pointRadius: Math.max(radius, 2),
              },
            ],
          }}
          options={ctrOptions}
        />
      </ChartFigure>
      <ChartFigure title={t('analytics.charts.spendTitle')} testId="chart-spend">
        <Line
          role="img"
          aria-label={t('analytics.charts.spendSummary', {
            ...rangeLabel,
            spend: money(totals.spend),
          })}
          data={{
            labels,
            datasets: [
              {
                label: t('analytics.tiles.spend'),
                data: figures.spend,
                borderColor: chartColors.spend,
                backgroundColor: chartColors.spendFill,
                pointBackgroundColor: chartColors.spend,
                fill: 'origin',
                tension: 0.25,
                borderWidth: 2,
                pointRadius: radius,
              },
            ],
          }}
          options={spendOptions}
        />
      </ChartFigure>
    </>
  );
}

/** A long name on two lines under its bar ('Laundromat' / 'detail'), so a phone need not tilt it. */
function wrapLabel(label: string): string | string[] {
  if (label.length <= 12) return label;
  const words = label.split(' ');
  if (words.length < 2) return label;
  const half = Math.ceil(words.length / 2);
  return [words.slice(0, half).join(' '), words.slice(half).join(' ')];
}

/** Impressions and clicks by placement, as bars. */
export function PlacementChart({ report }: { report: Report }) {
  const { t, text, locale } = useText();
  const names = report.byPlacement.map((row) => text(placementName(row.placement)));
  const summary = report.byPlacement
    .map((row, index) =>
      t('analytics.charts.placementItem', {
        placement: names[index],
        impressions: formatCount(row.impressions, locale),
        clicks: formatCount(row.clicks, locale),
      }),
    )
    .join('; ');
  // A placement's pair of bars side by side, not spread across a wide chart when there are few.
  const categoryPercentage = Math.min(0.8, 0.3 * report.byPlacement.length);
  const options = chartOptions<'bar'>(locale, {
    tooltip: { title: (items: TooltipItem<'bar'>[]) => names[items[0]?.dataIndex ?? -1] ?? '' },
    scales: {
      x: { grid: { display: false } },
      ...countAxes(t('analytics.tiles.impressions'), t('analytics.tiles.clicks')),
    },
  });

  return (
    <ChartFigure title={t('analytics.charts.placementTitle')} testId="chart-placement" wide>
      <Bar
        role="img"
        aria-label={`${t('analytics.charts.placementTitle')}: ${summary}`}
        data={{
          labels: names.map(wrapLabel),
          datasets: [
            {
              label: t('analytics.tiles.impressions'),
              data: report.byPlacement.map((row) => row.impressions),
              yAxisID: 'y',
              backgroundColor: chartColors.impressions,
              borderRadius: 4,
              maxBarThickness: 48,
              categoryPercentage,
            },
            {
              label: t('analytics.tiles.clicks'),
              data: report.byPlacement.map((row) => row.clicks),
              yAxisID: 'y1',
              backgroundColor: chartColors.clicks,
              borderRadius: 4,
              maxBarThickness: 48,
              categoryPercentage,
            },
          ],
        }}
        options={options}
      />
    </ChartFigure>
  );
}
