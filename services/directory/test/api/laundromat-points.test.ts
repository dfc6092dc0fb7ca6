import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  laundromatListResponseSchema,
  laundromatPointsResponseSchema,
  type Laundromat,
  type LaundromatPointsResponse,
} from '@laundry/contracts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import { apiClient, signUp } from '../../../../test/support/session.ts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;

/** Listed ones, and rows the map must not show: pending, rejected and deactivated. */
const listed = [
  fixture({ name: 'Points Soho', latitude: 51.513612345, longitude: -0.136549876 }),
  fixture({ name: 'Points Suva', latitude: -18.1416, longitude: 178.4419 }),
  fixture({ name: 'Points Lima', latitude: -12.04637, longitude: -77.04279 }),
];
const unlisted = [
  fixture({ name: 'Points Pending', latitude: 10, longitude: 10, status: 'pending' }),
  fixture({ name: 'Points Rejected', latitude: 11, longitude: 11, status: 'rejected' }),
  fixture({ name: 'Points Closed Down', latitude: 12, longitude: 12, isActive: false }),
];

beforeAll(async () => {
  stack = await startDirectoryStack();
  await insertFixtures(stack, [...listed, ...unlisted]);
});

afterAll(() => stack?.stop());

const points = () => getJson<LaundromatPointsResponse>(stack, '/api/laundromats/points');
/**
 * A browser's revalidation: GET with If-None-Match. Not fetch(), which adds 'Cache-Control: no-cache' to a
 * request given a validator by hand (the Fetch standard's rule), and a server must then answer in full.
 */
function revalidate(path: string, etag: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(`${stack.baseUrl}${path}`, { headers: { 'If-None-Match': etag } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}
const pairs = (answer: LaundromatPointsResponse) => answer.points.map(([lng, lat]) => `${lng},${lat}`).sort();

describe('GET /api/laundromats/points', () => {
  it('when every point is asked for, then each listed laundromat is there once, to 5 decimals, and no other', async () => {
    const { status, body } = await points();

    expect(status).toBe(200);
    expect(laundromatPointsResponseSchema.parse(body)).toEqual(body);
    expect(body.count).toBe(3);
    expect(pairs(body)).toEqual(['-0.13655,51.51361', '-77.04279,-12.04637', '178.4419,-18.1416']);
  });

  it('when a point is looked up as the nearest laundromat to it, then that laundromat answers at once', async () => {
    const { body } = await points();
    const soho = body.points.find(([lng]) => lng === -0.13655)!;

    const { body: nearest } = await getJson(
      stack,
      `/api/laundromats?longitude=${soho[0]}&latitude=${soho[1]}&limit=1`,
    );

    const [item] = laundromatListResponseSchema.parse(nearest).items;
    expect(item?.name).toBe('Points Soho');
    expect(item?.distanceMeters).toBeLessThan(2);
  });

  it('when asked again with the ETag it gave, then 304 without a body; the answer is public for a minute', async () => {
    const first = await fetch(`${stack.baseUrl}/api/laundromats/points`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');

    const again = await revalidate('/api/laundromats/points', etag!);

    expect(again).toEqual({ status: 304, body: '' });
    expect((await revalidate('/api/laundromats/points', '"something-older"')).status).toBe(200);
  });

  it('when a submission is approved, then the next answer has its point (a new ETag), though a minute has not passed', async () => {
    const before = await fetch(`${stack.baseUrl}/api/laundromats/points`);
    const user = apiClient(stack.baseUrl, await signUp(stack.baseUrl));
    const admin = apiClient(stack.baseUrl, await signUpAdmin(stack));
    const submitted = await user('/api/laundromats', {
      method: 'POST',
      body: {
        name: 'Points Newcomer',
        address: '1 Harbour Road',
        city: 'Wellington',
        country: 'New Zealand',
        latitude: -41.28646,
        longitude: 174.77624,
        currency: 'USD',
      },
    });
    const { id } = (await submitted.json()) as Laundromat;
    expect((await points()).body.count).toBe(3);

    expect((await admin(`/api/laundromats/${id}/approve`, { method: 'POST' })).status).toBe(200);

    const after = await fetch(`${stack.baseUrl}/api/laundromats/points`);
    const body = (await after.json()) as LaundromatPointsResponse;
    expect(body.count).toBe(4);
    expect(pairs(body)).toContain('174.77624,-41.28646');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});
