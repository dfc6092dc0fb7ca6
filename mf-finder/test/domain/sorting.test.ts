import { describe, expect, it } from 'vitest';
import { distanceOptionHint, sortLaundromats } from '../../src/domain/sorting.ts';
import type { SortableLaundromat } from '../../src/domain/sorting.ts';

const origin = { latitude: 51.5, longitude: -0.12 };
// Roughly 1.1 km per 0.01° of latitude.
const item = (name: string, extra: Partial<SortableLaundromat> = {}): SortableLaundromat => ({
  name,
  latitude: 51.5,
  longitude: -0.12,
  ...extra,
});
const names = (items: SortableLaundromat[]) => items.map((l) => l.name);

describe('distance sorting', () => {
  const list = [
    item('Far', { latitude: 51.53, averageRating: 5 }),
    item('Near', { latitude: 51.51, averageRating: 2 }),
    item('Tie low', { latitude: 51.52, averageRating: 3 }),
    item('Tie high', { latitude: 51.52, averageRating: 4.5 }),
  ];

  it.each([
    [
      'when a location is known, then nearest comes first and ties go to the higher rating',
      undefined,
      ['Near', 'Tie high', 'Tie low', 'Far'],
    ],
    [
      'when the direction is reversed, then farthest comes first and ties still go to the higher rating',
      'highToLow' as const,
      ['Far', 'Tie high', 'Tie low', 'Near'],
    ],
  ])('%s', (_, direction, expected) => {
    const result = sortLaundromats(list, { mode: 'distance', direction, origin });
    expect(names(result.items)).toEqual(expected);
    expect(result.notice).toBeNull();
  });

  it('when the server gave distances, then they are used instead of measuring', () => {
    const result = sortLaundromats([item('A', { distanceMeters: 900 }), item('B', { distanceMeters: 100 })], {
      mode: 'distance',
      origin,
    });
    expect(names(result.items)).toEqual(['B', 'A']);
  });

  it('when an item has invalid coordinates, then it goes last', () => {
    const result = sortLaundromats([item('Bad', { latitude: 200 }), item('Good', { latitude: 51.6 })], {
      mode: 'distance',
      origin,
    });
    expect(names(result.items)).toEqual(['Good', 'Bad']);
  });

  it.each([[null], [undefined], [{ latitude: Number.NaN, longitude: 0 }]])(
    'when there is no location (%s), then the order is unchanged with the unavailable notice and hint',
    (none) => {
      const result = sortLaundromats(list, { mode: 'distance', origin: none });
      expect(names(result.items)).toEqual(names(list));
      expect(result.notice).toEqual({
        title: { key: 'finder:sort.distanceUnavailable' },
        hint: { key: 'finder:sort.searchOrEnableLocation' },
      });
    },
  );

  it.each([
    [
      'when no location is known, then the Distance option says it requires a location',
      null,
      { key: 'finder:sort.distanceRequiresLocation' },
    ],
    ['when a location is known, then the Distance option has no hint', origin, null],
  ])('%s', (_, o, expected) => {
    expect(distanceOptionHint(o)).toEqual(expected);
  });
});

describe('rating sorting', () => {
  const list = [
    item('Charlie', { averageRating: 4 }),
    item('alpha', { averageRating: 4 }),
    item('Unrated', { averageRating: null }),
    item('Best', { averageRating: 4.8 }),
    item('Text', { averageRating: '4.5' }),
  ];
  it.each([
    [
      'when sorted by rating, then highest first and ties by name',
      undefined,
      ['Best', 'Text', 'alpha', 'Charlie', 'Unrated'],
    ],
    [
      'when reversed, then lowest first and ties still by name',
      'lowToHigh' as const,
      ['Unrated', 'alpha', 'Charlie', 'Text', 'Best'],
    ],
  ])('%s', (_, direction, expected) => {
    expect(names(sortLaundromats(list, { mode: 'rating', direction, locale: 'en' }).items)).toEqual(expected);
  });
});

describe('price sorting', () => {
  const list = [
    item('Missing', { washPriceSmall: null }),
    item('Zed', { washPriceSmall: '$3.50' }),
    item('Dear', { washPriceSmall: 6 }),
    item('Invalid', { washPriceSmall: 'ask staff' }),
    item('Abe', { washPriceSmall: 3.5 }),
    item('Comma', { washPriceSmall: '2,00 €' }),
  ];
  it.each([
    [
      'when sorted by price, then lowest washPriceSmall first (non-numeric characters stripped), missing or invalid last, ties by name',
      undefined,
      ['Abe', 'Zed', 'Dear', 'Comma', 'Invalid', 'Missing'],
    ],
    [
      'when reversed, then highest first and missing or invalid still last',
      'highToLow' as const,
      ['Comma', 'Dear', 'Abe', 'Zed', 'Invalid', 'Missing'],
    ],
  ])('%s', (_, direction, expected) => {
    expect(names(sortLaundromats(list, { mode: 'price', direction, locale: 'en' }).items)).toEqual(expected);
  });

  it('when sorting, then the input list is not changed', () => {
    const before = names(list);
    sortLaundromats(list, { mode: 'price' });
    expect(names(list)).toEqual(before);
  });
});
