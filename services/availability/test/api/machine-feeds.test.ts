import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
  type AvailabilityResponse,
  type CreatedFeedKey,
  type OwnerFeedKeyList,
  type OwnerOutOfOrder,
  type RotatedFeedKey,
} from '@laundry/contracts';
import { laundromatOwnerHandlers } from '@laundry/platform/bus';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import { silentLogger } from '../../../../test/support/servers.ts';
import {
  availability,
  availabilityDb,
  client,
  insertLaundromatsFor,
  report,
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

  it('when many messages arrive at once, then each is stored and answered as if alone, and a bad one fails only itself', async () => {
    const laundromats = await insertLaundromatsFor(stack, [{ name: 'Busy C' }, { name: 'Busy D' }]);
    const keys = await Promise.all(
      laundromats.map(async (id) => ((await (await issueKey(id)).json()) as CreatedFeedKey).key),
    );
    // Ten messages per laundromat, each naming a machine of its own, sent together with a forged key's and
    // one for the other laundromat: they share the service's transactions, not their answers.
    const good = laundromats.flatMap((laundromatId, l) =>
      Array.from({ length: 10 }, (_, m) =>
        post(keys[l], {
          machines: [{ machineId: `M${m}`, type: 'washer', status: m % 2 === 0 ? 'available' : 'in_use' }],
        }).then(async (response) => ({ laundromatId, status: response.status, body: await response.json() })),
      ),
    );
    const [forged, otherLaundromat, ...answers] = await Promise.all([
      post(`lfk_${'x'.repeat(43)}`, { machines: [{ machineId: 'X9', type: 'washer', status: 'available' }] }),
      post(keys[0], {
        laundromatId: laundromats[1],
        machines: [{ machineId: 'X9', type: 'washer', status: 'available' }],
      }),
      ...good,
    ]);
    expect(forged!.status).toBe(401);
    expect(otherLaundromat!.status).toBe(403);
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, body: { laundromatId: answer.laundromatId, accepted: 1 } });
      expect(answer.body.live).toMatchObject({ source: 'machines' });
    }
    for (const laundromatId of laundromats) {
      const state = await availability(stack, laundromatId);
      expect(state.machines.map((machine) => machine.machineId).sort()).toEqual(
        Array.from({ length: 10 }, (_, m) => `M${m}`),
      );
      expect(state.live).toMatchObject({ source: 'machines', washersFree: 5, washersTotal: 10 });
    }
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

describe("the verified owner's feed keys and out-of-order reports", () => {
  let owner: Session;
  let owned: string;
  let claimId: string;
  let owners: ReturnType<typeof laundromatOwnerHandlers>;
  const ownerApi = (
    session: Session | undefined,
    path: string,
    init: { method?: string; body?: unknown } = {},
  ) => client(stack, session)(`/api/owner/laundromats/${owned}${path}`, init);
  const feedKeys = async (session = owner) => {
    const response = await ownerApi(session, '/feed-keys');
    expect(response.status).toBe(200);
    return (await response.json()) as OwnerFeedKeyList;
  };
  const audited = (action: string) =>
    availabilityDb(stack).query<{ userId: string; status: string }>(
      `SELECT envelope->'data'->>'userId' AS "userId", envelope->'data'->>'status' AS status FROM outbox
       WHERE type = 'audit.recorded.v1' AND envelope->'data'->>'action' = $1 ORDER BY created_at`,
      [action],
    );

  beforeAll(async () => {
    owner = await signUp(stack.baseUrl);
    [owned] = (await insertLaundromatsFor(stack, [{ name: 'Owned Suds' }])) as [string];
    claimId = randomUUID();
    owners = laundromatOwnerHandlers({
      db: availabilityDb(stack),
      logger: silentLogger,
      service: 'availability',
    });
    const event = createEvent(laundromatOwnerVerifiedV1, 'owner', {
      laundromatId: owned,
      claimId,
      ownerUserId: owner.user.id,
      method: 'document',
      verifiedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    // Delivered twice, as a broker may: the second changes nothing.
    await owners.verified(event);
    await owners.verified(event);
  });

  it('when the owner creates a key, then it feeds the machines, and the list shows its last message', async () => {
    expect((await feedKeys()).feed).toBe('none');
    const created = await ownerApi(owner, '/feed-keys', { method: 'POST', body: { label: 'Till' } });
    expect(created.status).toBe(201);
    const key = (await created.json()) as CreatedFeedKey;
    expect(key.key).toMatch(/^lfk_[\w-]{43}$/);
    expect((await post(key.key, { machines })).status).toBe(200);
    const list = await feedKeys();
    expect(list.feed).toBe('healthy');
    expect(list.items).toEqual([
      expect.objectContaining({ id: key.id, label: 'Till', active: true, healthy: true, revokedAt: null }),
    ]);
    expect(list.items[0]!.lastMessageAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(key.key);
    expect(await audited('availability.feed-key.create')).toEqual([
      { userId: owner.user.id, status: 'success' },
    ]);

    // Silent for 16 minutes: stale.
    await availabilityDb(stack).query(
      `UPDATE feed_keys SET last_message_at = last_message_at - interval '16 minutes' WHERE id = $1`,
      [key.id],
    );
    const silent = await feedKeys();
    expect(silent.feed).toBe('stale');
    expect(silent.items[0]).toMatchObject({ healthy: false, active: true });
  });

  it('when the owner rotates a key, then both work for the overlap; when they revoke one, it is refused', async () => {
    const old = (await (
      await ownerApi(owner, '/feed-keys', { method: 'POST', body: {} })
    ).json()) as CreatedFeedKey;
    const rotated = await ownerApi(owner, `/feed-keys/${old.id}/rotate`, { method: 'POST' });
    expect(rotated.status).toBe(201);
    const fresh = (await rotated.json()) as RotatedFeedKey;
    expect(fresh.replaces.id).toBe(old.id);
    const overlapMinutes = (Date.parse(fresh.replaces.revokedAt) - Date.now()) / 60_000;
    expect(overlapMinutes).toBeGreaterThan(55);
    expect(overlapMinutes).toBeLessThanOrEqual(60);
    expect((await post(old.key, { machines })).status).toBe(200);
    expect((await post(fresh.key, { machines })).status).toBe(200);
    expect((await ownerApi(owner, `/feed-keys/${old.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await post(old.key, { machines })).status).toBe(401);
    expect((await ownerApi(owner, `/feed-keys/${old.id}/rotate`, { method: 'POST' })).status).toBe(404);
    expect((await ownerApi(owner, `/feed-keys/${old.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await post(fresh.key, { machines })).status).toBe(200);
    expect((await post(`lfk_${'B'.repeat(43)}`, { machines })).status).toBe(401);
    const list = await feedKeys();
    expect(list.items.find((item) => item.id === old.id)).toMatchObject({ active: false });
    expect(list.items.find((item) => item.id === fresh.id)).toMatchObject({ active: true, healthy: true });
    // The refused second rotation and revocation are audited as failures.
    expect((await audited('availability.feed-key.rotate')).map((entry) => entry.status)).toEqual([
      'success',
      'failure',
    ]);
    expect((await audited('availability.feed-key.revoke')).map((entry) => entry.status)).toEqual([
      'success',
      'failure',
    ]);
  });

  it("when a stranger manages the owner's keys, then it is 403 and nothing changes (401 signed out)", async () => {
    const stranger = await signUp(stack.baseUrl);
    const [someKey] = (await feedKeys()).items;
    const before = await availabilityDb(stack).query('SELECT id, revoked_at FROM feed_keys ORDER BY id');
    for (const [path, method] of [
      ['/feed-keys', 'GET'],
      ['/feed-keys', 'POST'],
      [`/feed-keys/${someKey!.id}/rotate`, 'POST'],
      [`/feed-keys/${someKey!.id}`, 'DELETE'],
      ['/out-of-order', 'GET'],
      ['/out-of-order/fixed', 'POST'],
    ] as const) {
      const refused = await ownerApi(stranger, path, { method, ...(method === 'POST' && { body: {} }) });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(((await refused.json()) as ErrorBody).message).toContain('Only the verified owner');
      expect((await ownerApi(undefined, path, { method })).status).toBe(401);
    }
    expect(await availabilityDb(stack).query('SELECT id, revoked_at FROM feed_keys ORDER BY id')).toEqual(
      before,
    );
    // The owner's key of this laundromat cannot be reached through another laundromat's path either.
    const [elsewhere] = (await insertLaundromatsFor(stack, [{ name: 'Not theirs' }])) as [string];
    expect(
      (
        await client(stack, owner)(`/api/owner/laundromats/${elsewhere}/feed-keys/${someKey!.id}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(403);
  });

  it('when visitors report machines broken, then the owner sees it and marks it fixed, audited', async () => {
    expect(((await (await ownerApi(owner, '/out-of-order')).json()) as OwnerOutOfOrder).current).toBeNull();
    expect((await ownerApi(owner, '/out-of-order/fixed', { method: 'POST' })).status).toBe(404);
    const reported = await report(stack, visitor, owned, {
      washers: { free: 1, total: 6 },
      outOfOrderWashers: 2,
    });
    expect(reported.status).toBe(201);
    const seen = (await (await ownerApi(owner, '/out-of-order')).json()) as OwnerOutOfOrder;
    expect(seen.current).toMatchObject({ washers: 2, dryers: 0 });
    const fixed = await ownerApi(owner, '/out-of-order/fixed', { method: 'POST' });
    expect(fixed.status).toBe(200);
    expect((await availability(stack, owned)).outOfOrder).toBeNull();
    expect(((await (await ownerApi(owner, '/out-of-order')).json()) as OwnerOutOfOrder).current).toBeNull();
    expect(await audited('availability.out-of-order.fixed')).toContainEqual({
      userId: owner.user.id,
      status: 'success',
    });
  });

  it('when the owner gives the laundromat up, then their keys are theirs to manage no more', async () => {
    await owners.released(
      createEvent(laundromatOwnerReleasedV1, 'owner', {
        laundromatId: owned,
        claimId,
        reason: 'given-up',
        releasedAt: new Date().toISOString(),
      }),
    );
    expect((await ownerApi(owner, '/feed-keys')).status).toBe(403);
  });
});
