import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nearbyDuplicatesResponseSchema,
  nullIslandMessage,
  type Laundromat,
  type LaundromatSubmissionList,
  type NearbyDuplicatesResponse,
} from '@laundry/contracts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import { apiClient, signUp } from '../../../../test/support/session.ts';
import {
  countLaundromats,
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

/**
 * Adding a place as a person does (issue 29, item 3): never at 0, 0; hours from the weekly editor checked by
 * the OSM library; and the laundromats of a like name a few doors away, before submitting and in the queue.
 */

let stack: TestStack;
let asUser: ReturnType<typeof apiClient>;
let asAdmin: ReturnType<typeof apiClient>;

// A corner of Lyon, far from every other test's fixtures.
const corner = { latitude: 45.7642, longitude: 4.8357 };
/** The point `metres` north of the corner (a degree of latitude is ~111.2 km). */
const north = (metres: number) => ({ ...corner, latitude: corner.latitude + metres / 111_195 });

const form = {
  name: 'Laverie des Terreaux',
  address: '3 Rue Sainte-Catherine',
  city: 'Lyon',
  country: 'FR',
  ...corner,
  currency: 'EUR',
};

let nearSame: string;
let nearOther: string;
let farSame: string;

beforeAll(async () => {
  stack = await startDirectoryStack();
  asUser = apiClient(stack.baseUrl, await signUp(stack.baseUrl));
  asAdmin = apiClient(stack.baseUrl, await signUpAdmin(stack));
  const ids = await insertFixtures(stack, [
    fixture({ name: 'Lavomatique Terreaux', address: '5 Rue Sainte-Catherine', ...north(40) }),
    fixture({ name: 'Boulangerie Wash Bar', address: '7 Rue Sainte-Catherine', ...north(20) }),
    fixture({ name: 'Laverie des Terreaux', address: '9 Place Sathonay', ...north(160) }),
  ]);
  [nearSame, nearOther, farSame] = ids as [string, string, string];
});

afterAll(async () => {
  await stack?.stop();
});

async function submit(body: Record<string, unknown>) {
  return asUser('/api/laundromats', { method: 'POST', body: { ...form, ...body } });
}

const duplicatesOf = (query: string) =>
  getJson<NearbyDuplicatesResponse & ErrorBody>(stack, `/api/laundromats/nearby-duplicates?${query}`);

describe('POST /api/laundromats at 0, 0', () => {
  it('when the pin was left at 0, 0, then 400 says to place it and nothing is stored', async () => {
    const before = await countLaundromats(stack);

    const response = await submit({ latitude: 0, longitude: 0 });
    const body = (await response.json()) as ErrorBody;

    expect(response.status).toBe(400);
    expect(body.message).toBe(nullIslandMessage);
    expect(body.errors).toContainEqual({ path: 'latitude', message: nullIslandMessage });
    expect(await countLaundromats(stack)).toBe(before);
  });

  it('when only one of the two is 0 (a laundromat on the equator), then it is accepted', async () => {
    const response = await submit({ name: 'Equator Wash', latitude: 0, longitude: 32.58, country: 'UG' });

    expect(response.status).toBe(201);
  });
});

describe('POST /api/laundromats with hours from the weekly editor', () => {
  it.each([
    [
      'several ranges a day, past midnight and a closed day',
      'Mo-Fr 07:00-12:00,14:00-01:00; Sa 08:00-20:00; Su off',
    ],
    ['open round the clock', '24/7'],
    ['different days past midnight', 'Mo,We 08:00-22:00; Tu,Th-Su 10:00-02:00'],
  ])('when the hours are %s, then they are kept as written', async (_case, openingHours) => {
    const response = await submit({ name: `Hours ${openingHours}`.slice(0, 60), openingHours });
    const created = (await response.json()) as Laundromat;

    expect(response.status).toBe(201);
    expect(created.openingHours).toBe(openingHours);
  });

  it('when the hours are times no clock shows (25:00), then 400 carries the library’s message and nothing is stored', async () => {
    const before = await countLaundromats(stack);

    const response = await submit({ openingHours: 'Mo 25:00-26:00' });

    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toMatch(/^Opening hours: /);
    expect(await countLaundromats(stack)).toBe(before);
  });
});

describe('GET /api/laundromats/nearby-duplicates', () => {
  it('when a like name is listed 40 m away, then it is answered with its distance, and the unlike and the far are not', async () => {
    const { status, body } = await duplicatesOf(
      `lat=${corner.latitude}&lng=${corner.longitude}&name=${encodeURIComponent('Laverie Terreaux')}`,
    );

    expect(status).toBe(200);
    expect(nearbyDuplicatesResponseSchema.parse(body)).toEqual({
      items: [
        {
          id: nearSame,
          name: 'Lavomatique Terreaux',
          address: '5 Rue Sainte-Catherine',
          distanceMeters: expect.closeTo(40, 0) as number,
          status: 'approved',
        },
      ],
      radiusMeters: 100,
    });
    const ids = body.items.map((item) => item.id);
    expect(ids).not.toContain(nearOther);
    expect(ids).not.toContain(farSame);
  });

  it('when the name differs in accents, case and spelling, then it is still found', async () => {
    const { body } = await duplicatesOf(
      `lat=${corner.latitude}&lng=${corner.longitude}&name=${encodeURIComponent('LAVERIE TÉRREAUX')}`,
    );

    expect(body.items.map((item) => item.id)).toEqual([nearSame]);
  });

  it('when the pending submissions of others are near, then they are not shown to the public', async () => {
    const created = (await (await submit({ name: 'Pending Bubbles', ...north(10) })).json()) as Laundromat;

    const { body } = await duplicatesOf(
      `lat=${corner.latitude}&lng=${corner.longitude}&name=Pending%20Bubbles`,
    );

    expect(body.items.map((item) => item.id)).not.toContain(created.id);
  });

  it.each([
    ['no name', `lat=1&lng=2`, 'name is required'],
    ['a latitude of 91', `lat=91&lng=2&name=Suds`, 'lat must be a number between -90 and 90'],
    ['a longitude as text', `lat=1&lng=east&name=Suds`, 'lng must be a number between -180 and 180'],
    [
      'a name of 256 characters',
      `lat=1&lng=2&name=${'x'.repeat(256)}`,
      'name must be at most 255 characters',
    ],
  ])('when the query has %s, then 400 says so', async (_case, query, message) => {
    const { status, body } = await duplicatesOf(query);

    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('is in the OpenAPI document', async () => {
    const { body } = await getJson<{ paths: Record<string, unknown> }>(stack, '/api/openapi.json');

    expect(Object.keys(body.paths)).toContain('/api/laundromats/nearby-duplicates');
  });
});

describe("the admins' queue flags likely duplicates", () => {
  it('when a submission has a like name within 100 m, listed or queued, then its entry names them; an unlike one has none', async () => {
    const first = (await (await submit({ name: 'Terreaux Laundry', ...north(35) })).json()) as Laundromat;
    const again = (await (await submit({ name: 'Laundromat Terreaux', ...north(30) })).json()) as Laundromat;
    const unlike = (await (await submit({ name: 'Chez Bruno Pressing', ...north(30) })).json()) as Laundromat;

    const response = await asAdmin('/api/laundromats/submissions?limit=100');
    const queue = (await response.json()) as LaundromatSubmissionList;
    const entry = (id: string) => queue.items.find((item) => item.id === id)!;

    expect(response.status).toBe(200);
    expect(entry(again.id).likelyDuplicates).toEqual([
      expect.objectContaining({
        id: first.id,
        status: 'pending',
        distanceMeters: expect.closeTo(5, 0) as number,
      }),
      expect.objectContaining({
        id: nearSame,
        status: 'approved',
        distanceMeters: expect.closeTo(10, 0) as number,
      }),
    ]);
    expect(entry(first.id).likelyDuplicates.map((item) => item.id)).toContain(again.id);
    expect(entry(unlike.id).likelyDuplicates).toEqual([]);
  });
});
