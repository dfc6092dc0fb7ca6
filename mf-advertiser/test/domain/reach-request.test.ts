import { describe, expect, it } from 'vitest';
import { reachRequestOf, type ReachFormInput } from '../../src/domain/reach-request.ts';

const form = (overrides: Partial<ReachFormInput> = {}): ReachFormInput => ({
  area: { latitude: 38.7223, longitude: -9.1393, radiusKm: 10 },
  pricingModel: 'cpc',
  costPerClick: '0.50',
  costPerThousand: '2',
  dailyBudget: '10',
  ...overrides,
});

describe("the reach estimate's request from the campaign form", () => {
  it('when the form bids per click, then it asks with the bid and budget, exactly, and no price per impression', () => {
    expect(reachRequestOf(form(), 'USD')).toEqual({
      request: {
        targetLatitude: 38.7223,
        targetLongitude: -9.1393,
        radiusKm: 10,
        costPerClickE4: 5000,
        dailyBudgetE4: 100_000,
        weeklyHours: 168,
      },
    });
  });

  it('when the form bids per thousand impressions, then it asks with the price of one impression and no cost per click', () => {
    // $2.50 a thousand is $0.0025 an impression: 25 ten-thousandths.
    const asked = reachRequestOf(
      form({ pricingModel: 'cpm', costPerThousand: '2.5', costPerClick: '' }),
      'USD',
    );
    expect(asked.request).toMatchObject({ costPerImpressionE4: 25, dailyBudgetE4: 100_000 });
    expect(asked.request).not.toHaveProperty('costPerClickE4');
    // A price the service could not take (a part of a ten-thousandth an impression, or none) asks nothing.
    expect(reachRequestOf(form({ pricingModel: 'cpm', costPerThousand: '2.5001' }), 'USD')).toEqual({
      request: null,
      reason: 'needsPrice',
    });
    expect(reachRequestOf(form({ pricingModel: 'cpm', costPerThousand: '' }), 'USD')).toMatchObject({
      reason: 'needsPrice',
    });
  });

  it("when the bid is under the billing currency's minimum, then it asks nothing and says so", () => {
    // ¥10 is under the yen minimum of ¥15, which ¥15 meets; $0.05 is under $0.10.
    expect(reachRequestOf(form({ costPerClick: '10', dailyBudget: '1500' }), 'JPY')).toEqual({
      request: null,
      reason: 'belowMinimum',
    });
    expect(reachRequestOf(form({ costPerClick: '15', dailyBudget: '1500' }), 'JPY').request).toMatchObject({
      costPerClickE4: 150_000,
      dailyBudgetE4: 15_000_000,
    });
    expect(reachRequestOf(form({ costPerClick: '0.05' }), 'EUR')).toMatchObject({ reason: 'belowMinimum' });
    expect(reachRequestOf(form({ costPerClick: 'abc' }), 'USD')).toMatchObject({ reason: 'needsBid' });
  });
});
