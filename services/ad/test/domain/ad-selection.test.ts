import { describe, expect, it } from 'vitest';
import {
  chooseByValue,
  distanceKm,
  eligibleCampaigns,
  expectedClickThrough,
  expectedValue,
  matchesTargeting,
  type ServableCampaign,
  type ViewerPlace,
} from '../../src/domain/delivery/ad-selection.ts';
import {
  chooseCreative,
  exploreShare,
  learningImpressions,
} from '../../src/domain/delivery/creative-rotation.ts';

const base: ServableCampaign = {
  id: 'c1',
  advertiserUserId: 'u1',
  title: 'Ad',
  description: null,
  imageUrl: null,
  targetUrl: 'https://example.com',
  targetCountries: new Set(),
  targetCities: [],
  area: null,
  costPerClick: 0.5,
  costPerImpression: null,
  impressions: 0,
  clicks: 0,
  frequencyCap: null,
  throttle: 1,
};
const paris: ViewerPlace = { latitude: 48.8566, longitude: 2.3522, city: 'Paris', country: 'FR' };
const tokyo: ViewerPlace = { latitude: 35.6762, longitude: 139.6503, city: 'Tokyo', country: 'JP' };
const nowhere: ViewerPlace = { latitude: null, longitude: null, city: null, country: null };

describe('targeting', () => {
  it('when a campaign names no target, then it is worldwide, even for a place nobody knows', () => {
    expect(matchesTargeting(base, tokyo)).toBe(true);
    expect(matchesTargeting(base, nowhere)).toBe(true);
  });

  it('when it targets a radius, then points inside match and points outside do not', () => {
    const campaign = { ...base, area: { latitude: 48.8566, longitude: 2.3522, radiusKm: 20 } };
    expect(matchesTargeting(campaign, { ...nowhere, latitude: 48.9, longitude: 2.4 })).toBe(true);
    expect(matchesTargeting(campaign, tokyo)).toBe(false);
    expect(matchesTargeting(campaign, nowhere)).toBe(false);
  });

  it('when it targets a city, then the city by name and country, or a point near its centre, matches', () => {
    const campaign = {
      ...base,
      targetCities: [{ name: 'São Paulo', country: 'BR', latitude: -23.55, longitude: -46.63 }],
    };
    expect(matchesTargeting(campaign, { ...nowhere, city: 'sao paulo', country: 'BR' })).toBe(true);
    expect(matchesTargeting(campaign, { ...nowhere, city: 'Sao Paulo', country: 'PT' })).toBe(false);
    expect(matchesTargeting(campaign, { ...nowhere, latitude: -23.6, longitude: -46.7 })).toBe(true);
    expect(matchesTargeting(campaign, paris)).toBe(false);
  });

  it('when it targets countries, then only those countries match; any one target is enough', () => {
    const campaign = {
      ...base,
      targetCountries: new Set(['JP']),
      area: { latitude: 48.85, longitude: 2.35, radiusKm: 5 },
    };
    expect(matchesTargeting(campaign, tokyo)).toBe(true);
    expect(matchesTargeting(campaign, paris)).toBe(true);
    expect(matchesTargeting(campaign, { ...paris, latitude: 45.76, longitude: 4.83, city: 'Lyon' })).toBe(
      false,
    );
  });

  it('when distances are measured, then Paris to Tokyo is about 9,710 km', () => {
    expect(distanceKm(48.8566, 2.3522, 35.6762, 139.6503)).toBeCloseTo(9712, -1);
  });
});

describe('choosing among the eligible', () => {
  it('when pacing throttles a campaign to 0.3, then it enters about 30 % of requests', () => {
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const campaign = { ...base, throttle: 0.3 };
    let entered = 0;
    for (let i = 0; i < 10_000; i++) entered += eligibleCampaigns([campaign], paris, random).length;
    expect(entered / 10_000).toBeGreaterThan(0.27);
    expect(entered / 10_000).toBeLessThan(0.33);
  });

  it('when one campaign is worth more, then it wins most draws, yet the other is still tried', () => {
    const rich = { ...base, id: 'rich', costPerClick: 2 };
    const poor = { ...base, id: 'poor', costPerClick: 0.5 };
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const wins = { rich: 0, poor: 0 };
    for (let i = 0; i < 10_000; i++) wins[chooseByValue([rich, poor], random)!.id as 'rich' | 'poor']++;
    // Weights go with the square of the value: 16 to 1.
    expect(wins.rich / 10_000).toBeGreaterThan(0.9);
    expect(wins.poor).toBeGreaterThan(300);
    expect(chooseByValue([], random)).toBeUndefined();
  });

  it('when bids are in different currencies, then they rank by what they are worth, not by their digits', () => {
    // ¥75 a click is about $0.50: it weighs about as much as a $0.50 bid, far less than a $2 one.
    const yen = { ...base, id: 'yen', currency: 'JPY' as const, costPerClick: 75 };
    const dollars = { ...base, id: 'dollars', currency: 'USD' as const, costPerClick: 2 };
    expect(expectedValue(yen)).toBeCloseTo(expectedValue({ ...base, costPerClick: 0.5025 }), 6);
    expect(expectedValue(yen)).toBeLessThan(expectedValue(dollars));
    // A pound is worth more than a dollar: £1 beats $1; a campaign without a currency is in dollars.
    expect(expectedValue({ ...base, currency: 'GBP', costPerClick: 1 })).toBeGreaterThan(
      expectedValue({ ...base, costPerClick: 1 }),
    );
    // A CPM bid is weighed the same way.
    expect(expectedValue({ ...base, currency: 'JPY', costPerImpression: 750 })).toBeCloseTo(
      expectedValue({ ...base, costPerImpression: 5.025 }),
      6,
    );

    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const wins = { yen: 0, dollars: 0 };
    for (let i = 0; i < 10_000; i++) wins[chooseByValue([yen, dollars], random)!.id as 'yen' | 'dollars']++;
    // $2 against about $0.50 is 16 to 1 once squared: the dollar bid wins most draws, as it would in one currency.
    expect(wins.dollars / 10_000).toBeGreaterThan(0.9);
    expect(wins.yen).toBeGreaterThan(300);
  });

  it('when a campaign has history, then its click-through estimate moves from the 2 % prior toward what it earns', () => {
    expect(expectedClickThrough(0, 0)).toBeCloseTo(0.02);
    expect(expectedClickThrough(10_000, 500)).toBeCloseTo(0.05, 2);
  });
});

describe("rotating a campaign's creatives", () => {
  const creative = (id: string, impressions: number, clicks: number) => ({ id, impressions, clicks });
  /** The draws in turn, so a choice is told exactly. */
  const drawing = (...values: number[]) => {
    let i = 0;
    return () => values[i++ % values.length]!;
  };

  it('when a campaign has one creative, then it is always that one', () => {
    expect(chooseCreative([creative('a', 5, 1)], drawing(0.99)).id).toBe('a');
  });

  it('while any creative has fewer impressions than the learning threshold, then each is equally likely', () => {
    const creatives = [
      creative('a', 5000, 400),
      creative('b', learningImpressions - 1, 0),
      creative('c', 0, 0),
    ];
    expect([0, 0.34, 0.67, 0.99].map((draw) => chooseCreative(creatives, drawing(draw)).id)).toEqual([
      'a',
      'b',
      'c',
      'c',
    ]);
  });

  it('when every creative has enough impressions, then the best click-through wins but for the exploring share', () => {
    const creatives = [
      creative('a', learningImpressions, 10),
      creative('b', 2 * learningImpressions, 60),
      creative('c', learningImpressions, 20),
    ];
    // Nine draws in ten exploit: b's 3 % beats c's 2 % and a's 1 %, whatever its place in the list.
    expect(chooseCreative(creatives, drawing(exploreShare)).id).toBe('b');
    expect(chooseCreative(creatives, drawing(0.99)).id).toBe('b');
    // One in ten explores: a creative drawn at random, the weaker ones too.
    expect(chooseCreative(creatives, drawing(exploreShare / 2, 0)).id).toBe('a');
    expect(chooseCreative(creatives, drawing(exploreShare / 2, 0.9)).id).toBe('c');
  });

  it('over many ads after learning, then the better creative gets about nine in ten plus its share of exploring', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const creatives = [creative('a', 4000, 40), creative('b', 4000, 120)];
    const shown = Array.from({ length: 10_000 }, () => chooseCreative(creatives, random).id);
    const better = shown.filter((id) => id === 'b').length / shown.length;
    expect(better).toBeGreaterThan(1 - exploreShare / 2 - 0.02);
    expect(better).toBeLessThan(1 - exploreShare / 2 + 0.02);
  });
});
