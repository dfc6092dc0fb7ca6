import { describe, expect, it } from 'vitest';
import { distanceText, formatDistance } from '../../src/domain/distance-display.ts';
import { distanceMeters } from '../../src/domain/geo-distance.ts';

const spaces = (text: string | null) => text?.replace(/\s/gu, ' ') ?? null;

describe('distance display', () => {
  it.each([
    [0, 'en', '0 m'],
    [349.4, 'en', '349 m'],
    [999.4, 'en', '999 m'],
    [999.6, 'en', '1.0 km'],
    [1000, 'en', '1.0 km'],
    [1250, 'en', '1.3 km'],
    [12_345, 'en', '12.3 km'],
    [1250, 'fr', '1,3 km'],
    [1250, 'de', '1,3 km'],
    [Number.NaN, 'en', null],
    [-5, 'en', null],
    [null, 'en', null],
  ])('when the distance is %s m in %s, then it shows %s', (meters, locale, expected) => {
    expect(spaces(formatDistance(meters, locale))).toBe(expected);
  });

  it.each([
    [
      'when the server gave a distance, then it is shown',
      { latitude: 0, longitude: 0, distanceMeters: 420 },
      null,
      '420 m',
    ],
    [
      'when measured from the origin, then haversine is used',
      { latitude: 51.51, longitude: 0 },
      { latitude: 51.5, longitude: 0 },
      '1.1 km',
    ],
    [
      'when the target coordinates are invalid, then nothing shows',
      { latitude: 95, longitude: 0 },
      { latitude: 0, longitude: 0 },
      null,
    ],
    ['when there is no origin, then nothing shows', { latitude: 1, longitude: 1 }, null, null],
  ])('%s', (_, target, origin, expected) => {
    expect(spaces(distanceText(target, origin, 'en'))).toBe(expected);
  });
});

describe('haversine (Earth radius 6371 km)', () => {
  it.each([
    ['one degree of latitude', { latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }, 111_195],
    [
      'London to Paris',
      { latitude: 51.5074, longitude: -0.1278 },
      { latitude: 48.8566, longitude: 2.3522 },
      343_556,
    ],
    ['the same point', { latitude: 10, longitude: 10 }, { latitude: 10, longitude: 10 }, 0],
  ])('when measuring %s, then the distance is about %s m', (_, a, b, expected) => {
    expect(distanceMeters(a, b)).toBeCloseTo(expected, -1);
  });

  it('when a point is invalid, then there is no distance', () => {
    expect(distanceMeters({ latitude: 0, longitude: 181 }, { latitude: 0, longitude: 0 })).toBeNull();
  });
});
