import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  distanceKm,
  indexTargeting,
  matchesTargeting,
  withinKm,
  type ServableCampaign,
  type ViewerPlace,
} from '../../src/domain/delivery/ad-selection.ts';

const base: ServableCampaign = {
  id: 'c',
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

// Points bunch around a few places (the antimeridian and a pole among them), so targets and viewers meet.
const anchors = [
  [48.85, 2.35],
  [0, 179.9],
  [0, -179.9],
  [89.5, 10],
  [-33.9, 151.2],
  [40.7, -74],
];
const coordinates = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...anchors),
      fc.double({ min: -3, max: 3, noNaN: true }),
      fc.double({ min: -3, max: 3, noNaN: true }),
    )
    .map(([[lat, lon], dLat, dLon]) => ({
      latitude: Math.max(-90, Math.min(90, lat! + dLat)),
      longitude: ((((lon! + dLon + 180) % 360) + 360) % 360) - 180,
    })),
  fc.record({
    latitude: fc.double({ min: -90, max: 90, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  }),
);
const countries = ['FR', 'US', 'AU', 'NO'];
const cityNames = ['Paris', 'New York', 'Sydney', 'Tromsø'];

const campaign = fc
  .record({
    countries: fc.subarray(countries, { maxLength: 2 }),
    cities: fc.array(
      fc.record({
        name: fc.constantFrom(...cityNames),
        country: fc.constantFrom(...countries),
        at: coordinates,
      }),
      { maxLength: 2 },
    ),
    area: fc.option(fc.record({ at: coordinates, radiusKm: fc.double({ min: 0.5, max: 500, noNaN: true }) })),
  })
  .map(({ countries: targetCountries, cities, area }) => ({
    ...base,
    targetCountries: new Set(targetCountries),
    targetCities: cities.map((city) => ({ name: city.name, country: city.country, ...city.at })),
    area: area ? { ...area.at, radiusKm: area.radiusKm } : null,
  }));

const place: fc.Arbitrary<ViewerPlace> = fc
  .record({
    point: fc.option(coordinates),
    // As a viewer's place may name them: another case, or without accents.
    city: fc.option(fc.constantFrom(...cityNames, 'PARIS', 'new york', 'Tromso', 'TROMSØ')),
    country: fc.option(fc.constantFrom(...countries)),
  })
  .map(({ point, city, country }) => ({
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    city,
    country,
  }));

describe('targeting index', () => {
  it('when campaigns are indexed, then a place is offered every campaign that matches it, each once', () => {
    fc.assert(
      fc.property(
        fc.array(campaign, { maxLength: 40 }),
        fc.array(place, { minLength: 1, maxLength: 10 }),
        (list, places) => {
          const campaigns = list.map((c, i) => ({ ...c, id: `c${i}` }));
          const index = indexTargeting(campaigns);
          for (const p of places) {
            const candidates = index.candidates(p);
            expect(new Set(candidates).size).toBe(candidates.length);
            const viaIndex = candidates
              .filter((c) => matchesTargeting(c, p))
              .map((c) => c.id)
              .sort();
            const viaAll = campaigns
              .filter((c) => matchesTargeting(c, p))
              .map((c) => c.id)
              .sort();
            expect(viaIndex).toEqual(viaAll);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('when a place lies near the edge of a radius or city circle, then the index offers that campaign', () => {
    // mulberry32, so the draws repeat from run to run.
    let state = 20_261_124;
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    /** A point `km` from the centre in a random direction (great-circle destination). */
    const away = (latitude: number, longitude: number, km: number) => {
      const d = km / 6371;
      const bearing = random() * 2 * Math.PI;
      const lat1 = (latitude * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
      const lon2 =
        (longitude * Math.PI) / 180 +
        Math.atan2(
          Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
          Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
        );
      return {
        latitude: (lat2 * 180) / Math.PI,
        longitude: (((((lon2 * 180) / Math.PI + 540) % 360) + 360) % 360) - 180,
      };
    };
    const centre = () =>
      random() < 0.3
        ? { latitude: (random() < 0.5 ? -1 : 1) * (80 + random() * 10), longitude: -180 + random() * 360 }
        : {
            latitude: -80 + random() * 160,
            longitude:
              random() < 0.3 ? 179 + random() * 2 - 180 * (random() < 0.5 ? 0 : 2) : -180 + random() * 360,
          };
    const campaigns: ServableCampaign[] = [];
    for (let i = 0; i < 400; i++) {
      const radiusKm = random() < 0.5 ? 1 + random() * 60 : 1 + random() * 499;
      campaigns.push(
        i % 2 === 0
          ? { ...base, id: `r${i}`, area: { ...centre(), radiusKm } }
          : { ...base, id: `c${i}`, targetCities: [{ name: 'Somewhere', country: 'ZZ', ...centre() }] },
      );
    }
    const index = indexTargeting(campaigns);
    let matched = 0;
    for (const target of campaigns) {
      const circle = target.area ?? { ...target.targetCities[0]!, radiusKm: 25 };
      for (let k = 0; k < 20; k++) {
        const point = away(circle.latitude, circle.longitude, circle.radiusKm * (0.9 + random() * 0.2));
        const p = { ...point, city: null, country: null };
        const viaIndex = index
          .candidates(p)
          .filter((c) => matchesTargeting(c, p))
          .map((c) => c.id)
          .sort();
        const viaAll = campaigns
          .filter((c) => matchesTargeting(c, p))
          .map((c) => c.id)
          .sort();
        expect(viaIndex).toEqual(viaAll);
        matched += viaAll.length;
      }
    }
    expect(matched).toBeGreaterThan(2000);
  });

  it('when a place is far from a radius target, then the target is not among its candidates', () => {
    const paris = { ...base, id: 'paris', area: { latitude: 48.8566, longitude: 2.3522, radiusKm: 20 } };
    const worldwide = { ...base, id: 'everywhere' };
    const index = indexTargeting([paris, worldwide]);
    const tokyo = { latitude: 35.68, longitude: 139.65, city: 'Tokyo', country: 'JP' };
    expect(index.candidates(tokyo).map((c) => c.id)).toEqual(['everywhere']);
    expect(
      index
        .candidates({ ...tokyo, latitude: 48.9, longitude: 2.4 })
        .map((c) => c.id)
        .sort(),
    ).toEqual(['everywhere', 'paris']);
  });

  it('when two points are compared, then withinKm agrees with distanceKm', () => {
    fc.assert(
      fc.property(coordinates, coordinates, fc.double({ min: 0, max: 2000, noNaN: true }), (a, b, km) => {
        const d = distanceKm(a.latitude, a.longitude, b.latitude, b.longitude);
        fc.pre(Math.abs(d - km) > 1e-6);
        expect(withinKm(a.latitude, a.longitude, b.latitude, b.longitude, km)).toBe(d <= km);
      }),
    );
  });
});
