import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeocodeResponse, LaundromatSearchResponse } from '@laundry/contracts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

/** Issue 15: 'Use current location' sends 'lat,lng'; coordinates are a location, named by the reverse lookup. */

let stack: TestStack;

beforeAll(async () => {
  stack = await startDirectoryStack();
  await insertFixtures(stack, [
    fixture({ name: 'Marais Lavoir', latitude: 48.8566, longitude: 2.3522 }),
    fixture({ name: 'Bastille Wash', latitude: 48.853, longitude: 2.369 }),
    fixture({ name: 'Sydney Suds', latitude: -33.86, longitude: 151.21 }),
  ]);
});

afterAll(() => stack?.stop());

const search = (q: string) =>
  getJson<LaundromatSearchResponse & ErrorBody>(stack, `/api/laundromats/search?q=${encodeURIComponent(q)}`);

describe('GET /api/laundromats/search with coordinates', () => {
  it.each(['48.8566,2.3522', '48.8566, 2.3522', '+48.8566 +2.3522', '48.8566° N, 2.3522° E'])(
    'when q is %j, then the point itself is the location, named Paris, and its laundromats come first',
    async (q) => {
      const { status, body } = await search(q);

      expect(status).toBe(200);
      expect(body.location).toMatchObject({ latitude: 48.8566, longitude: 2.3522, city: 'Paris' });
      expect(body.location.displayName).toContain('Paris');
      expect(body.items.map((item) => item.name).slice(0, 2)).toEqual(['Marais Lavoir', 'Bastille Wash']);
      expect(body.items[0]!.distanceMeters).toBe(0);
    },
  );

  it('when q is -33.86 151.21, then the location is that point in Australia', async () => {
    const { status, body } = await search('-33.86 151.21');

    expect(status).toBe(200);
    expect(body.location).toMatchObject({ latitude: -33.86, longitude: 151.21, country: 'Australia' });
    expect(body.items[0]!.name).toBe('Sydney Suds');
  });

  it('when no place is known at the point, then the coordinates name it', async () => {
    const { status, body } = await search('-40,-130');

    expect(status).toBe(200);
    expect(body.location).toMatchObject({
      latitude: -40,
      longitude: -130,
      displayName: '-40.0000, -130.0000',
    });
  });

  it.each([
    ['95,10', 'Latitude must be between -90 and 90.'],
    ['-91.5, 2', 'Latitude must be between -90 and 90.'],
    ['48.85, 200', 'Longitude must be between -180 and 180.'],
  ])('when q is %j, then 400 INVALID_COORDINATES says %s', async (q, message) => {
    const { status, body } = await search(q);

    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'INVALID_COORDINATES', message });
  });
});

describe('GET /api/geocode with coordinates', () => {
  it('when q is 35.68,139.76, then the one result is that point, named Tokyo', async () => {
    const { status, body } = await getJson<GeocodeResponse>(stack, '/api/geocode?q=35.68%2C139.76');

    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ latitude: 35.68, longitude: 139.76, city: 'Tokyo' });
  });
});
