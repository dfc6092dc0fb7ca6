import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters, type LaundromatListResponse } from '@laundry/contracts';
import {
  fixture,
  getJson,
  insertFixtures,
  seededRandom,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;

/** Hand-placed points: a London viewport, and the South Pacific across the antimeridian. */
const places = {
  soho: { latitude: 51.5136, longitude: -0.1365 },
  cityOfLondon: { latitude: 51.5155, longitude: -0.0922 },
  heathrow: { latitude: 51.47, longitude: -0.4543 },
  cambridge: { latitude: 52.2053, longitude: 0.1218 },
  suva: { latitude: -18.1416, longitude: 178.4419 },
  nukualofa: { latitude: -21.1394, longitude: -175.2049 },
  apia: { latitude: -13.8333, longitude: -171.7667 },
  onTheAntimeridianEast: { latitude: -16.5, longitude: 180 },
  onTheAntimeridianWest: { latitude: -16.6, longitude: -180 },
  noumea: { latitude: -22.2758, longitude: 166.458 },
  rarotonga: { latitude: -21.2367, longitude: -159.7777 },
  kermadec: { latitude: -29.25, longitude: -177.9 },
} as const;
type Place = keyof typeof places;

/** 300 seeded points scattered over some 11 × 12 km around Lyon, most of them inside its viewport below. */
const lyonRandom = seededRandom(7);
const lyonPoints = Array.from({ length: 300 }, () => ({
  latitude: 45.76 + (lyonRandom() - 0.5) * 0.1,
  longitude: 4.84 + (lyonRandom() - 0.5) * 0.15,
}));
const idOf = new Map<Place, string>();

beforeAll(async () => {
  stack = await startDirectoryStack();
  const names = Object.keys(places) as Place[];
  const ids = await insertFixtures(
    stack,
    names.map((name) => fixture({ name, ...places[name] })),
  );
  names.forEach((name, i) => idOf.set(name, ids[i]!));
  await insertFixtures(
    stack,
    lyonPoints.map((point, i) => fixture({ name: `lyon-${i}`, ...point })),
  );
});

afterAll(() => stack?.stop());

const inBounds = (bounds: unknown, extra = '') =>
  getJson<LaundromatListResponse & ErrorBody>(
    stack,
    `/api/laundromats?bounds=${encodeURIComponent(typeof bounds === 'string' ? bounds : JSON.stringify(bounds))}&limit=200${extra}`,
  );
const namesIn = (body: LaundromatListResponse) => body.items.map((item) => item.name).sort();

describe('GET /api/laundromats?bounds', () => {
  it('when the viewport covers central London, then only the points inside come back', async () => {
    const { status, body } = await inBounds({ north: 51.53, south: 51.5, east: -0.08, west: -0.15 });

    expect(status).toBe(200);
    expect(namesIn(body)).toEqual(['cityOfLondon', 'soho']);
  });

  it('when the viewport crosses the antimeridian (west 170, east -170), then points on both sides come back and none outside', async () => {
    const { status, body } = await inBounds({ north: -10, south: -25, east: -170, west: 170 });

    expect(status).toBe(200);
    expect(namesIn(body)).toEqual(
      ['apia', 'nukualofa', 'onTheAntimeridianEast', 'onTheAntimeridianWest', 'suva'].sort(),
    );
  });

  it('when a wrapped map reports the same viewport as west 170, east 190, then the same points come back', async () => {
    const { body } = await inBounds({ north: -10, south: -25, east: 190, west: 170 });

    expect(namesIn(body)).toEqual(
      ['apia', 'nukualofa', 'onTheAntimeridianEast', 'onTheAntimeridianWest', 'suva'].sort(),
    );
  });

  it('when the viewport is 360° wide or wider, then every longitude within its latitudes comes back', async () => {
    const { body } = await inBounds({ north: -10, south: -30, east: 200, west: -200 });

    expect(namesIn(body)).toEqual(
      [
        'apia',
        'kermadec',
        'noumea',
        'nukualofa',
        'onTheAntimeridianEast',
        'onTheAntimeridianWest',
        'rarotonga',
        'suva',
      ].sort(),
    );
  });

  it('when a point is also given, then the viewport rows are ordered nearest first from it with distances', async () => {
    const { status, body } = await inBounds(
      { north: -10, south: -25, east: -170, west: 170 },
      `&latitude=${places.suva.latitude}&longitude=${places.suva.longitude}`,
    );

    expect(status).toBe(200);
    expect(body.items[0]!.name).toBe('suva');
    expect(body.items[0]!.distanceMeters).toBe(0);
    const distances = body.items.map((item) => item.distanceMeters!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it.each([
    ['the first page', ''],
    ['the second page', '&offset=50'],
  ])(
    'when a city viewport holds more than a page, then %s is the laundromats inside nearest its centre',
    async (_case, paging) => {
      const bounds = { north: 45.8, south: 45.72, east: 4.9, west: 4.78 };
      const centre = { latitude: 45.76, longitude: 4.84 };
      const inside = lyonPoints
        .map((point, i) => ({ name: `lyon-${i}`, distance: haversineMeters(centre, point), ...point }))
        .filter(
          (point) =>
            point.latitude >= bounds.south &&
            point.latitude <= bounds.north &&
            point.longitude >= bounds.west &&
            point.longitude <= bounds.east,
        )
        .sort((a, b) => a.distance - b.distance);
      expect(inside.length).toBeGreaterThan(100);
      const offset = paging ? 50 : 0;

      const { status, body } = await getJson<LaundromatListResponse>(
        stack,
        `/api/laundromats?bounds=${encodeURIComponent(JSON.stringify(bounds))}&limit=50${paging}`,
      );

      expect(status).toBe(200);
      expect(body.items.map((item) => item.name)).toEqual(
        inside.slice(offset, offset + 50).map((point) => point.name),
      );
    },
  );

  it('when bounds is not JSON, then 400 shows the expected shape', async () => {
    const { status, body } = await inBounds('{north: 1');

    expect(status).toBe(400);
    expect(body.message).toBe('bounds must be valid JSON like {"north":1,"south":0,"east":1,"west":0}');
  });

  it('when north is below south, then 400 says so', async () => {
    const { status, body } = await inBounds({ north: 10, south: 20, east: 1, west: 0 });

    expect(status).toBe(400);
    expect(body.message).toBe('Bounds north must not be below south');
  });

  it('when a side is missing or not a number, then 400', async () => {
    expect((await inBounds({ north: 10, south: 0, east: 1 })).status).toBe(400);
    expect((await inBounds({ north: '10', south: 0, east: 1, west: 0 })).status).toBe(400);
    expect((await inBounds({ north: 91, south: 0, east: 1, west: 0 })).status).toBe(400);
    expect((await inBounds('[1,2,3,4]')).status).toBe(400);
  });
});
