import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laundromatBooleanKeys, quickFilterKeys, type LaundromatListResponse } from '@laundry/contracts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
const allFalse = Object.fromEntries(laundromatBooleanKeys.map((key) => [key, false]));

beforeAll(async () => {
  stack = await startDirectoryStack();
  // One row per amenity with only that amenity on, one with all on and one with none; ratings on the side.
  await insertFixtures(stack, [
    ...laundromatBooleanKeys.map((key, i) =>
      fixture({ name: `only ${key}`, latitude: 40 + i / 100, longitude: -74, ...allFalse, [key]: true }),
    ),
    fixture({
      name: 'everything',
      latitude: 40.5,
      longitude: -74.1,
      ...Object.fromEntries(laundromatBooleanKeys.map((key) => [key, true])),
    }),
    fixture({ name: 'nothing', latitude: 40.6, longitude: -74.1, ...allFalse }),
    fixture({
      name: 'rated 4.5',
      latitude: 41,
      longitude: -74,
      ...allFalse,
      averageRating: 4.5,
      totalReviews: 10,
    }),
    fixture({
      name: 'rated 4.0',
      latitude: 41.1,
      longitude: -74,
      ...allFalse,
      averageRating: 4,
      totalReviews: 3,
    }),
    fixture({
      name: 'rated 3.99',
      latitude: 41.2,
      longitude: -74,
      ...allFalse,
      averageRating: 3.99,
      totalReviews: 7,
    }),
    // A stale average with no reviews behind it is 'New', never a match for a rating filter.
    fixture({
      name: 'unreviewed',
      latitude: 41.3,
      longitude: -74,
      ...allFalse,
      averageRating: 5,
      totalReviews: 0,
    }),
  ]);
});

afterAll(() => stack?.stop());

const list = (query: string) =>
  getJson<LaundromatListResponse & ErrorBody>(stack, `/api/laundromats?limit=200&${query}`);
const names = (body: LaundromatListResponse) => body.items.map((item) => item.name).sort();

describe('GET /api/laundromats filters', () => {
  it.each(quickFilterKeys)('when %s=true, then only the laundromats with it come back', async (key) => {
    const { status, body } = await list(`${key}=true`);

    expect(status).toBe(200);
    expect(names(body)).toEqual(['everything', `only ${key}`].sort());
    expect(body.items.every((item) => item[key] === true)).toBe(true);
  });

  it('when any other amenity flag is true, then only the laundromats with it come back', async () => {
    for (const key of laundromatBooleanKeys) {
      const { body } = await list(`${key}=true`);
      expect(names(body), key).toEqual(['everything', `only ${key}`].sort());
    }
  });

  it('when two flags are true, then only laundromats with both come back', async () => {
    const { body } = await list('acceptsCard=true&hasWifi=true');

    expect(names(body)).toEqual(['everything']);
  });

  it('when a flag is false or blank, then it does not filter', async () => {
    const all = await list('');
    const withFalse = await list('acceptsCard=false&hasWifi=');

    expect(withFalse.status).toBe(200);
    expect(names(withFalse.body)).toEqual(names(all.body));
    expect(all.body.items).toHaveLength(laundromatBooleanKeys.length + 6);
  });

  it.each(quickFilterKeys)(
    "when %s is neither 'true' nor 'false', then 400 names the filter",
    async (key) => {
      const { status, body } = await list(`${key}=yes`);

      expect(status).toBe(400);
      expect(body.message).toBe(`${key} must be 'true' or 'false'`);
    },
  );

  it('when minRating=4, then only reviewed laundromats rated 4 or more come back', async () => {
    const { status, body } = await list('minRating=4');

    expect(status).toBe(200);
    expect(names(body)).toEqual(['rated 4.0', 'rated 4.5']);
  });

  it('when minRating=0, then it does not filter', async () => {
    const { body } = await list('minRating=0');

    expect(body.items).toHaveLength(laundromatBooleanKeys.length + 6);
  });

  it('when minRating is combined with a flag, then both must hold', async () => {
    const { body } = await list('minRating=4&acceptsCard=true');

    expect(body.items).toEqual([]);
  });

  it.each(['6', '-1', 'high'])('when minRating is %s, then 400 gives the range', async (value) => {
    const { status, body } = await list(`minRating=${value}`);

    expect(status).toBe(400);
    expect(body.message).toBe('minRating must be a number between 0 and 5');
  });

  it('when openNow is neither true nor false, then 400 names it', async () => {
    const { status, body } = await list('openNow=1');

    expect(status).toBe(400);
    expect(body.message).toBe("openNow must be 'true' or 'false'");
  });
});
