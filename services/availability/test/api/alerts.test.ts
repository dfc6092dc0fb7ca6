import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@laundry/platform';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';
import { vapidKeys } from '../../../../scripts/src/embedded-secrets.ts';
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
import { startPushService, type TestSubscription } from '../support/push-service.ts';
import { createAlertRepository } from '../../src/infra/alert-repository.ts';
import { purgeExpiredAlerts, queueDueAlerts } from '../../src/domain/availability-alerts.ts';

const HOUR = 3_600_000;
const vapid = { ...vapidKeys(), subject: 'mailto:alerts@example.test' };
let stack: TestStack;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let [ana, ben, cleo, dev, eve]: Session[] = [];
let ids: string[];

beforeAll(async () => {
  pushService = await startPushService();
  stack = await startAvailabilityStack({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: vapid.subject,
    ALERT_PURGE_INTERVAL_MS: '0',
  });
  [ana, ben, cleo, dev, eve] = await Promise.all(Array.from({ length: 5 }, () => signUp(stack.baseUrl)));
  ids = await insertLaundromatsFor(stack, [
    { name: 'Laverie du Canal', numWashers: 10, numDryers: 6 },
    { name: 'Refusals' },
    { name: 'Expiry' },
    { name: 'Gone and flaky', numWashers: 8, numDryers: 4 },
  ]);
});

afterAll(async () => {
  await stack?.stop();
  await pushService?.stop();
});

const alertCount = async (laundromatId: string) =>
  (
    await availabilityDb(stack).query<{ n: number }>(
      'SELECT count(*)::int AS n FROM availability_alerts WHERE laundromat_id = $1',
      [laundromatId],
    )
  )[0]!.n;

function askToBeTold(
  session: Session | undefined,
  laundromatId: string,
  subscription: Pick<TestSubscription, 'endpoint' | 'keys'> | Record<string, unknown>,
  machine: string,
  language = 'en',
) {
  const { endpoint, keys } = subscription as TestSubscription;
  return client(stack, session)(`/api/laundromats/${laundromatId}/availability/alerts`, {
    method: 'POST',
    body: { subscription: endpoint === undefined ? subscription : { endpoint, keys }, machine, language },
  });
}

describe('the push key', () => {
  it('is the configured VAPID public key, for the page to subscribe with', async () => {
    const response = await client(stack)('/api/availability/push-key');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ publicKey: vapid.publicKey });
  });
});

describe('tell me when a washer is free', () => {
  it('sends one push per alert, in the language asked in, when the live state shows that machine free', async () => {
    const laverie = ids[0]!;
    // Full: nothing free.
    expect((await report(stack, cleo, laverie, { kind: 'full' })).status).toBe(201);
    const anaBrowser = pushService.subscribe();
    const benBrowser = pushService.subscribe();
    const created = await askToBeTold(ana, laverie, anaBrowser, 'washer', 'fr');
    expect(created.status).toBe(201);
    const alert = (await created.json()) as { id: string; machine: string; expiresAt: string };
    expect(alert.machine).toBe('washer');
    const ttl = new Date(alert.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(2 * HOUR - 60_000);
    expect(ttl).toBeLessThanOrEqual(2 * HOUR);
    expect((await askToBeTold(ben, laverie, benBrowser, 'dryer', 'hi')).status).toBe(201);
    expect(await alertCount(laverie)).toBe(2);

    // Washers free, dryers still full: Ana is told, Ben is not.
    expect(
      (
        await report(stack, dev, laverie, {
          washers: { free: 3, total: 10 },
          dryers: { free: 0, total: 6 },
        })
      ).status,
    ).toBe(201);
    const live = (await availability(stack, laverie)).live!;
    expect(live.washersFree).toBeGreaterThan(0);
    expect(live.dryersFree).toBe(0);
    await eventually(() => pushService.pushesTo(anaBrowser).length > 0);
    const [push] = pushService.pushesTo(anaBrowser);
    expect(push!.message).toMatchObject({
      title: 'Un lave-linge est libre',
      body: 'Un lave-linge vient de se libérer à Laverie du Canal.',
      language: 'fr',
      url: `/?l=${laverie}`,
    });
    expect(push!.vapidKey).toBe(vapid.publicKey);
    expect(push!.claims).toMatchObject({ aud: pushService.origin, sub: vapid.subject });
    expect(push!.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(pushService.pushesTo(benBrowser)).toHaveLength(0);

    // Dryers free too: Ben is told (which means this change was handled), and Ana is not told again.
    expect(
      (
        await report(stack, eve, laverie, {
          washers: { free: 4, total: 10 },
          dryers: { free: 2, total: 6 },
        })
      ).status,
    ).toBe(201);
    await eventually(() => pushService.pushesTo(benBrowser).length > 0);
    expect(pushService.pushesTo(benBrowser)[0]!.message).toMatchObject({
      title: 'एक ड्रायर खाली है',
      language: 'hi',
    });
    expect(pushService.pushesTo(anaBrowser)).toHaveLength(1);
    expect(pushService.pushesTo(benBrowser)).toHaveLength(1);
    // A told alert is deleted once its push is sent, so the row may outlive the push by a moment.
    await eventually(async () => (await alertCount(laverie)) === 0);
    expect(pushService.pushesTo(anaBrowser)).toHaveLength(1);
    expect(pushService.rejected).toEqual([]);
  });

  it('drops a subscription the push service says is gone, and retries one that failed', async () => {
    const laundromat = ids[3]!;
    const gone = pushService.subscribe('gone');
    const flaky = pushService.subscribe('flaky');
    expect((await askToBeTold(ana, laundromat, gone, 'washer')).status).toBe(201);
    expect((await askToBeTold(ben, laundromat, flaky, 'washer', 'es')).status).toBe(201);
    expect((await report(stack, cleo, laundromat, { kind: 'all-free' })).status).toBe(201);
    // The first try answered 500; the retry gets through.
    await eventually(() => pushService.pushesTo(flaky).length > 0, 20_000);
    expect(pushService.pushesTo(flaky)[0]!.message).toMatchObject({ title: 'Hay una lavadora libre' });
    await eventually(async () => (await alertCount(laundromat)) === 0);
    expect(pushService.pushesTo(gone)).toHaveLength(0);
  });
});

describe('an alert that is refused stores nothing', () => {
  const keysOf = () => pushService.subscribe().keys;
  it.each([
    [
      'an endpoint that is not https',
      () => ({ endpoint: 'http://push.example.test/abc', keys: keysOf() }),
      'Subscription endpoint must be an https URL',
    ],
    [
      'no keys',
      () => ({ endpoint: `${pushService.origin}/push/nokeys` }),
      'Subscription keys { p256dh, auth } are required',
    ],
    [
      'no auth secret',
      () => ({ endpoint: `${pushService.origin}/push/noauth`, keys: { p256dh: keysOf().p256dh } }),
      'Subscription key auth is required',
    ],
  ])('%s: 400 with a clear message', async (_label, subscription, message) => {
    const response = await askToBeTold(ana, ids[1]!, subscription(), 'washer');
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(JSON.stringify(body)).toContain(message);
    expect(await alertCount(ids[1]!)).toBe(0);
  });

  it('a machine that is neither a washer nor a dryer: 400', async () => {
    const response = await askToBeTold(ana, ids[1]!, pushService.subscribe(), 'ironing-board');
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('Machine must be one of washer, dryer');
    expect(await alertCount(ids[1]!)).toBe(0);
  });

  it('nobody signed in: 401', async () => {
    const response = await askToBeTold(undefined, ids[1]!, pushService.subscribe(), 'washer');
    expect(response.status).toBe(401);
    expect(await alertCount(ids[1]!)).toBe(0);
  });

  it('an unknown laundromat: 404', async () => {
    const unknown = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';
    const response = await askToBeTold(ana, unknown, pushService.subscribe(), 'washer');
    expect(response.status).toBe(404);
    expect(await alertCount(unknown)).toBe(0);
  });
});

describe('an alert waits two hours', () => {
  it('is not sent once expired, and is purged', async () => {
    const laundromat = ids[2]!;
    const browser = pushService.subscribe();
    expect((await askToBeTold(dev, laundromat, browser, 'washer')).status).toBe(201);
    const alerts = createAlertRepository(availabilityDb(stack));
    const purge = purgeExpiredAlerts({ alerts, logger: createLogger('test', 'silent'), everyMs: 0 });
    const queued: unknown[] = [];
    const queue = { add: async (job: unknown) => void queued.push(job) } as never;
    const free = {
      washersFree: 2,
      washersTotal: 8,
      dryersFree: null,
      dryersTotal: null,
      updatedAt: new Date().toISOString(),
      source: 'visitors' as const,
    };
    const at = (ms: number) => () => new Date(Date.now() + ms);

    // Just before the two hours: still waiting, and a free washer would send it.
    expect(await purge.runOnce(new Date(Date.now() + 2 * HOUR - 60_000))).toBe(0);
    expect(await queueDueAlerts({ alerts, queue, now: at(2 * HOUR - 60_000) }, laundromat, free)).toBe(1);
    // Just after: a free washer sends nothing, and the purge deletes it.
    expect(await queueDueAlerts({ alerts, queue, now: at(2 * HOUR + 60_000) }, laundromat, free)).toBe(0);
    expect(await purge.runOnce(new Date(Date.now() + 2 * HOUR + 60_000))).toBe(1);
    expect(await alertCount(laundromat)).toBe(0);
  });
});

describe('an event that comes late', () => {
  it('says free after a newer state said full: nobody is told', async () => {
    const laundromat = ids[2]!;
    expect((await askToBeTold(eve, laundromat, pushService.subscribe(), 'washer')).status).toBe(201);
    expect((await report(stack, ana, laundromat, { kind: 'full' })).status).toBe(201);
    const alerts = createAlertRepository(availabilityDb(stack));
    const queued: unknown[] = [];
    const queue = { add: async (job: unknown) => void queued.push(job) } as never;
    const free = {
      washersFree: 2,
      washersTotal: 8,
      dryersFree: null,
      dryersTotal: null,
      updatedAt: new Date().toISOString(),
      source: 'visitors' as const,
    };
    const before = new Date(Date.now() - 60_000).toISOString();
    expect(await queueDueAlerts({ alerts, queue }, laundromat, free, before)).toBe(0);
    // The same 'free', as the newest state, is sent.
    const latest = new Date(Date.now() + 1000).toISOString();
    expect(await queueDueAlerts({ alerts, queue }, laundromat, free, latest)).toBe(1);
    await availabilityDb(stack).query('DELETE FROM availability_alerts WHERE laundromat_id = $1', [
      laundromat,
    ]);
  });
});

describe('an alert is personal data', () => {
  it('is in the export and deleted with the account', async () => {
    const fran = await signUp(stack.baseUrl);
    const browser = pushService.subscribe();
    expect((await askToBeTold(fran, ids[2]!, browser, 'dryer')).status).toBe(201);
    const archive = await client(stack, fran)('/api/me/export');
    expect(archive.status).toBe(200);
    const bytes = Buffer.from(await archive.arrayBuffer()).toString('latin1');
    expect(bytes).toContain('availability/availability-alerts.json');

    const deleted = await client(stack, fran)('/api/me', {
      method: 'DELETE',
      body: { password: 'correct horse battery' },
    });
    expect(deleted.status).toBeLessThan(300);
    await eventually(async () => (await alertCount(ids[2]!)) === 0);
  });
});
