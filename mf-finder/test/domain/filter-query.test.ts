import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  defaultFilterSet,
  listLaundromatsQuery,
  queryKeyToUrl,
  searchLaundromatsQuery,
} from '../../src/domain/filter-query.ts';
import type { FilterSet } from '../../src/domain/filter-query.ts';

const filters = (changes: Partial<FilterSet> = {}): FilterSet => ({ ...defaultFilterSet(), ...changes });
const bounds = { north: 2.3, south: 2.1, east: 102.3, west: 102.2 };

describe('filter set', () => {
  it('when created, then the eight quick booleans are false and minRating is 0', () => {
    expect(defaultFilterSet()).toEqual({
      minRating: 0,
      acceptsCard: false,
      hasDetergentVending: false,
      isWashAndFold: false,
      hasBigDrums: false,
      hasWifi: false,
      isWheelchairAccessible: false,
      hasStaff: false,
      isWellLit: false,
    });
  });

  it.each([
    [filters(), 0],
    [filters({ hasWifi: true, minRating: 4 }), 2],
    [filters({ hasCctv: true, hasWifi: false }), 1],
    [filters({ openNow: true, open24Hours: true }), 2],
  ])('when the filters are %o, then %s are active', (set, count) => {
    expect(activeFilterCount(set)).toBe(count);
  });
});

describe('GET /api/laundromats query', () => {
  it.each([
    ['when nothing is set, then the query is empty', {}, ''],
    [
      'when booleans are true or false, then only true ones are sent as true',
      { filters: filters({ hasWifi: true, acceptsCard: false, hasCctv: true }) },
      'hasWifi=true&hasCctv=true',
    ],
    [
      'when the hours chips are on, then openNow and open24Hours are sent as true',
      { filters: filters({ openNow: true, open24Hours: true, hasWifi: true }) },
      'openNow=true&open24Hours=true&hasWifi=true',
    ],
    ['when minRating is 0, then it is not sent', { filters: filters({ minRating: 0 }) }, ''],
    ['when minRating is above 0, then it is sent', { filters: filters({ minRating: 3.5 }) }, 'minRating=3.5'],
    [
      'when a location is known, then latitude and longitude are sent',
      { location: { latitude: 2.2, longitude: 102.25 } },
      'latitude=2.2&longitude=102.25',
    ],
    ['when bounds exist without a map-area search, then they are not sent', { bounds }, ''],
    [
      'when bounds exist after a map-area search, then they are sent as JSON',
      { bounds, isMapAreaSearch: true },
      `bounds=${encodeURIComponent(JSON.stringify(bounds)).replace(/%20/g, '+')}`,
    ],
  ])('%s', (_, input, expected) => {
    expect(listLaundromatsQuery({ filters: filters(), ...input })).toBe(expected);
  });

  it('when bounds are sent, then they read back as the same object', () => {
    const query = new URLSearchParams(
      listLaundromatsQuery({ filters: filters(), bounds, isMapAreaSearch: true }),
    );
    expect(JSON.parse(query.get('bounds') ?? '')).toEqual(bounds);
  });
});

describe('GET /api/laundromats/search query', () => {
  const now = 1_000_000;
  const device = { latitude: 1, longitude: 2, accuracy: 25.4, timestamp: now - 45_000 };
  const place = { latitude: 35.68, longitude: 139.69 };
  it.each([
    ['when only text is given, then only q is sent (trimmed)', { q: '  Tokyo ' }, { q: 'Tokyo' }],
    [
      'when a geocoded place is the search location, then its coordinates and searchType location are sent',
      { q: 'Tokyo', searchLocation: place },
      { q: 'Tokyo', latitude: '35.68', longitude: '139.69', searchType: 'location' },
    ],
    [
      'when the search location comes from a map move, then searchType is map_bounds',
      { q: 'Map area', searchLocation: place, isMapAreaSearch: true },
      { q: 'Map area', latitude: '35.68', longitude: '139.69', searchType: 'map_bounds' },
    ],
    [
      'when only the device location is known, then its coordinates, age and accuracy are sent without searchType',
      { q: 'laundry', deviceLocation: device },
      { q: 'laundry', latitude: '1', longitude: '2', locationAge: '45000', locationAccuracy: '25' },
    ],
    [
      'when both are known, then the search location wins and the device age and accuracy are still sent',
      { q: 'Tokyo', searchLocation: place, deviceLocation: device, filters: filters({ hasStaff: true }) },
      {
        q: 'Tokyo',
        latitude: '35.68',
        longitude: '139.69',
        searchType: 'location',
        locationAge: '45000',
        locationAccuracy: '25',
        hasStaff: 'true',
      },
    ],
  ])('%s', (_, input, expected) => {
    const query = searchLaundromatsQuery({ filters: filters(), now, ...input });
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('default fetcher URL from a query key (docs/product.md, API calls)', () => {
  it.each([
    [['/api/auth/user'], '/api/auth/user'],
    [['/api/laundromats', 'latitude=1&hasWifi=true'], '/api/laundromats?latitude=1&hasWifi=true'],
    [['/api/laundromats/search', '?q=Tokyo'], '/api/laundromats/search?q=Tokyo'],
    [['/api/laundromats', ''], '/api/laundromats'],
    [['/api/laundromats', '/abc', '/reviews'], '/api/laundromats/abc/reviews'],
    [['/api/photos', '/user', 'u1'], '/api/photos/user/u1'],
    [['/api/favorites', 42], '/api/favorites/42'],
  ])('when the key is %o, then the URL is %s', (key, url) => {
    expect(queryKeyToUrl(key)).toBe(url);
  });
});
