import { describe, expect, it } from 'vitest';
import {
  buildInsights,
  insightsCsv,
  insightsPeriod,
  percentChange,
  type DailyCounts,
} from '../../src/domain/owner-insights.ts';

const id = '00000000-0000-4000-8000-000000000001';
const day = (date: string, counts: Partial<DailyCounts> = {}): DailyCounts => ({
  day: date,
  searchAppearances: 0,
  detailViews: 0,
  directionTaps: 0,
  phoneTaps: 0,
  websiteTaps: 0,
  shares: 0,
  favouritesAdded: 0,
  reviews: 0,
  ratingSum: 0,
  ...counts,
});
const noReviews = { now: { reviews: 0, ratingSum: 0 }, after: { reviews: 0, ratingSum: 0 } };

describe('the period of insights and the one before it', () => {
  it('when a week is asked for, then the previous period is the seven days before it, across a month', () => {
    expect(insightsPeriod('2026-03-01', '2026-03-07')).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
      days: 7,
      previousFrom: '2026-02-22',
      previousTo: '2026-02-28',
    });
  });

  it('when one day is asked for, then the previous period is the day before', () => {
    expect(insightsPeriod('2026-01-01', '2026-01-01')).toMatchObject({
      previousFrom: '2025-12-31',
      previousTo: '2025-12-31',
    });
  });

  it('when the period is reversed, longer than 90 days or names a day that does not exist, then it is refused', () => {
    expect(() => insightsPeriod('2026-03-07', '2026-03-01')).toThrow('from must be on or before to');
    expect(insightsPeriod('2026-01-01', '2026-03-31').days).toBe(90);
    expect(() => insightsPeriod('2026-01-01', '2026-04-01')).toThrow(
      'A period covers at most 90 days; this one covers 91',
    );
    expect(() => insightsPeriod('2026-02-30', '2026-03-01')).toThrow(
      '2026-02-30 is not a date of the calendar',
    );
  });
});

describe('insights from the stored days', () => {
  const period = insightsPeriod('2026-03-05', '2026-03-07');

  it('when some days are stored, then every day is listed and each period has its own totals', () => {
    const insights = buildInsights(
      id,
      period,
      [
        day('2026-03-02', { detailViews: 4, searchAppearances: 10 }),
        day('2026-03-04', { detailViews: 1 }),
        day('2026-03-05', { detailViews: 2, searchAppearances: 7, shares: 1 }),
        day('2026-03-07', { detailViews: 3, phoneTaps: 2 }),
      ],
      noReviews,
    );
    expect(insights.days.map((d) => [d.date, d.detailViews])).toEqual([
      ['2026-03-05', 2],
      ['2026-03-06', 0],
      ['2026-03-07', 3],
    ]);
    expect(insights.totals).toMatchObject({ detailViews: 5, searchAppearances: 7, shares: 1, phoneTaps: 2 });
    expect(insights.previous).toMatchObject({
      from: '2026-03-02',
      to: '2026-03-04',
      totals: { detailViews: 5, searchAppearances: 10, shares: 0 },
    });
    expect(percentChange(insights.totals.detailViews, insights.previous.totals.detailViews)).toBe(0);
    expect(percentChange(7, 10)).toBe(-30);
    expect(percentChange(3, 0)).toBeNull();
  });

  it("when reviews came in and after the period, then each day's average and the cumulative average follow them", () => {
    // Now: 10 reviews summing 40 stars; 1 review of 5 stars came after the period.
    const insights = buildInsights(
      id,
      period,
      [day('2026-03-05', { reviews: 2, ratingSum: 3 }), day('2026-03-07', { reviews: 1, ratingSum: 5 })],
      { now: { reviews: 10, ratingSum: 40 }, after: { reviews: 1, ratingSum: 5 } },
    );
    expect(insights.days.map((d) => [d.averageRating, d.cumulativeRating])).toEqual([
      [1.5, 3.75], // 30 stars of 8 reviews up to the end of the 5th
      [null, 3.75],
      [5, 3.89], // 35 of 9: all but the one after the period
    ]);
    expect(insights.totals).toMatchObject({ reviews: 3, averageRating: 2.67 });
    expect(insights.previous.totals.averageRating).toBeNull();
  });

  it('when written as CSV, then a header and one row a day, a rating without reviews left empty', () => {
    const csv = insightsCsv(
      buildInsights(
        id,
        insightsPeriod('2026-03-05', '2026-03-06'),
        [day('2026-03-06', { reviews: 1, ratingSum: 4 })],
        {
          now: { reviews: 1, ratingSum: 4 },
          after: { reviews: 0, ratingSum: 0 },
        },
      ),
    );
    expect(csv.split('\r\n')).toEqual([
      'date,search_appearances,detail_views,direction_taps,phone_taps,website_taps,shares,favourites_added,reviews,average_rating,cumulative_rating',
      '2026-03-05,0,0,0,0,0,0,0,0,,',
      '2026-03-06,0,0,0,0,0,0,0,1,4.00,4.00',
      '',
    ]);
  });
});
