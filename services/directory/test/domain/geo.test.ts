import { describe, expect, it } from 'vitest';
import {
  envelopeContains,
  haversineMeters,
  isValidBounds,
  isValidCoordinates,
  normalizeBounds,
  viewportRadiusMeters,
} from '../../src/domain/geo.ts';

const london = { latitude: 51.5074, longitude: -0.1278 };
const paris = { latitude: 48.8566, longitude: 2.3522 };

describe('haversineMeters', () => {
  it('when both points are the same, then the distance is 0', () => {
    expect(haversineMeters(london, london)).toBe(0);
  });

  it('when measuring London to Paris, then it is about 343.5 km with the 6371 km radius', () => {
    expect(haversineMeters(london, paris)).toBeCloseTo(343_556, -2);
  });

  it('when measuring one degree of latitude, then it is 6371 km × π / 180', () => {
    const d = haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 });
    expect(d).toBeCloseTo((6_371_000 * Math.PI) / 180, 3);
  });

  it('when the points straddle the antimeridian, then the short way round is measured', () => {
    const d = haversineMeters({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 });
    expect(d).toBeCloseTo((6_371_000 * Math.PI) / 180, 3);
  });

  it('when the points are antipodal, then the distance is half the circumference', () => {
    const d = haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 });
    expect(d).toBeCloseTo(Math.PI * 6_371_000, 3);
  });
});

describe('isValidCoordinates', () => {
  it.each([
    [{ latitude: 0, longitude: 0 }, true],
    [{ latitude: 90, longitude: -180 }, true],
    [{ latitude: 90.1, longitude: 0 }, false],
    [{ latitude: 0, longitude: 180.5 }, false],
    [{ latitude: Number.NaN, longitude: 0 }, false],
    [{ latitude: 10 }, false],
    [null, false],
  ])('when the point is %j, then validity is %s', (point, expected) => {
    expect(isValidCoordinates(point)).toBe(expected);
  });
});

describe('isValidBounds', () => {
  it.each([
    [{ north: 10, south: -10, east: 20, west: -20 }, true],
    [{ north: 10, south: -10, east: -170, west: 170 }, true],
    [{ north: -10, south: 10, east: 20, west: -20 }, false],
    [{ north: 10, south: -10, east: Infinity, west: -20 }, false],
    [{ north: 10, south: -10, east: 20 }, false],
  ])('when the bounds are %j, then validity is %s', (bounds, expected) => {
    expect(isValidBounds(bounds)).toBe(expected);
  });
});

describe('normalizeBounds', () => {
  it.each([
    [
      'an ordinary viewport',
      { north: 52, south: 51, east: 0.5, west: -0.5 },
      [{ west: -0.5, south: 51, east: 0.5, north: 52 }],
    ],
    [
      'a viewport crossing the antimeridian (west > east)',
      { north: -15, south: -20, east: -178, west: 176 },
      [
        { west: 176, south: -20, east: 180, north: -15 },
        { west: -180, south: -20, east: -178, north: -15 },
      ],
    ],
    [
      'an unwrapped viewport east of 180',
      { north: 10, south: 0, east: 190, west: 170 },
      [
        { west: 170, south: 0, east: 180, north: 10 },
        { west: -180, south: 0, east: -170, north: 10 },
      ],
    ],
    [
      'a viewport wholly beyond 180',
      { north: 10, south: 0, east: 200, west: 190 },
      [{ west: -170, south: 0, east: -160, north: 10 }],
    ],
    [
      'a viewport wider than the world',
      { north: 80, south: -80, east: 300, west: -300 },
      [{ west: -180, south: -80, east: 180, north: 80 }],
    ],
    [
      'latitudes past the poles',
      { north: 95, south: -95, east: 10, west: 0 },
      [{ west: 0, south: -90, east: 10, north: 90 }],
    ],
  ])('when given %s, then the envelopes are right', (_case, bounds, expected) => {
    expect(normalizeBounds(bounds)).toEqual(expected);
  });

  it('when a viewport crosses the antimeridian, then points on both sides fall in an envelope and others do not', () => {
    const envelopes = normalizeBounds({ north: -15, south: -20, east: -178, west: 176 });
    const inside = (latitude: number, longitude: number) =>
      envelopes.some((e) => envelopeContains(e, { latitude, longitude }));
    expect(inside(-18, 178.4)).toBe(true); // Fiji, west of the line
    expect(inside(-18, -179)).toBe(true); // east of the line
    expect(inside(-18, 0)).toBe(false);
  });
});

describe('viewportRadiusMeters', () => {
  const centreOf = (bounds: { north: number; south: number; east: number; west: number }) => {
    const span = bounds.west <= bounds.east ? bounds.east - bounds.west : bounds.east + 360 - bounds.west;
    const longitude = bounds.west + span / 2;
    return {
      latitude: (bounds.north + bounds.south) / 2,
      longitude: longitude > 180 ? longitude - 360 : longitude,
    };
  };

  /** Every point of a 41 × 41 grid over the box, across the antimeridian where it crosses. */
  const gridOf = (bounds: { north: number; south: number; east: number; west: number }) => {
    const span = bounds.west <= bounds.east ? bounds.east - bounds.west : bounds.east + 360 - bounds.west;
    const points = [];
    for (let i = 0; i <= 40; i += 1) {
      for (let j = 0; j <= 40; j += 1) {
        let longitude = bounds.west + (span * j) / 40;
        if (longitude > 180) longitude -= 360;
        points.push({ latitude: bounds.south + ((bounds.north - bounds.south) * i) / 40, longitude });
      }
    }
    return points;
  };

  it.each([
    ['a 10 km box in Paris', { north: 48.895, south: 48.805, east: 2.42, west: 2.28 }],
    ['a country-sized box', { north: 55, south: 45, east: 15, west: 5 }],
    ['a box across the antimeridian', { north: -10, south: -25, east: -170, west: 170 }],
    ['a box up to the North Pole', { north: 90, south: 70, east: 80, west: -80 }],
    ['a box 180° wide in the south', { north: -40, south: -80, east: 90, west: -90 }],
  ])('when the viewport is %s, then the radius from its centre holds every point of it', (_case, bounds) => {
    const centre = centreOf(bounds);
    const radius = viewportRadiusMeters(bounds, centre);
    expect(radius).toBeDefined();
    const farthest = Math.max(...gridOf(bounds).map((point) => haversineMeters(centre, point)));
    expect(radius!).toBeGreaterThanOrEqual(farthest);
    // Tight enough to be worth it: no more than the farthest point plus the margin.
    expect(radius!).toBeLessThanOrEqual(farthest * 1.001 + 1 + 1e-6);
  });

  it('when the point is off the viewport but within 90° of all of it, then the radius still holds it all', () => {
    const bounds = { north: 20, south: -20, east: 60, west: 10 };
    const from = { latitude: 45, longitude: 0 };
    const radius = viewportRadiusMeters(bounds, from)!;
    expect(Math.max(...gridOf(bounds).map((point) => haversineMeters(from, point)))).toBeLessThanOrEqual(
      radius,
    );
  });

  it.each([
    ['wider than 180°', { north: 10, south: -10, east: 100, west: -100 }, undefined],
    ['the whole world', { north: 90, south: -90, east: 180, west: -180 }, undefined],
    [
      'more than 90° of longitude from the point',
      { north: 10, south: -10, east: 130, west: 100 },
      { latitude: 0, longitude: 0 },
    ],
  ])('when the viewport is %s, then no radius is given', (_case, bounds, from) => {
    expect(viewportRadiusMeters(bounds, from ?? centreOf(bounds))).toBeUndefined();
  });
});
