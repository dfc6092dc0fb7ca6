import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityAlert, AvailabilityAlertList } from '@laundry/contracts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';
import {
  client,
  insertLaundromatsFor,
  report,
  startAvailabilityStack,
  type ErrorBody,
  type TestStack,
} from '../support/availability-stack.ts';
import { startPushService, type TestSubscription } from '../support/push-service.ts';

let stack: TestStack;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let ana: Session;
let ben: Session;
let cleo: Session;
let laundromat: string;
let anaBrowser: TestSubscription;
let anaAlert: AvailabilityAlert;

const alertsUrl = (id = laundromat) => `/api/laundromats/${id}/availability/alerts`;

async function ask(session: Session, browser: TestSubscription): Promise<AvailabilityAlert> {
  const response = await client(stack, session)(alertsUrl(), {
    method: 'POST',
    body: { subscription: { endpoint: browser.endpoint, keys: browser.keys }, machine: 'washer' },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as AvailabilityAlert;
}

const waiting = async (session: Session) =>
  ((await (await client(stack, session)(alertsUrl())).json()) as AvailabilityAlertList).items;

const cancel = (session: Session | undefined, alertId: string, id = laundromat) =>
  client(stack, session)(`${alertsUrl(id)}/${alertId}`, { method: 'DELETE' });

beforeAll(async () => {
  pushService = await startPushService();
  stack = await startAvailabilityStack({ ALERT_PURGE_INTERVAL_MS: '0' });
  [ana, ben, cleo] = await Promise.all([signUp(stack.baseUrl), signUp(stack.baseUrl), signUp(stack.baseUrl)]);
  [laundromat] = (await insertLaundromatsFor(stack, [{ name: 'Cancel Wash', numWashers: 6 }])) as [string];
  expect((await report(stack, cleo, laundromat, { kind: 'full' })).status).toBe(201);
  anaBrowser = pushService.subscribe();
  anaAlert = await ask(ana, anaBrowser);
});

afterAll(async () => {
  await stack?.stop();
  await pushService?.stop();
});

describe('GET /api/laundromats/{id}/availability/alerts', () => {
  it('when a person asks, then only their own waiting alerts come (none to others, 401 signed out)', async () => {
    expect(await waiting(ana)).toEqual([anaAlert]);
    expect(await waiting(ben)).toEqual([]);
    expect((await client(stack)(alertsUrl())).status).toBe(401);
  });
});

describe('DELETE /api/laundromats/{id}/availability/alerts/{alertId}', () => {
  it('when someone else or nobody cancels it, then it is 404 or 401 and the alert still waits', async () => {
    expect((await cancel(undefined, anaAlert.id)).status).toBe(401);
    const other = await cancel(ben, anaAlert.id);
    expect(other.status).toBe(404);
    expect((await cancel(ana, 'not-an-id')).status).toBe(404);
    expect(await waiting(ana)).toHaveLength(1);
  });

  it('when the person cancels it, then it is gone and a free washer tells them nothing', async () => {
    expect((await cancel(ana, anaAlert.id)).status).toBe(204);
    expect(await waiting(ana)).toEqual([]);
    const again = await cancel(ana, anaAlert.id);
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).message).toBe(
      'This alert is no longer waiting: it was sent, it expired, or it was cancelled.',
    );

    // Ben's alert is the witness: once he is told, the change was handled, and Ana was told nothing.
    const benBrowser = pushService.subscribe();
    await ask(ben, benBrowser);
    expect((await report(stack, ana, laundromat, { kind: 'all-free' })).status).toBe(201);
    await eventually(() => pushService.pushesTo(benBrowser).length > 0);
    expect(pushService.pushesTo(anaBrowser)).toHaveLength(0);
  });
});
