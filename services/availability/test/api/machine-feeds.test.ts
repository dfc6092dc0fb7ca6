import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse, CreatedFeedKey } from '@laundry/contracts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import {
  availability,
  availabilityDb,
  client,
  insertLaundromatsFor,
  startAvailabilityStack,
  type ErrorBody,
  type TestStack,
} from '../support/availability-stack.ts';

let stack: TestStack;
let admin: Session;
let visitor: Session;
let laundromatA: string | undefined;
let laundromatB: string | undefined;
let keyA: CreatedFeedKey;

const machines = [
  { machineId: 'W1', type: 'washer', capacityKg: 8, status: 'available' },
  { machineId: 'W2', type: 'washer', capacityKg: 8, status: 'in_use', minutesRemaining: 23 },
  { machineId: 'W3', type: 'washer', status: 'finishing', minutesRemaining: 2 },
  { machineId: 'D1', type: 'dryer', status: 'out_of_order' },
];

const post = (key: string | undefined, body: unknown) =>
  client(stack)('/api/feeds/machines', {
    method: 'POST',
    body,
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  });

const issueKey = async (laundromatId: string, session = admin) =>
  client(stack, session)(`/api/admin/laundromats/${laundromatId}/feed-keys`, {
    method: 'POST',
    body: { label: 'Payment system' },
  });

async function machineRows(): Promise<number> {
  const [row] = await availabilityDb(stack).query<{ n: number }>(
    'SELECT count(*)::int AS n FROM machine_states',
  );
  return row!.n;
}

beforeAll(async () => {
  stack = await startAvailabilityStack();
  [admin, visitor] = await Promise.all([signUpAdmin(stack), signUp(stack.baseUrl)]);
  [laundromatA, laundromatB] = await insertLaundromatsFor(stack, [{ name: 'Fed A' }, { name: 'Fed B' }]);
});

afterAll(() => stack?.stop());

describe('feed keys', () => {
  it('when an admin issues a key, then it is shown once and only its hash is stored', async () => {
    const response = await issueKey(laundromatA!);
    expect(response.status).toBe(201);
    keyA = (await response.json()) as CreatedFeedKey;
    expect(keyA).toMatchObject({ laundromatId: laundromatA, label: 'Payment system' });
    expect(keyA.key).toMatch(/^lfk_[\w-]{43}$/);
    const stored = await availabilityDb(stack).query<{ key_hash: string }>('SELECT key_hash FROM feed_keys');
    expect(JSON.stringify(stored)).not.toContain(keyA.key);
  });

  it('when someone who is not an admin asks, then it is 403 (401 signed out)', async () => {
    expect((await issueKey(laundromatA!, visitor)).status).toBe(403);
    expect(
      (await client(stack)(`/api/admin/laundromats/${laundromatA}/feed-keys`, { method: 'POST', body: {} }))
        .status,
    ).toBe(401);
  });

  it('when the laundromat is unknown, then it is 404', async () => {
    expect((await issueKey('6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab')).status).toBe(404);
  });
});

describe('posting machine states', () => {
  it('when the key is valid, then the live state comes from the machines, each with its time left', async () => {
    const response = await post(keyA.key, { machines });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ laundromatId: laundromatA, accepted: 4 });
    const state: AvailabilityResponse = await availability(stack, laundromatA!);
    expect(state.live).toMatchObject({
      source: 'machines',
      washersFree: 1,
      washersTotal: 3,
      dryersFree: 0,
      dryersTotal: 1,
      confidenceLevel: 'high',
    });
    expect(state.feed).toMatchObject({ stale: false });
    expect(state.machines).toEqual([
      expect.objectContaining({ machineId: 'W1', type: 'washer', capacityKg: 8, status: 'available' }),
      expect.objectContaining({ machineId: 'W2', status: 'in_use', minutesRemaining: 23 }),
      expect.objectContaining({ machineId: 'W3', status: 'finishing', minutesRemaining: 2 }),
      expect.objectContaining({ machineId: 'D1', type: 'dryer', status: 'out_of_order' }),
    ]);
  });

  it('when the feed has been silent 15 minutes, then it is stale and nothing is shown as free', async () => {
    const [other] = await insertLaundromatsFor(stack, [{ name: 'Silent feed' }]);
    const key = (await (await issueKey(other!)).json()) as CreatedFeedKey;
    expect((await post(key.key, { machines })).status).toBe(200);
    await availabilityDb(stack).query(
      `UPDATE machine_states SET reported_at = reported_at - interval '16 minutes' WHERE laundromat_id = $1`,
      [other],
    );
    const state = await availability(stack, other!);
    expect(state.live).toBeNull();
    expect(state.feed).toMatchObject({ stale: true });
  });

  it("when a key posts another laundromat's machines, then it is 403 and nothing changes", async () => {
    const before = await machineRows();
    const response = await post(keyA.key, { laundromatId: laundromatB, machines });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).message).toBe(
      'This feed key is for another laundromat: it can post only its own machines.',
    );
    expect(await machineRows()).toBe(before);
    expect((await availability(stack, laundromatB!)).machines).toEqual([]);
  });

  it('when the key is forged or missing, then it is 401 and nothing changes', async () => {
    const before = await machineRows();
    const forged = await post(`lfk_${'A'.repeat(43)}`, { machines });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as ErrorBody).message).toContain('This feed key is not valid');
    expect((await post(undefined, { machines })).status).toBe(401);
    expect((await post('', { machines })).status).toBe(401);
    expect(await machineRows()).toBe(before);
  });

  it.each([
    [
      'an unknown status',
      { machines: [{ machineId: 'W1', type: 'washer', status: 'spinning' }] },
      'status must be one of',
    ],
    [
      'negative minutes',
      { machines: [{ machineId: 'W1', type: 'washer', status: 'in_use', minutesRemaining: -1 }] },
      'minutesRemaining cannot be negative',
    ],
    ['no machines', { machines: [] }, 'machines must list at least one machine'],
    ['a machine twice', { machines: [machines[0], machines[0]] }, 'Each machineId may appear once'],
  ])('when the message has %s, then it is 400', async (_case, body, message) => {
    const before = await machineRows();
    const response = await post(keyA.key, body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(message);
    expect(await machineRows()).toBe(before);
  });

  it('when the message is huge, then it is 413', async () => {
    const response = await post(keyA.key, { machines, padding: 'x'.repeat(2_000_000) });
    expect(response.status).toBe(413);
  });

  it('when an admin revokes the key, then the next message is 401', async () => {
    const revoked = await client(stack, admin)(`/api/admin/feed-keys/${keyA.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    expect((await post(keyA.key, { machines })).status).toBe(401);
    expect(
      (await client(stack, visitor)(`/api/admin/feed-keys/${keyA.id}`, { method: 'DELETE' })).status,
    ).toBe(403);
    expect(
      (
        await client(stack, admin)('/api/admin/feed-keys/6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab', {
          method: 'DELETE',
        })
      ).status,
    ).toBe(404);
  });
});
