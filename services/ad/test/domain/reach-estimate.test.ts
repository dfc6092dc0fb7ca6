import { describe, expect, it } from 'vitest';
import { reachEstimateRequestSchema, reachEstimateRequestSchemaFor } from '@laundry/contracts';
import {
  estimateReach,
  valuePerImpression,
  type ReachInputs,
} from '../../src/domain/delivery/reach-estimate.ts';
import { createRequestCounter, unplacedCell } from '../../src/domain/delivery/request-counts.ts';

/** 28 days of the same traffic: `requests` a day, `filled` of them served by a campaign. */
const steady = (requests: number, filled: number) => Array.from({ length: 28 }, () => ({ requests, filled }));

const inputs = (overrides: Partial<ReachInputs> = {}): ReachInputs => ({
  days: steady(1000, 400),
  bid: { billedEvent: 'click', priceE4: 5000, currency: 'USD' },
  // The campaigns serving now: $0.50 a click on average.
  competitors: [{ currency: 'USD', billedEvent: 'click', averagePriceE4: 5000, campaigns: 3 }],
  clickRate: 0.02,
  scheduleShare: 1,
  dailyBudgetE4: null,
  ...overrides,
});

describe('the reach estimate', () => {
  it('when the area has too little traffic, then it says so rather than guess', () => {
    expect(estimateReach(inputs({ days: steady(3, 0) }), 'area')).toEqual({ enough: false, basis: 'area' });
    expect(estimateReach(inputs({ days: steady(1000, 0).slice(0, 5) }), 'area')).toMatchObject({
      enough: false,
    });
  });

  it('when the bid equals the campaigns serving now, then it gets every unfilled request and half the rest', () => {
    const estimate = estimateReach(inputs(), 'area');
    // 600 unfilled + 400 × ½; 2 % of them click; the high end's clicks at $0.50 each.
    expect(estimate).toEqual({
      enough: true,
      basis: 'area',
      impressions: { low: 800, high: 800 },
      clicks: { low: 16, high: 16 },
      currency: 'USD',
      suggestedDailyBudget: 8,
      limitedByBudget: false,
    });
  });

  it('when a higher bid, a schedule or uneven days, then the range moves with them', () => {
    const higher = estimateReach(
      inputs({ bid: { billedEvent: 'click', priceE4: 20_000, currency: 'USD' } }),
      'area',
    );
    expect(higher).toMatchObject({ impressions: { low: 1000, high: 1000 } });
    const weekdays = estimateReach(inputs({ scheduleShare: 0.5 }), 'area');
    expect(weekdays).toMatchObject({ impressions: { low: 400, high: 400 } });
    const uneven = estimateReach(
      inputs({ days: [...steady(200, 0).slice(0, 14), ...steady(1000, 0).slice(0, 14)] }),
      'area',
    );
    expect(uneven).toMatchObject({ impressions: { low: 200, high: 1000 } });
  });

  it('when the daily budget is below what the clicks would cost, then clicks stop at the budget and it says so', () => {
    const estimate = estimateReach(inputs({ dailyBudgetE4: 50_000 }), 'area');
    // $5 a day at $0.50 a click: 10 clicks, and the impressions that bring them.
    expect(estimate).toMatchObject({
      clicks: { low: 10, high: 10 },
      impressions: { low: 500, high: 500 },
      suggestedDailyBudget: 8,
      limitedByBudget: true,
    });
  });
  it('when the form bids per thousand impressions, then the budget buys impressions at that price and the suggestion follows', () => {
    // $5 a thousand is 50 E4 an impression; 2 % of $0.50 is 100 E4 an impression for the clicks around it.
    const cpm = { billedEvent: 'impression', priceE4: 50, currency: 'USD' } as const;
    expect(estimateReach(inputs({ bid: cpm }), 'area')).toEqual({
      enough: true,
      basis: 'area',
      // Worth half of what the others are: a quarter of what they fill, and every unfilled request.
      impressions: { low: 700, high: 700 },
      clicks: { low: 14, high: 14 },
      currency: 'USD',
      // 700 impressions at $0.005 are $3.50: $4 in whole dollars.
      suggestedDailyBudget: 4,
      limitedByBudget: false,
    });
    // $2 a day buys 400 of them, whatever the clicks.
    expect(estimateReach(inputs({ bid: cpm, dailyBudgetE4: 20_000 }), 'area')).toMatchObject({
      impressions: { low: 400, high: 400 },
      clicks: { low: 8, high: 8 },
      suggestedDailyBudget: 4,
      limitedByBudget: true,
    });
  });

  it('when bids per click and per thousand compete, then they compare by what an impression is worth', () => {
    // $0.50 a click at 2 % is worth $10 a thousand impressions, as a $10 CPM is.
    const cpc = valuePerImpression({ billedEvent: 'click', priceE4: 5000, currency: 'USD' }, 0.02);
    const cpm = valuePerImpression({ billedEvent: 'impression', priceE4: 100, currency: 'USD' }, 0.02);
    expect(cpc).toBeCloseTo(cpm, 9);
    // Against campaigns all bidding $10 a thousand, a $0.50 click bid gets half of what they fill.
    const against = estimateReach(
      inputs({
        competitors: [{ currency: 'USD', billedEvent: 'impression', averagePriceE4: 100, campaigns: 2 }],
      }),
      'area',
    );
    expect(against).toMatchObject({ impressions: { low: 800, high: 800 } });
  });

  it('when the advertiser is billed in yen, then rivals in dollars weigh by what a yen is worth and the suggestion is whole yen', () => {
    // ¥75 a click ranks as $0.5025 against dollar campaigns at $0.50: a hair above an equal bid (half of
    // the 400 filled, and a little more), not 150 times one.
    const yen = estimateReach(
      inputs({ bid: { billedEvent: 'click', priceE4: 750_000, currency: 'JPY' } }),
      'area',
    );
    expect(yen).toMatchObject({
      currency: 'JPY',
      impressions: { low: 801, high: 801 },
      clicks: { low: 16, high: 17 },
      // 17 clicks at ¥75 are ¥1,275: whole yen.
      suggestedDailyBudget: 1275,
    });
    // A small estimate is still at least the currency's smallest daily budget: ¥150, $1.
    const small = inputs({ days: steady(200, 0), clickRate: 0.01 });
    expect(
      estimateReach({ ...small, bid: { billedEvent: 'click', priceE4: 150_000, currency: 'JPY' } }, 'area'),
    ).toMatchObject({ clicks: { high: 2 }, suggestedDailyBudget: 150 });
    expect(estimateReach(small, 'area')).toMatchObject({ suggestedDailyBudget: 1 });
    // A yen budget at the yen bid: ¥600 a day is 8 clicks at ¥75.
    const budgeted = estimateReach(
      inputs({ bid: { billedEvent: 'click', priceE4: 750_000, currency: 'JPY' }, dailyBudgetE4: 6_000_000 }),
      'area',
    );
    expect(budgeted).toMatchObject({ clicks: { low: 8, high: 8 }, limitedByBudget: true });
  });
});

describe('the request counter', () => {
  it('when requests arrive, then they add up per day and cell, and those without a position in a cell of their own', () => {
    const counter = createRequestCounter(() => new Date('2026-11-29T10:00:00Z'));
    counter.count({ latitude: 38.7223, longitude: -9.1393 }, true);
    counter.count({ latitude: 38.75, longitude: -9.15 }, false);
    counter.count({}, false);
    counter.count({ latitude: undefined, longitude: undefined }, true);
    expect(counter.take()).toEqual([
      { day: '2026-11-29', cellLat: 387, cellLng: -92, requests: 2, filled: 1 },
      { day: '2026-11-29', ...unplacedCell, requests: 2, filled: 1 },
    ]);
    expect(counter.take()).toEqual([]);
  });
});

describe('the estimate request', () => {
  it('when an area is half given or the bid is under the minimum, then it is refused with the reason', () => {
    const half = reachEstimateRequestSchema.safeParse({ targetLatitude: 1, costPerClickE4: 10_000 });
    expect(half.error?.issues[0]?.message).toBe('A target area needs a latitude, a longitude and a radius');
    const low = reachEstimateRequestSchemaFor('USD').safeParse({ costPerClickE4: 100 });
    expect(low.error?.issues[0]?.message).toBe('Minimum cost per click is $0.10');
    const none = reachEstimateRequestSchema.safeParse({ weeklyHours: 10 });
    expect(none.error?.issues[0]?.message).toBe('Give a cost per click or a cost per impression');
  });

  it('when the advertiser is billed in another currency, then the minimum is that currency’s, named in it', () => {
    // ¥10 a click is under the yen minimum of ¥15; $0.10 in E4 would pass in dollars.
    const yen = reachEstimateRequestSchemaFor('JPY');
    expect(yen.safeParse({ costPerClickE4: 100_000 }).error?.issues[0]).toMatchObject({
      message: 'Minimum cost per click is ¥15',
      path: ['costPerClickE4'],
    });
    expect(yen.safeParse({ costPerClickE4: 150_000 }).success).toBe(true);
    expect(
      reachEstimateRequestSchemaFor('EUR').safeParse({ costPerClickE4: 999 }).error?.issues[0]?.message,
    ).toBe('Minimum cost per click is €0.10');
    // A bid per impression is what is charged then: the cost per click is not checked.
    expect(yen.safeParse({ costPerClickE4: 1, costPerImpressionE4: 100 }).success).toBe(true);
    expect(reachEstimateRequestSchema.safeParse({ costPerImpressionE4: 0 }).success).toBe(false);
  });
});
