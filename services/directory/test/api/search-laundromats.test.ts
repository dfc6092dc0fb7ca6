import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeocodeResponse, LaundromatSearchResponse, ReverseGeocodeResponse } from '@laundry/contracts';
import { haversineMeters } from '../../src/domain/geo.ts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startDirectoryStack();
  await insertFixtures(stack, [
    fixture({ name: 'Soho Suds', latitude: 51.5136, longitude: -0.1365 }),
    fixture({ name: 'Camden Wash', latitude: 51.539, longitude: -0.1426 }),
    fixture({ name: 'Chelsea Clean', latitude: 40.7465, longitude: -74.0014 }),
    fixture({ name: 'Midtown Spin', latitude: 40.7549, longitude: -73.984 }),
    fixture({ name: 'Brooklyn Bubbles', latitude: 40.6782, longitude: -73.9442 }),
    fixture({ name: 'King West Laundry', latitude: 43.6446, longitude: -79.3949 }),
    fixture({ name: 'Shibuya Coin', latitude: 35.658, longitude: 139.7016 }),
  ]);
});

afterAll(() => stack?.stop());

const search = (query: string) =>
  getJson<LaundromatSearchResponse & ErrorBody>(stack, `/api/laundromats/search?${query}`);

describe('GET /api/laundromats/search', () => {
  it('when searching a city, then the location is the city and its laundromats come first', async () => {
    const { status, body } = await search('q=London');

    expect(status).toBe(200);
    expect(body.location).toMatchObject({ city: 'London', country: 'United Kingdom' });
    expect(body.items.slice(0, 2).map((item) => item.name)).toEqual(['Soho Suds', 'Camden Wash']);
    expect(body.items[0]!.distanceMeters).toBeLessThan(2000);
  });

  it('when searching a US ZIP, then the location is New York and the items are near it, nearest first', async () => {
    const { status, body } = await search('q=10001');

    expect(status).toBe(200);
    expect(body.location).toMatchObject({ city: 'New York', state: 'New York', country: 'United States' });
    expect(haversineMeters(body.location, { latitude: 40.7506, longitude: -73.9972 })).toBeLessThan(1000);
    expect(body.items.slice(0, 3).map((item) => item.name)).toEqual([
      'Chelsea Clean',
      'Midtown Spin',
      'Brooklyn Bubbles',
    ]);
    for (const item of body.items.slice(0, 3)) {
      expect(item.distanceMeters!).toBeCloseTo(haversineMeters(body.location, item), -1);
      expect(item.distanceMeters!).toBeLessThan(10_000);
    }
  });

  it('when searching a ZIP+4, then it resolves like the ZIP', async () => {
    const { status, body } = await search('q=10001-1234');

    expect(status).toBe(200);
    expect(body.location.city).toBe('New York');
  });

  it('when searching a Canadian postal prefix, then the location is its city', async () => {
    const { status, body } = await search('q=M5V');

    expect(status).toBe(200);
    expect(body.location).toMatchObject({ city: 'Toronto', country: 'Canada' });
    expect(body.items[0]!.name).toBe('King West Laundry');
  });

  it.each(['q=', 'q=%20%20', ''])(
    'when q is empty (%s), then 400 says the query cannot be empty',
    async (query) => {
      const { status, body } = await search(query);

      expect(status).toBe(400);
      expect(body.message).toBe('Query cannot be empty');
    },
  );

  it('when the place is unknown, then 404 NO_RESULTS with its message', async () => {
    const { status, body } = await search('q=Xyzzyplacenowhere');

    expect(status).toBe(404);
    expect(body).toMatchObject({
      code: 'NO_RESULTS',
      message: 'Location not found. Try a different search term or be more specific.',
    });
  });

  it('when searchType=map_bounds carries a point, then the point is the location rather than the text', async () => {
    const label = encodeURIComponent('Map area (35.6580, 139.7016)');
    const { status, body } = await search(
      `q=${label}&searchType=map_bounds&latitude=35.658&longitude=139.7016`,
    );

    expect(status).toBe(200);
    expect(body.location).toMatchObject({ latitude: 35.658, longitude: 139.7016 });
    expect(body.items[0]).toMatchObject({ name: 'Shibuya Coin', distanceMeters: 0 });
  });

  it('when searchType=location carries a point, then the text is still geocoded', async () => {
    const { body } = await search('q=London&searchType=location&latitude=35.658&longitude=139.7016');

    expect(body.location.city).toBe('London');
  });

  it('when searchType is unknown, then 400', async () => {
    const { status, body } = await search('q=London&searchType=everywhere');

    expect(status).toBe(400);
    expect(body.message).toBe("searchType must be 'location' or 'map_bounds'");
  });

  it('when a filter is given, then it applies to the search too', async () => {
    const { status, body } = await search('q=London&acceptsCard=true');

    expect(status).toBe(200);
    expect(body.items).toEqual([]);
  });
});

describe('GET /api/geocode', () => {
  it('when asked for Tokyo, then the first result is Tokyo, Japan', async () => {
    const { status, body } = await getJson<GeocodeResponse>(stack, '/api/geocode?q=Tokyo');

    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThanOrEqual(1);
    expect(body.results.length).toBeLessThanOrEqual(5);
    expect(body.results[0]).toMatchObject({ city: 'Tokyo', country: 'Japan' });
    expect(haversineMeters(body.results[0]!, { latitude: 35.6895, longitude: 139.6917 })).toBeLessThan(5000);
  });

  it('when q is empty, then 400 INVALID_QUERY says the query cannot be empty', async () => {
    for (const path of ['/api/geocode?q=', '/api/geocode?q=%20%20', '/api/geocode']) {
      const { status, body } = await getJson<ErrorBody>(stack, path);

      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'INVALID_QUERY', message: 'Query cannot be empty' });
    }
  });

  it('when the place is unknown, then 404 NO_RESULTS', async () => {
    const { status, body } = await getJson<ErrorBody>(stack, '/api/geocode?q=Xyzzyplacenowhere');

    expect(status).toBe(404);
    expect(body.code).toBe('NO_RESULTS');
  });

  it('when reversing 35.68, 139.76, then the place is Tokyo', async () => {
    const { status, body } = await getJson<ReverseGeocodeResponse>(
      stack,
      '/api/geocode/reverse?lat=35.68&lon=139.76',
    );

    expect(status).toBe(200);
    expect(body.result).toMatchObject({ city: 'Tokyo', country: 'Japan' });
  });

  it.each([
    ['lat=north&lon=139.76', 'lat must be a number between -90 and 90'],
    ['lat=95&lon=139.76', 'lat must be a number between -90 and 90'],
    ['lat=35.68&lon=200', 'lon must be a number between -180 and 180'],
    ['lon=139.76', 'lat must be a number between -90 and 90'],
  ])('when reversing %s, then 400 says %s', async (query, message) => {
    const { status, body } = await getJson<ErrorBody>(stack, `/api/geocode/reverse?${query}`);

    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('when reversing the middle of an ocean, then the result is null', async () => {
    const { status, body } = await getJson<ReverseGeocodeResponse>(
      stack,
      '/api/geocode/reverse?lat=-40&lon=-130',
    );

    expect(status).toBe(200);
    expect(body.result).toBeNull();
  });
});
