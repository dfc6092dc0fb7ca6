import { describe, expect, it } from 'vitest';
import { isSamePlace, mapViewport, shouldFlyToSearchLocation } from '../../src/map/camera-rules.ts';

const centre = { latitude: 2.204, longitude: 102.2478 };
const north = (metres: number) => ({
  latitude: centre.latitude + metres / 111_195,
  longitude: centre.longitude,
});

describe('camera rules', () => {
  it.each([
    [0, false],
    [10, false],
    [30, true],
    [5000, true],
  ])(
    'when the search location is %s m from the map centre, then the map flies there: %s',
    (metres, expected) => {
      expect(shouldFlyToSearchLocation(centre, north(metres))).toBe(expected);
    },
  );

  it('when the map moved, then centre, bounds and zoom are reported in latitude/longitude and north/south/east/west', () => {
    const bounds = { getNorth: () => 3, getSouth: () => 1, getEast: () => 104, getWest: () => 101 };
    expect(mapViewport({ lng: 102.5, lat: 2 }, bounds, 9.5)).toEqual({
      center: { latitude: 2, longitude: 102.5 },
      zoom: 9.5,
      bounds: { north: 3, south: 1, east: 104, west: 101 },
    });
  });

  it.each([
    [null, null, true],
    [undefined, null, false],
    [centre, { ...centre }, true],
    [centre, north(1), false],
    [centre, null, false],
  ])('when comparing %o and %o, then they are the same place: %s', (a, b, expected) => {
    expect(isSamePlace(a, b)).toBe(expected);
  });
});
