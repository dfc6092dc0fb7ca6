import { describe, expect, it } from 'vitest';
import {
  crossesAntimeridian,
  listLaundromatsQuerySchema,
  searchLaundromatsQuerySchema,
} from '../src/index.ts';
import { messagesOf } from './support.ts';

describe('listLaundromatsQuerySchema', () => {
  it('when query strings are given, then they are coerced to numbers and flags', () => {
    const q = listLaundromatsQuerySchema.parse({
      latitude: '40.7128',
      longitude: '-74.006',
      hasWifi: 'true',
      acceptsCard: 'false',
      minRating: '3.5',
      openNow: 'true',
      limit: '20',
      offset: '40',
    });
    expect(q).toMatchObject({
      latitude: 40.7128,
      longitude: -74.006,
      hasWifi: true,
      minRating: 3.5,
      openNow: true,
    });
    expect(q.acceptsCard).toBeUndefined();
    expect(q.limit).toBe(20);
    expect(q.offset).toBe(40);
  });

  it('when nothing is given, then limit defaults to 50 and no filter is on', () => {
    const q = listLaundromatsQuerySchema.parse({});
    expect(q.limit).toBe(50);
    expect(q.hasWifi).toBeUndefined();
    expect(q.latitude).toBeUndefined();
  });

  it('when limit is blank, then the default applies', () => {
    expect(listLaundromatsQuerySchema.parse({ limit: '' }).limit).toBe(50);
  });

  it.each([
    ['only latitude', { latitude: '1' }, 'latitude and longitude must be given together'],
    ['only longitude', { longitude: '1' }, 'latitude and longitude must be given together'],
    [
      'latitude out of range',
      { latitude: '91', longitude: '0' },
      'latitude must be a number between -90 and 90',
    ],
    [
      'latitude not a number',
      { latitude: 'abc', longitude: '0' },
      'latitude must be a number between -90 and 90',
    ],
    ['limit above the maximum', { limit: '201' }, 'limit must be a whole number between 1 and 200'],
    ['limit zero', { limit: '0' }, 'limit must be a whole number between 1 and 200'],
    ['negative offset', { offset: '-1' }, 'offset must be a whole number of at least 0'],
    ['cursor and offset', { cursor: 'abc', offset: '10' }, 'Use either cursor or offset, not both'],
    ['minRating above 5', { minRating: '6' }, 'minRating must be a number between 0 and 5'],
    ['a flag with a typo', { hasWifi: 'yes' }, "hasWifi must be 'true' or 'false'"],
    ['bounds not JSON', { bounds: '{north:1' }, expect.stringContaining('bounds must be valid JSON')],
    [
      'bounds north below south',
      { bounds: '{"north":1,"south":2,"east":3,"west":0}' },
      'Bounds north must not be below south',
    ],
    [
      'bounds missing a side',
      { bounds: '{"north":1,"south":0,"east":3}' },
      'Bounds longitudes must be numbers',
    ],
  ])('when %s, then it fails with a clear message', (_case, input, message) => {
    expect(messagesOf(listLaundromatsQuerySchema, input)).toContainEqual(message);
  });

  it('when bounds cross the antimeridian (west > east), then they are accepted as given', () => {
    const q = listLaundromatsQuerySchema.parse({
      bounds: JSON.stringify({ north: -10, south: -25, east: -170, west: 170 }),
    });
    expect(q.bounds).toEqual({ north: -10, south: -25, east: -170, west: 170 });
    expect(crossesAntimeridian(q.bounds!)).toBe(true);
  });

  it('when bounds come from a map panned past 180°, then longitudes are wrapped', () => {
    const q = listLaundromatsQuerySchema.parse({
      bounds: JSON.stringify({ north: 10, south: 0, east: 190, west: 170 }),
    });
    expect(q.bounds).toEqual({ north: 10, south: 0, east: -170, west: 170 });
  });

  it('when bounds span the whole world, then they become -180..180', () => {
    const q = listLaundromatsQuerySchema.parse({
      bounds: JSON.stringify({ north: 80, south: -80, east: 300, west: -200 }),
    });
    expect(q.bounds).toEqual({ north: 80, south: -80, east: 180, west: -180 });
  });
});

describe('searchLaundromatsQuerySchema', () => {
  it('when q and a location are given, then they are parsed', () => {
    const q = searchLaundromatsQuerySchema.parse({
      q: '  London ',
      latitude: '51.5',
      longitude: '-0.12',
      searchType: 'location',
      locationAge: '1200',
      locationAccuracy: '25.5',
      isWellLit: 'true',
    });
    expect(q).toMatchObject({
      q: 'London',
      latitude: 51.5,
      searchType: 'location',
      locationAge: 1200,
      isWellLit: true,
    });
    expect(q.limit).toBe(50);
  });

  it.each([
    ['q is missing', {}, 'Query cannot be empty'],
    ['q is blank', { q: '   ' }, 'Query cannot be empty'],
    ['searchType is unknown', { q: 'x', searchType: 'gps' }, "searchType must be 'location' or 'map_bounds'"],
  ])('when %s, then it fails with its message', (_case, input, message) => {
    expect(messagesOf(searchLaundromatsQuerySchema, input)).toContainEqual(message);
  });
});
