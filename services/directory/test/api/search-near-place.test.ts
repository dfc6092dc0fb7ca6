import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeocodeResponse, GeocodeResult, LaundromatSearchResponse } from '@laundry/contracts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

/** Issue 15: results near a place stay near it, or the answer says there is none that close. */

let stack: TestStack;
let london: GeocodeResult;

/** Metres of latitude per degree on the product's sphere (6371 km). */
const metresPerDegree = (6_371_000 * Math.PI) / 180;
/** A fixture due north of London's centre, `km` away, marked so only these are found with hasCctv. */
const northOfLondon = (km: number, name: string) =>
  fixture({
    name,
    latitude: london.latitude + (km * 1000) / metresPerDegree,
    longitude: london.longitude,
    hasCctv: true,
  });

beforeAll(async () => {
  stack = await startDirectoryStack();
  const { body } = await getJson<GeocodeResponse>(stack, '/api/geocode?q=London');
  london = body.results[0]!;
  await insertFixtures(stack, [
    // 3 within 5 km, 12 within 10 km, 1 at 30 km: the radius widens to 10 km and the far one is left out.
    ...[1, 2, 3].map((km) => northOfLondon(km, `Near ${km}`)),
    ...[6, 6.5, 7, 7.5, 8, 8.5, 9, 9.2, 9.6].map((km) => northOfLondon(km, `Mid ${km}`)),
    northOfLondon(30, 'Far 30'),
    // Only in Paris (about 340 km away) is there a laundromat with a hot water supply.
    fixture({ name: 'Paris Hot Water', latitude: 48.8566, longitude: 2.3522, hasHotWater: true }),
    fixture({ name: 'Lyon Hot Water', latitude: 45.764, longitude: 4.8357, hasHotWater: true }),
  ]);
});

afterAll(() => stack?.stop());

const search = (query: string) =>
  getJson<LaundromatSearchResponse & ErrorBody>(stack, `/api/laundromats/search?${query}`);

describe('GET /api/laundromats/search near a place', () => {
  it('when only 3 match within 5 km, then the radius widens to 10 km and nothing beyond it is listed', async () => {
    const { status, body } = await search('q=London&hasCctv=true');

    expect(status).toBe(200);
    expect(body.searchRadius).toEqual({ meters: 10_000, nothingWithin: false });
    expect(body.items).toHaveLength(12);
    expect(body.items.map((item) => item.name)).not.toContain('Far 30');
    for (const item of body.items) expect(item.distanceMeters!).toBeLessThanOrEqual(10_000);
    expect(body.nextCursor).toBeNull();
  });

  it('when paging 5 at a time, then every page stays within the first page’s radius', async () => {
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const after: string = cursor ? `&cursor=${cursor}` : '';
      const { status, body } = await search(`q=London&hasCctv=true&limit=5${after}`);
      expect(status).toBe(200);
      expect(body.searchRadius).toEqual({ meters: 10_000, nothingWithin: false });
      names.push(...body.items.map((item) => item.name));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(pages).toBe(3);
    expect(names).toHaveLength(12);
    expect(names).not.toContain('Far 30');
  });

  it('when nothing matches within 50 km, then it says so and offers the nearest ones with their distances', async () => {
    const { status, body } = await search('q=London&hasHotWater=true');

    expect(status).toBe(200);
    expect(body.searchRadius).toEqual({ meters: 50_000, nothingWithin: true });
    expect(body.items.map((item) => item.name)).toEqual(['Paris Hot Water', 'Lyon Hot Water']);
    expect(body.items[0]!.distanceMeters!).toBeGreaterThan(300_000);
    expect(body.items[0]!.distanceMeters!).toBeLessThan(400_000);
    expect(body.nextCursor).toBeNull();
  });

  it('when nothing matches anywhere, then the list is empty and says nothing lies within 50 km', async () => {
    const { body } = await search('q=London&hasHotWater=true&hasCctv=true');

    expect(body.items).toEqual([]);
    expect(body.searchRadius).toEqual({ meters: 50_000, nothingWithin: true });
  });

  it('when a map area is searched, then its nearest laundromats are listed without a radius', async () => {
    const { body } = await search(
      `q=${encodeURIComponent('Map area (51.5074, -0.1278)')}&searchType=map_bounds` +
        `&latitude=${london.latitude}&longitude=${london.longitude}&hasCctv=true`,
    );

    expect(body.searchRadius).toBeUndefined();
    expect(body.items.map((item) => item.name)).toContain('Far 30');
  });

  it('when the cursor is forged with a radius that is not a positive number, then 400 INVALID_CURSOR', async () => {
    const cursor = Buffer.from(JSON.stringify({ o: 5, r: -1 })).toString('base64url');
    const { status, body } = await search(`q=London&cursor=${cursor}`);

    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_CURSOR');
  });
});
