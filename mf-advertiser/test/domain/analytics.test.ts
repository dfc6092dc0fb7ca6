import { describe, expect, it } from 'vitest';
import {
  analyticsCsvUrl,
  analyticsQuery,
  analyticsUrl,
  chartSeries,
  completeSeries,
  customRangeProblem,
  effectiveGranularity,
  hasActivity,
  hourlyAllowed,
  overviewCampaigns,
  peakOf,
  placementName,
  rangeDates,
  rangeDays,
  rangeParams,
  readRangeParams,
  shortId,
  sparklinePath,
  sumTotals,
} from '../../src/domain/analytics.ts';
import { english } from '../support/english.ts';

// 21:30 UTC on 24 November 2026: still the 24th in UTC, whatever the test machine's zone.
const now = new Date('2026-11-24T21:30:00Z');
const query = (text: string) => Object.fromEntries(new URLSearchParams(text));
const zeros = { impressions: 0, clicks: 0, ctr: 0, spend: 0, spendE4: 0 };

describe('the report window the controls ask for', () => {
  it('when a preset is chosen, then it ends today (UTC) and covers that many whole days', () => {
    expect(rangeDates({ kind: 'last7' }, now)).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(rangeDates({ kind: 'last30' }, now)).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(rangeDates({ kind: 'last90' }, now)).toEqual({ from: '2026-08-27', to: '2026-11-24' });
    expect(rangeDays({ kind: 'last7' }, now)).toBe(7);
    expect(rangeDays({ kind: 'last90' }, now)).toBe(90);
    // Just after midnight UTC it is the next day, even where the browser's clock still says the 24th.
    expect(rangeDates({ kind: 'last7' }, new Date('2026-11-25T00:10:00Z')).to).toBe('2026-11-25');
  });

  it('when the range is turned into a query, then it sends whole dates and the granularity', () => {
    expect(query(analyticsQuery({ kind: 'last7' }, 'hour', now))).toEqual({
      from: '2026-11-18',
      to: '2026-11-24',
      granularity: 'hour',
    });
    expect(
      query(analyticsQuery({ kind: 'custom', from: '2026-01-01', to: '2026-01-31' }, 'day', now)),
    ).toEqual({ from: '2026-01-01', to: '2026-01-31', granularity: 'day' });
  });

  it('when hours are asked for more than 31 days, then days are sent instead (the service refuses more)', () => {
    expect(hourlyAllowed({ kind: 'last30' }, now)).toBe(true);
    expect(hourlyAllowed({ kind: 'custom', from: '2026-01-01', to: '2026-01-31' }, now)).toBe(true);
    expect(hourlyAllowed({ kind: 'custom', from: '2026-01-01', to: '2026-02-01' }, now)).toBe(false);
    expect(hourlyAllowed({ kind: 'last90' }, now)).toBe(false);
    expect(effectiveGranularity({ kind: 'last90' }, 'hour', now)).toBe('day');
    expect(query(analyticsQuery({ kind: 'last90' }, 'hour', now)).granularity).toBe('day');
  });

  it('when custom dates are typed, then a missing, reversed or too long window is named', () => {
    expect(customRangeProblem('', '2026-01-31')).toBe('missing');
    expect(customRangeProblem('2026-13-45', '2026-01-31')).toBe('missing');
    expect(customRangeProblem('2026-02-01', '2026-01-31')).toBe('order');
    expect(customRangeProblem('2026-01-31', '2026-01-31')).toBeNull();
    expect(customRangeProblem('2025-01-01', '2026-01-02')).toBe('tooLong'); // 367 days
    expect(customRangeProblem('2025-01-02', '2026-01-02')).toBeNull(); // 366 days
  });

  it('when the page address is read, then its choice comes back, and anything odd is the last 30 days', () => {
    const read = (text: string) => readRangeParams(new URLSearchParams(text));
    expect(read('')).toEqual({ range: { kind: 'last30' }, granularity: 'day' });
    expect(read('range=last7&by=hour')).toEqual({ range: { kind: 'last7' }, granularity: 'hour' });
    expect(read('range=custom&from=2026-01-01&to=2026-01-10')).toEqual({
      range: { kind: 'custom', from: '2026-01-01', to: '2026-01-10' },
      granularity: 'day',
    });
    expect(read('range=custom&from=2026-02-01&to=2026-01-10').range).toEqual({ kind: 'last30' });
    expect(read('range=forever&by=minute')).toEqual({ range: { kind: 'last30' }, granularity: 'day' });
    for (const choice of [
      { range: { kind: 'last90' as const }, granularity: 'day' as const },
      {
        range: { kind: 'custom' as const, from: '2026-03-01', to: '2026-03-02' },
        granularity: 'hour' as const,
      },
    ]) {
      expect(read(new URLSearchParams(rangeParams(choice.range, choice.granularity)).toString())).toEqual(
        choice,
      );
    }
  });

  it('when the CSV link is made, then it is the same report with format=csv', () => {
    const text = analyticsQuery({ kind: 'last7' }, 'day', now);
    expect(analyticsUrl('c-1', text)).toBe(
      '/api/campaigns/c-1/analytics?from=2026-11-18&to=2026-11-24&granularity=day',
    );
    expect(analyticsCsvUrl('c-1', text)).toBe(
      '/api/campaigns/c-1/analytics?from=2026-11-18&to=2026-11-24&granularity=day&format=csv',
    );
  });
});

describe('the report shaped for the charts', () => {
  it('when the service answers only the days with events, then every day of the window is drawn, empty ones as 0', () => {
    const points = completeSeries(
      {
        from: '2026-11-18T00:00:00.000Z',
        to: '2026-11-25T00:00:00.000Z',
        granularity: 'day',
        series: [
          { period: '2026-11-19T00:00:00Z', impressions: 10, clicks: 1, ctr: 0.1, spend: 0.5, spendE4: 5000 },
          { period: '2026-11-24T00:00:00Z', impressions: 4, clicks: 0, ctr: 0, spend: 0, spendE4: 0 },
        ],
      },
      now,
    );
    expect(points.map((point) => point.period.slice(0, 10))).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(points[0]).toEqual({ period: '2026-11-18T00:00:00.000Z', ...zeros });
    expect(points[1]).toMatchObject({ impressions: 10, clicks: 1, ctr: 0.1, spend: 0.5 });
  });

  it('when hours are shown, then the hours still to come today are not drawn as zeros', () => {
    const points = completeSeries(
      {
        from: '2026-11-24T00:00:00.000Z',
        to: '2026-11-25T00:00:00.000Z',
        granularity: 'hour',
        series: [
          { period: '2026-11-24T21:00:00Z', impressions: 1, clicks: 1, ctr: 1, spend: 0.25, spendE4: 2500 },
        ],
      },
      now,
    );
    expect(points).toHaveLength(22); // 00:00 … 21:00, the hour under way included
    expect(points.at(-1)).toMatchObject({ period: '2026-11-24T21:00:00.000Z', impressions: 1 });
  });

  it('when a window starts mid-day, then the first day is that day', () => {
    const points = completeSeries(
      { from: '2026-11-22T15:00:00.000Z', to: '2026-11-24T15:00:00.000Z', granularity: 'day', series: [] },
      now,
    );
    expect(points.map((point) => point.period.slice(0, 10))).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
  });

  it('when figures are charted, then CTR is in percent, missing without impressions, and the busiest period is found', () => {
    const points = [
      { period: 'a', impressions: 3, clicks: 1, ctr: 0.333333, spend: 0.5, spendE4: 5000 },
      { period: 'b', impressions: 8, clicks: 2, ctr: 0.25, spend: 1, spendE4: 10000 },
      { period: 'c', impressions: 8, clicks: 0, ctr: 0, spend: 0, spendE4: 0 },
      { period: 'd', ...zeros },
    ];
    expect(chartSeries(points)).toEqual({
      impressions: [3, 8, 8, 0],
      clicks: [1, 2, 0, 0],
      ctrPercent: [33.3333, 25, 0, null],
      spend: [0.5, 1, 0, 0],
    });
    expect(peakOf(points, 'impressions')?.period).toBe('b');
    expect(peakOf([{ period: 'x', ...zeros }], 'clicks')).toBeNull();
  });

  it('when nothing was counted, then there is nothing to chart; an invalid event alone is something', () => {
    expect(hasActivity({ ...zeros, invalid: 0 })).toBe(false);
    expect(hasActivity({ ...zeros, invalid: 2 })).toBe(true);
    expect(hasActivity({ ...zeros, impressions: 1, invalid: 0 })).toBe(true);
  });

  it('when placements are named, then the three seeded ones are translated and another shows its key', () => {
    expect(english(placementName('home-sidebar'))).toBe('Home sidebar');
    expect(english(placementName('home-page'))).toBe('Home page');
    expect(english(placementName('laundromat-detail'))).toBe('Laundromat detail');
    expect(english(placementName('footer-banner'))).toBe('footer-banner');
  });

  it('when a laundromat has no name, then its id is shortened', () => {
    expect(shortId('0a1b2c3d-4e5f-4000-8000-000000000001')).toBe('0a1b2c3d…');
    expect(shortId('short')).toBe('short');
  });
});

describe('the dashboard overview', () => {
  const campaign = (id: string, status: string, createdAt: string) => ({ id, status, createdAt });

  it('when campaigns are listed, then the ten most recent active ones are asked for', () => {
    const campaigns = [
      campaign('old', 'active', '2026-01-01T00:00:00Z'),
      campaign('paused', 'paused', '2026-11-01T00:00:00Z'),
      ...Array.from({ length: 11 }, (_, i) =>
        campaign(`new-${i}`, 'active', `2026-10-${String(10 + i).padStart(2, '0')}T00:00:00Z`),
      ),
    ];
    const shown = overviewCampaigns(campaigns).map((item) => item.id);
    expect(shown).toHaveLength(10);
    expect(shown[0]).toBe('new-10');
    expect(shown).not.toContain('paused');
    expect(shown).not.toContain('old');
  });

  it('when reports are added up, then money is summed in cents and CTR comes from the sums', () => {
    expect(sumTotals([])).toBeNull();
    expect(
      sumTotals([
        { impressions: 10, clicks: 1, ctr: 0.1, spend: 0.1, spendE4: 1000, invalid: 1 },
        { impressions: 30, clicks: 1, ctr: 0.0333, spend: 0.2001, spendE4: 2001, invalid: 0 },
      ]),
    ).toEqual({ impressions: 40, clicks: 2, ctr: 0.05, spend: 0.3001, spendE4: 3001, invalid: 1 });
  });

  it('when a sparkline is drawn, then it spans the box, scaled to the largest value', () => {
    expect(sparklinePath([0, 5, 10], 100, 20)).toBe('M0 20 L50 10 L100 0');
    expect(sparklinePath([0, 0], 100, 20)).toBe('M0 20 L100 20');
    expect(sparklinePath([], 100, 20)).toBe('');
  });
});
