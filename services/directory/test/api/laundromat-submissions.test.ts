import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRecordedV1,
  auditRecordedV1Schema,
  laundromatSubmissionListSchema,
  type AuditRecordedV1Data,
  type Laundromat,
  type LaundromatListResponse,
  type LaundromatSubmissionList,
} from '@laundry/contracts';
import type { EventEnvelope } from '@laundry/platform/bus';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import { eventually } from '../../../../test/support/servers.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import {
  getJson,
  listenForEvents,
  startDirectoryStack,
  type ErrorBody,
  type EventListener,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let listener: EventListener;
let user: Session;
let admin: Session;
let asUser: ReturnType<typeof apiClient>;
let asAdmin: ReturnType<typeof apiClient>;
let signedOut: ReturnType<typeof apiClient>;

const adminAgent = 'admin-console-test/1.0';
const unknownId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  stack = await startDirectoryStack();
  listener = await listenForEvents(stack, [auditRecordedV1]);
  user = await signUp(stack.baseUrl);
  admin = await signUpAdmin(stack);
  asUser = apiClient(stack.baseUrl, user);
  const adminClient = apiClient(stack.baseUrl, admin);
  asAdmin = (path, init = {}) =>
    adminClient(path, { ...init, headers: { 'user-agent': adminAgent, ...init.headers } });
  signedOut = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await listener?.removeQueues();
});

let submitted = 0;

async function submit(name = `Queue Wash ${++submitted}`): Promise<Laundromat> {
  const response = await asUser('/api/laundromats', {
    method: 'POST',
    body: {
      name,
      address: '12 Quay Street',
      city: 'Sydney',
      country: 'Australia',
      latitude: -33.8568,
      longitude: 151.2153,
      currency: 'AUD',
    },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Laundromat;
}

async function queue(query = ''): Promise<LaundromatSubmissionList> {
  const response = await asAdmin(`/api/laundromats/submissions${query}`);
  expect(response.status).toBe(200);
  return laundromatSubmissionListSchema.parse(await response.json());
}

/** Every page of the queue, following nextCursor. */
async function wholeQueue(limit = 100): Promise<LaundromatSubmissionList['items']> {
  const items: LaundromatSubmissionList['items'] = [];
  let cursor: string | null = null;
  do {
    const page: LaundromatSubmissionList = await queue(
      `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

const listedIds = async () =>
  (await getJson<LaundromatListResponse>(stack, '/api/laundromats?limit=200')).body.items.map(
    (item) => item.id,
  );

const statusOf = async (id: string) =>
  (
    await stack.directoryDb.query<{ status: string }>('SELECT status FROM laundromats WHERE id = $1', [id])
  )[0]!.status;

/** The audit events the directory recorded in its outbox for one laundromat, oldest first. */
const auditRows = async (id: string) =>
  (
    await stack.directoryDb.query<{ data: AuditRecordedV1Data }>(
      `SELECT envelope->'data' AS data FROM outbox WHERE type = $1 AND envelope->'data'->>'resourceId' = $2
       ORDER BY seq`,
      [auditRecordedV1, id],
    )
  ).map((row) => row.data);

const auditDelivered = (id: string, status: 'success' | 'failure', action: string) =>
  listener.waitFor(
    (event: EventEnvelope) =>
      event.type === auditRecordedV1 &&
      (event.data as AuditRecordedV1Data).resourceId === id &&
      (event.data as AuditRecordedV1Data).status === status &&
      (event.data as AuditRecordedV1Data).action === action,
  );

describe('GET /api/laundromats/submissions', () => {
  it('when signed out, then 401', async () => {
    expect((await signedOut('/api/laundromats/submissions')).status).toBe(401);
  });

  it('when a user who is not an admin asks, then 403', async () => {
    const response = await asUser('/api/laundromats/submissions');

    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).message).toBe('You do not have permission to do this.');
  });

  it('when the admin asks, then pending submissions are listed oldest first with who sent them and when', async () => {
    const first = await submit();
    const second = await submit();

    const items = await wholeQueue();
    const ids = items.map((item) => item.id);

    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBeGreaterThan(ids.indexOf(first.id));
    expect(items.find((item) => item.id === first.id)).toEqual({
      id: first.id,
      name: first.name,
      address: '12 Quay Street',
      city: 'Sydney',
      country: 'Australia',
      latitude: -33.8568,
      longitude: 151.2153,
      phone: null,
      website: null,
      currency: 'AUD',
      submittedById: user.user.id,
      submittedByEmail: user.user.email,
      submittedAt: first.createdAt,
      // Queued at the same point under a like name, each is the other's likely duplicate.
      likelyDuplicates: expect.arrayContaining([
        expect.objectContaining({ id: second.id, status: 'pending' }),
      ]),
    });
  });

  it('when submissions are approved or rejected, then only the pending ones are listed and counted', async () => {
    const approved = await submit();
    const rejected = await submit();
    const pending = await submit();
    await asAdmin(`/api/laundromats/${approved.id}/approve`, { method: 'POST' });
    await asAdmin(`/api/laundromats/${rejected.id}/reject`, { method: 'POST', body: { reason: 'Closed' } });

    const items = await wholeQueue();
    const ids = items.map((item) => item.id);
    const [row] = await stack.directoryDb.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM laundromats WHERE status = 'pending'`,
    );

    expect(ids).toContain(pending.id);
    expect(ids).not.toContain(approved.id);
    expect(ids).not.toContain(rejected.id);
    expect((await queue()).total).toBe(row!.n);
    expect(items).toHaveLength(row!.n);
  });

  it('when the queue is longer than a page, then the pages follow each other without a gap or a repeat', async () => {
    await Promise.all([submit(), submit(), submit()]);
    const everything = await wholeQueue();

    const paged = await wholeQueue(2);
    const firstPage = await queue('?limit=2');

    expect(paged.map((item) => item.id)).toEqual(everything.map((item) => item.id));
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.nextCursor).not.toBeNull();
    expect(firstPage.total).toBe(everything.length);
  });

  it.each([
    ['limit=0', 'limit must be a whole number between 1 and 100'],
    ['limit=101', 'limit must be a whole number between 1 and 100'],
    ['limit=ten', 'limit must be a whole number between 1 and 100'],
    ['cursor=bm90LWEtY3Vyc29y', 'The cursor is not valid. Start again from the first page.'],
  ])('when the query has %s, then 400 says so', async (query, message) => {
    const response = await asAdmin(`/api/laundromats/submissions?${query}`);

    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toBe(message);
  });
});

describe('POST /api/laundromats/:id/reject', () => {
  it('when signed out, then 401 and it stays pending with nothing recorded', async () => {
    const created = await submit();

    const response = await signedOut(`/api/laundromats/${created.id}/reject`, {
      method: 'POST',
      body: { reason: 'Duplicate' },
    });

    expect(response.status).toBe(401);
    expect(await statusOf(created.id)).toBe('pending');
    expect(await auditRows(created.id)).toEqual([]);
  });

  it('when a user who is not an admin rejects, then 403 and it stays pending with nothing recorded', async () => {
    const created = await submit();

    const response = await asUser(`/api/laundromats/${created.id}/reject`, {
      method: 'POST',
      body: { reason: 'Duplicate' },
    });

    expect(response.status).toBe(403);
    expect(await statusOf(created.id)).toBe('pending');
    expect(await auditRows(created.id)).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['no reason', {}],
    ['a blank reason', { reason: '   ' }],
    ['a reason that is not text', { reason: 42 }],
  ])(
    'when the admin rejects with %s, then 400 asks for a reason and it stays pending',
    async (_case, body) => {
      const created = await submit();

      const response = await asAdmin(`/api/laundromats/${created.id}/reject`, { method: 'POST', body });

      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).message).toBe('A reason for the rejection is required');
      expect(await statusOf(created.id)).toBe('pending');
    },
  );

  it('when the reason is over 2000 characters, then 400 says so', async () => {
    const created = await submit();

    const response = await asAdmin(`/api/laundromats/${created.id}/reject`, {
      method: 'POST',
      body: { reason: 'x'.repeat(2001) },
    });

    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toBe('The reason must be at most 2000 characters');
  });

  it('when the admin rejects with a reason, then it is rejected, unlisted, and the reason and reviewer are kept', async () => {
    const created = await submit();

    const response = await asAdmin(`/api/laundromats/${created.id}/reject`, {
      method: 'POST',
      body: { reason: '  It closed in 2024.  ' },
    });

    expect(response.status).toBe(200);
    expect(((await response.json()) as Laundromat).status).toBe('rejected');
    expect(await listedIds()).not.toContain(created.id);
    const [row] = await stack.directoryDb.query<Record<string, unknown>>(
      `SELECT status, rejection_reason, reviewed_by_id, reviewed_at IS NOT NULL AS reviewed
       FROM laundromats WHERE id = $1`,
      [created.id],
    );
    expect(row).toEqual({
      status: 'rejected',
      rejection_reason: 'It closed in 2024.',
      reviewed_by_id: admin.user.id,
      reviewed: true,
    });
  });

  it.each([
    ['rejected', 'reject', 'reject'],
    ['rejected', 'approve', 'reject'],
    ['approved', 'reject', 'approve'],
  ])(
    'when a laundromat already %s gets a second decision (%s), then 409 and it keeps the first',
    async (first, second, firstDecision) => {
      const created = await submit();
      const decide = (decision: string) =>
        asAdmin(`/api/laundromats/${created.id}/${decision}`, {
          method: 'POST',
          body: decision === 'reject' ? { reason: 'Not a laundromat' } : undefined,
        });
      expect((await decide(firstDecision)).status).toBe(200);

      const response = await decide(second);

      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorBody).message).toBe(
        'This laundromat is not waiting for approval.',
      );
      expect(await statusOf(created.id)).toBe(first);
    },
  );

  it('when the laundromat is unknown or the id malformed, then 404', async () => {
    const unknown = await asAdmin(`/api/laundromats/${unknownId}/reject`, {
      method: 'POST',
      body: { reason: 'Duplicate' },
    });
    const malformed = await asAdmin('/api/laundromats/not-an-id/reject', {
      method: 'POST',
      body: { reason: 'Duplicate' },
    });

    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
  });
});

describe('the audit log of decisions (audit.recorded.v1)', () => {
  it('when the admin approves, then a success entry is recorded with the change and delivered on the broker', async () => {
    const created = await submit();

    await asAdmin(`/api/laundromats/${created.id}/approve`, { method: 'POST' });
    const event = await auditDelivered(created.id, 'success', 'laundromat.approve');

    expect(event.producer).toBe('directory');
    const data = auditRecordedV1Schema.parse(event).data;
    expect(data).toMatchObject({
      userId: admin.user.id,
      advertiserId: null,
      action: 'laundromat.approve',
      resource: 'laundromat',
      resourceId: created.id,
      userAgent: adminAgent,
      endpoint: `/api/laundromats/${created.id}/approve`,
      httpMethod: 'POST',
      oldData: { name: created.name, status: 'pending' },
      newData: { status: 'approved' },
      status: 'success',
      errorMessage: null,
    });
    // The gateway's view of the client, signed into the internal identity.
    expect(data.ipAddress).toMatch(/127\.0\.0\.1|::1/);
    expect(Date.parse(data.occurredAt)).not.toBeNaN();
  });

  it('when the admin rejects, then the success entry carries the reason', async () => {
    const created = await submit();

    await asAdmin(`/api/laundromats/${created.id}/reject`, {
      method: 'POST',
      body: { reason: 'Duplicate of another entry' },
    });
    const event = await auditDelivered(created.id, 'success', 'laundromat.reject');

    expect(auditRecordedV1Schema.parse(event).data).toMatchObject({
      action: 'laundromat.reject',
      endpoint: `/api/laundromats/${created.id}/reject`,
      oldData: { name: created.name, status: 'pending' },
      newData: { status: 'rejected', rejectionReason: 'Duplicate of another entry' },
      status: 'success',
    });
  });

  it('when a decision commits, then its audit entry is in the outbox with it, exactly once', async () => {
    const created = await submit();

    await asAdmin(`/api/laundromats/${created.id}/approve`, { method: 'POST' });

    expect(await statusOf(created.id)).toBe('approved');
    expect((await auditRows(created.id)).map((data) => [data.action, data.status])).toEqual([
      ['laundromat.approve', 'success'],
    ]);
  });

  it('when a second decision is refused with 409, then a failure entry says why and nothing else changes', async () => {
    const created = await submit();
    await asAdmin(`/api/laundromats/${created.id}/approve`, { method: 'POST' });

    await asAdmin(`/api/laundromats/${created.id}/reject`, { method: 'POST', body: { reason: 'Too late' } });
    const event = await auditDelivered(created.id, 'failure', 'laundromat.reject');

    expect(auditRecordedV1Schema.parse(event).data).toMatchObject({
      userId: admin.user.id,
      resourceId: created.id,
      oldData: { name: created.name, status: 'approved' },
      newData: { status: 'rejected', rejectionReason: 'Too late' },
      status: 'failure',
      errorMessage: 'This laundromat is not waiting for approval.',
    });
    expect(await statusOf(created.id)).toBe('approved');
  });

  it('when a rejection is refused for its missing reason, then a failure entry gives the message', async () => {
    const created = await submit();

    await asAdmin(`/api/laundromats/${created.id}/reject`, { method: 'POST', body: {} });

    await eventually(async () => (await auditRows(created.id)).length === 1);
    expect(await auditRows(created.id)).toEqual([
      expect.objectContaining({
        action: 'laundromat.reject',
        status: 'failure',
        errorMessage: 'A reason for the rejection is required',
        newData: { status: 'rejected' },
      }),
    ]);
  });

  it('when the admin approves an unknown laundromat, then a failure entry records the attempt', async () => {
    await asAdmin(`/api/laundromats/${unknownId}/approve`, { method: 'POST' });

    expect(await auditRows(unknownId)).toContainEqual(
      expect.objectContaining({
        action: 'laundromat.approve',
        status: 'failure',
        errorMessage: 'Laundromat not found',
        oldData: null,
      }),
    );
  });
});
