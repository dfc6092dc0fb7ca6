import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  laundromatListResponseSchema,
  laundromatSchema,
  laundromatSearchResponseSchema,
  type Laundromat,
} from '@laundry/contracts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import {
  fixture,
  insertFixtures,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let submitter: Session;
let someoneElse: Session;
let admin: Session;
let approvedId: string;
let pendingId: string;
let inactiveId: string;

beforeAll(async () => {
  stack = await startDirectoryStack();
  [submitter, someoneElse, admin] = await Promise.all([
    signUp(stack.baseUrl),
    signUp(stack.baseUrl),
    signUpAdmin(stack),
  ]);
  const ids = await insertFixtures(stack, [
    fixture({
      name: 'Canal Street Coin Wash',
      latitude: 40.7191,
      longitude: -74.0007,
      hours: { monday: '8:00-22:00' },
      washPriceSmall: 3.25,
      averageRating: 4.4,
      totalReviews: 12,
    }),
    fixture({
      name: 'Awaiting Review',
      latitude: 40.72,
      longitude: -74,
      status: 'pending',
      submittedById: submitter.user.id,
    }),
    fixture({ name: 'Closed Down', latitude: 40.73, longitude: -74, isActive: false }),
  ]);
  [approvedId, pendingId, inactiveId] = [ids[0]!, ids[1]!, ids[2]!];
});

afterAll(() => stack?.stop());

const detail = (id: string, session?: Session) => apiClient(stack.baseUrl, session)(`/api/laundromats/${id}`);

describe('GET /api/laundromats/:id', () => {
  it('when the laundromat is listed, then 200 answers it with its open status', async () => {
    const response = await detail(approvedId);
    const body = (await response.json()) as Laundromat;

    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      id: approvedId,
      name: 'Canal Street Coin Wash',
      timeZone: 'America/New_York',
      washPriceSmall: 3.25,
      averageRating: 4.4,
      totalReviews: 12,
      hours: { monday: '8:00-22:00' },
      status: 'approved',
    });
    expect(body.openStatus).toMatchObject({
      isOpenNow: expect.any(Boolean),
      isOpenNowInclusive: expect.any(Boolean),
    });
    expect(body.distanceMeters).toBeUndefined();
  });

  it('when the laundromat is also in a list, then both answers show it field for field in the same order', async () => {
    const list = await apiClient(stack.baseUrl)('/api/laundromats?latitude=40.7191&longitude=-74.0007');
    const body = laundromatListResponseSchema.parse(await list.json());
    const listed = body.items.find((item) => item.id === approvedId)!;
    const single = laundromatSchema.parse(await (await detail(approvedId)).json());

    // The list's rows are written as JSON by PostgreSQL, the detail's by the service: they must agree.
    const { distanceMeters, ...withoutDistance } = listed;
    expect(distanceMeters).toBeLessThan(1);
    expect(withoutDistance).toEqual(single);
    expect(Object.keys(withoutDistance)).toEqual(Object.keys(single));
    expect(single.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('when a place is searched, then the answer written as text is exactly a LaundromatSearchResponse', async () => {
    const response = await apiClient(stack.baseUrl)('/api/laundromats/search?q=10013');
    const text = await response.text();

    // Strict: the spliced text has every field of the schema and nothing else, in the schema's order.
    const body = laundromatSearchResponseSchema.strict().parse(JSON.parse(text));
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'location',
      'items',
      'nextCursor',
      'searchRadius',
    ]);
    expect(body.items.some((item) => item.id === approvedId)).toBe(true);
  });

  it('when the id is unknown, then 404', async () => {
    const response = await detail('6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab');

    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).message).toBe('Laundromat not found');
  });

  it.each(['not-an-id', '12345', '6f1c2a4e-8b1d-4c3a-9e2f-0123456789abXX', "1' OR '1'='1"])(
    'when the id is malformed (%s), then 404',
    async (id) => {
      const response = await detail(encodeURIComponent(id));

      expect(response.status).toBe(404);
    },
  );

  it('when the laundromat is no longer active, then 404', async () => {
    expect((await detail(inactiveId)).status).toBe(404);
  });

  it('when a pending laundromat is asked for signed out, then 404', async () => {
    expect((await detail(pendingId)).status).toBe(404);
  });

  it('when a pending laundromat is asked for by another user, then 404', async () => {
    expect((await detail(pendingId, someoneElse)).status).toBe(404);
  });

  it('when a pending laundromat is asked for by its submitter, then 200 shows it pending', async () => {
    const response = await detail(pendingId, submitter);

    expect(response.status).toBe(200);
    expect(((await response.json()) as Laundromat).status).toBe('pending');
  });

  it('when a pending laundromat is asked for by an admin, then 200 shows it pending', async () => {
    const response = await detail(pendingId, admin);

    expect(response.status).toBe(200);
    expect(((await response.json()) as Laundromat).status).toBe('pending');
  });
});
