import { describe, expect, it } from 'vitest';
import { reachEstimateRequestSchema } from '@laundry/contracts';
import { estimateReach, type ReachInputs } from '../../src/domain/delivery/reach-estimate.ts';
import { createRequestCounter } from '../../src/domain/delivery/request-counts.ts';

/** 28 days of the same traffic: `requests` a day, `filled` of them served by a campaign. */
const steady = (requests: number, filled: number) => Array.from({ length: 28 }, () => ({ requests, filled }));

const inputs = (overrides: Partial<ReachInputs> = {}): ReachInputs => ({
  days: steady(1000, 400),
  bidE4: 5000,
  averageCpcE4: 5000,
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
      suggestedDailyBudget: 8,
      limitedByBudget: false,
    });
  });

  it('when a higher bid, a schedule or uneven days, then the range moves with them', () => {
    const higher = estimateReach(inputs({ bidE4: 20_000 }), 'area');
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
});

describe('the request counter', () => {
  it('when requests arrive, then they add up per day and cell, and one without a position is not counted', () => {
    const counter = createRequestCounter(() => new Date('2026-11-29T10:00:00Z'));
    counter.count({ latitude: 38.7223, longitude: -9.1393 }, true);
    counter.count({ latitude: 38.75, longitude: -9.15 }, false);
    counter.count({}, false);
    expect(counter.take()).toEqual([
      { day: '2026-11-29', cellLat: 387, cellLng: -92, requests: 2, filled: 1 },
    ]);
    expect(counter.take()).toEqual([]);
  });
});

describe('the estimate request', () => {
  it('when an area is half given or the bid is under the minimum, then it is refused with the reason', () => {
    const half = reachEstimateRequestSchema.safeParse({ targetLatitude: 1, costPerClickE4: 10_000 });
    expect(half.error?.issues[0]?.message).toBe('A target area needs a latitude, a longitude and a radius');
    const low = reachEstimateRequestSchema.safeParse({ costPerClickE4: 100 });
    expect(low.error?.issues[0]?.message).toBe('Minimum cost per click is $0.10');
  });
});
