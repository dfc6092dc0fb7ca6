import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, OutOfOrderList } from '@laundry/contracts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import {
  availability,
  client,
  insertLaundromatsFor,
  report,
  startAvailabilityStack,
  type ErrorBody,
  type TestStack,
} from '../support/availability-stack.ts';

let stack: TestStack;
let admin: Session;
let alice: Session;
let bob: Session;
let broken: string;
let fine: string;

const list = (session?: Session) => client(stack, session)('/api/admin/availability/out-of-order');
const markFixed = (laundromatId: string, session?: Session) =>
  client(stack, session)(`/api/admin/availability/out-of-order/${laundromatId}/fixed`, { method: 'POST' });

async function auditEntries(resourceId: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const response = await client(stack, admin)(`/api/admin/audit?resourceId=${resourceId}`);
    const page = (await response.json()) as AuditPage;
    if (page.entries.length > 0 || Date.now() > until) return page.entries;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  stack = await startAvailabilityStack();
  [admin, alice, bob] = await Promise.all([signUpAdmin(stack), signUp(stack.baseUrl), signUp(stack.baseUrl)]);
  [broken, fine] = (await insertLaundromatsFor(stack, [{ name: 'Broken Wash' }, { name: 'Fine Wash' }])) as [
    string,
    string,
  ];
  await report(stack, alice, broken, {
    washers: { free: 1, total: 6 },
    outOfOrderWashers: 2,
    outOfOrderDryers: 1,
  });
  await report(stack, alice, fine, { washers: { free: 3, total: 6 } });
});

afterAll(() => stack?.stop());

describe('GET /api/admin/availability/out-of-order', () => {
  it('when someone who is not an admin asks, then it is 401 signed out and 403 signed in', async () => {
    expect((await list()).status).toBe(401);
    expect((await list(alice)).status).toBe(403);
    expect((await markFixed(broken)).status).toBe(401);
    expect((await markFixed(broken, alice)).status).toBe(403);
    expect((await availability(stack, broken)).outOfOrder).toMatchObject({ washers: 2, dryers: 1 });
  });

  it('when an admin asks, then it lists the laundromats with broken machines, by name, and no others', async () => {
    const response = await list(admin);
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as OutOfOrderList;
    expect(items).toEqual([
      {
        laundromatId: broken,
        laundromatName: 'Broken Wash',
        washers: 2,
        dryers: 1,
        reportedAt: expect.any(String),
      },
    ]);
  });
});

describe('POST /api/admin/availability/out-of-order/{id}/fixed', () => {
  it('when an admin marks it fixed, then the detail and the list no longer show it, and the audit log says who', async () => {
    const response = await markFixed(broken, admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ laundromatId: broken });
    expect((await availability(stack, broken)).outOfOrder).toBeNull();
    expect(((await (await list(admin)).json()) as OutOfOrderList).items).toEqual([]);
    const [entry] = await auditEntries(broken);
    expect(entry).toMatchObject({
      action: 'availability.out-of-order.fixed',
      resource: 'laundromat',
      resourceId: broken,
      userId: admin.user.id,
      status: 'success',
      oldData: { washers: 2, dryers: 1 },
    });
  });

  it('when a later report names broken machines again, then they show again', async () => {
    await report(stack, bob, broken, { washers: { free: 0, total: 6 }, outOfOrderWashers: 1 });
    expect((await availability(stack, broken)).outOfOrder).toMatchObject({ washers: 1, dryers: 0 });
    const { items } = (await (await list(admin)).json()) as OutOfOrderList;
    expect(items.map((item) => [item.laundromatId, item.washers])).toEqual([[broken, 1]]);
  });

  it('when nothing is reported broken there, or the id is no laundromat, then it is 404 with why', async () => {
    const nothing = await markFixed(fine, admin);
    expect(nothing.status).toBe(404);
    expect(((await nothing.json()) as ErrorBody).message).toBe(
      'No machine is reported out of order at this laundromat: there is nothing to mark fixed.',
    );
    expect((await markFixed('not-an-id', admin)).status).toBe(404);
  });
});
