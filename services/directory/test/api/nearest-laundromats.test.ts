import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaundromatListResponse } from '@laundry/contracts';
import { haversineMeters, type Coordinates } from '../../src/domain/geo.ts';
import {
  fixture,
  getJson,
  insertFixtures,
  seededRandom,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

const LONDON: Coordinates = { latitude: 51.5074, longitude: -0.1278 };
const FIXTURES = 260;

let stack: TestStack;
const points = new Map<string, Coordinates>();

beforeAll(async () => {
  stack = await startDirectoryStack();
  const random = seededRandom(20240601);
  const rows = Array.from({ length: FIXTURES }, (_, i) =>
    fixture({
      name: `London ${i}`,
      latitude: LONDON.latitude + (random() - 0.5) * 0.4,
      longitude: LONDON.longitude + (random() - 0.5) * 0.6,
    }),
  );
  const ids = await insertFixtures(stack, rows);
  ids.forEach((id, i) => points.set(id, { latitude: rows[i]!.latitude, longitude: rows[i]!.longitude }));
});

afterAll(() => stack?.stop());

const list = (query: string) => getJson<LaundromatListResponse>(stack, `/api/laundromats?${query}`);
const error = (query: string) => getJson<ErrorBody>(stack, `/api/laundromats?${query}`);

/** Walks every page from the first, following nextCursor. */
async function walkPages(query: string) {
  const pages: LaundromatListResponse[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await list(cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query);
    expect(status).toBe(200);
    pages.push(body);
    cursor = body.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('GET /api/laundromats?latitude&longitude', () => {
  it('when asked from 200 random points around the city, then each answer is nearest first by haversine and distanceMeters agrees within 0.5%', async () => {
    const random = seededRandom(7);
    for (let i = 0; i < 200; i += 1) {
      const origin = {
        latitude: LONDON.latitude + (random() - 0.5) * 0.6,
        longitude: LONDON.longitude + (random() - 0.5) * 0.9,
      };
      const { status, body } = await list(
        `latitude=${origin.latitude}&longitude=${origin.longitude}&limit=10`,
      );
      expect(status).toBe(200);
      expect(body.items).toHaveLength(10);

      const expected = [...points.values()].map((p) => haversineMeters(origin, p)).sort((a, b) => a - b);
      const tenth = expected[9]!;
      const distances = body.items.map((item) => haversineMeters(origin, points.get(item.id)!));
      // The database measures on a sphere of a slightly different radius, so near-ties may swap.
      distances.forEach((d, k) => {
        expect(d).toBeLessThanOrEqual(tenth * 1.005 + 1);
        if (k > 0) expect(distances[k - 1]!).toBeLessThanOrEqual(d * 1.005 + 1);
      });
      body.items.forEach((item, k) => {
        expect(item.distanceMeters).toBeDefined();
        expect(Math.abs(item.distanceMeters! - distances[k]!)).toBeLessThanOrEqual(
          distances[k]! * 0.005 + 0.1,
        );
      });
      const reported = body.items.map((item) => item.distanceMeters!);
      expect(reported).toEqual([...reported].sort((a, b) => a - b));
    }
  });

  it('when no limit is given, then 50 come back with a cursor to the next page', async () => {
    const { status, body } = await list(`latitude=${LONDON.latitude}&longitude=${LONDON.longitude}`);

    expect(status).toBe(200);
    expect(body.items).toHaveLength(50);
    expect(body.nextCursor).toEqual(expect.any(String));
  });

  it('when limit is 200, then 200 come back', async () => {
    const { status, body } = await list(
      `latitude=${LONDON.latitude}&longitude=${LONDON.longitude}&limit=200`,
    );

    expect(status).toBe(200);
    expect(body.items).toHaveLength(200);
  });

  it('when limit is 201, then 400 says the allowed range', async () => {
    const { status, body } = await error(
      `latitude=${LONDON.latitude}&longitude=${LONDON.longitude}&limit=201`,
    );

    expect(status).toBe(400);
    expect(body.message).toBe('limit must be a whole number between 1 and 200');
  });

  it('when limit is 0 or not a number, then 400', async () => {
    expect((await error('limit=0')).status).toBe(400);
    expect((await error('limit=ten')).status).toBe(400);
  });

  it('when every page is walked by nextCursor, then each laundromat appears exactly once, nearest first across pages', async () => {
    const pages = await walkPages(`latitude=${LONDON.latitude}&longitude=${LONDON.longitude}&limit=37`);

    const items = pages.flatMap((page) => page.items);
    expect(pages).toHaveLength(Math.ceil(FIXTURES / 37));
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(items).toHaveLength(FIXTURES);
    expect(new Set(items.map((item) => item.id))).toEqual(new Set(points.keys()));
    const distances = items.map((item) => item.distanceMeters!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('when the last page is exactly full, then its nextCursor is null', async () => {
    const pages = await walkPages(`latitude=${LONDON.latitude}&longitude=${LONDON.longitude}&limit=130`);

    expect(pages.map((page) => page.items.length)).toEqual([130, 130]);
    expect(pages[1]!.nextCursor).toBeNull();
  });

  it('when offset is given, then the page starts that many rows into the same order', async () => {
    const origin = `latitude=${LONDON.latitude}&longitude=${LONDON.longitude}`;
    const whole = await list(`${origin}&limit=30`);
    const page = await list(`${origin}&limit=5&offset=20`);

    expect(page.status).toBe(200);
    expect(page.body.items.map((item) => item.id)).toEqual(
      whole.body.items.slice(20, 25).map((item) => item.id),
    );
  });

  it('when offset is past the end, even the largest allowed, then the page is empty and last', async () => {
    const { status, body } = await list(
      `latitude=${LONDON.latitude}&longitude=${LONDON.longitude}&offset=${Number.MAX_SAFE_INTEGER}`,
    );

    expect(status).toBe(200);
    expect(body).toEqual({ items: [], nextCursor: null });
  });

  it('when offset is negative or fractional, then 400', async () => {
    const { status, body } = await error('offset=-1');

    expect(status).toBe(400);
    expect(body.message).toBe('offset must be a whole number of at least 0');
    expect((await error('offset=1.5')).status).toBe(400);
  });

  it('when both cursor and offset are given, then 400', async () => {
    const first = await list(`latitude=${LONDON.latitude}&longitude=${LONDON.longitude}&limit=5`);
    const { status, body } = await error(
      `latitude=${LONDON.latitude}&longitude=${LONDON.longitude}&offset=3&cursor=${first.body.nextCursor}`,
    );

    expect(status).toBe(400);
    expect(body.message).toBe('Use either cursor or offset, not both');
  });

  it.each([
    'not-a-cursor',
    Buffer.from('{"o":-5}').toString('base64url'),
    Buffer.from('{"o":2.5}').toString('base64url'),
    Buffer.from('{"o":1e300}').toString('base64url'),
    Buffer.from('null').toString('base64url'),
    Buffer.from('[]').toString('base64url'),
  ])('when the cursor is %s, then 400 asks to start again', async (cursor) => {
    const { status, body } = await error(
      `latitude=${LONDON.latitude}&longitude=${LONDON.longitude}&cursor=${cursor}`,
    );

    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'INVALID_CURSOR',
      message: 'The cursor is not valid. Start again from the first page.',
    });
  });

  it('when latitude comes without longitude, then 400 says they go together', async () => {
    const { status, body } = await error(`latitude=${LONDON.latitude}`);

    expect(status).toBe(400);
    expect(body.message).toBe('latitude and longitude must be given together');
  });

  it('when longitude comes without latitude, then 400 says they go together', async () => {
    const { status, body } = await error(`longitude=${LONDON.longitude}`);

    expect(status).toBe(400);
    expect(body.message).toBe('latitude and longitude must be given together');
  });

  it.each([
    ['latitude=91&longitude=0', 'latitude must be a number between -90 and 90'],
    ['latitude=-90.5&longitude=0', 'latitude must be a number between -90 and 90'],
    ['latitude=0&longitude=180.1', 'longitude must be a number between -180 and 180'],
    ['latitude=0&longitude=-181', 'longitude must be a number between -180 and 180'],
    ['latitude=north&longitude=0', 'latitude must be a number between -90 and 90'],
  ])('when the point is %s, then 400 says %s', async (query, message) => {
    const { status, body } = await error(query);

    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('when no point is given, then every listed laundromat is reachable and none carries a distance', async () => {
    const pages = await walkPages('limit=200');
    const items = pages.flatMap((page) => page.items);

    expect(items).toHaveLength(FIXTURES);
    expect(items.every((item) => item.distanceMeters === undefined)).toBe(true);
  });
});
