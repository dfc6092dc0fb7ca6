import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerAndVerify } from './sign-up-helpers.ts';
import { signInAsAdmin } from './admin-helpers.ts';

/** A listed laundromat of this test's own, far from the other fixtures, with 12 washers and 6 dryers. */
async function listedLaundromat(request: APIRequestContext, admin: APIRequestContext, name: string) {
  await registerAndVerify(request, {
    email: `alert-owner-${randomUUID()}@example.test`,
    password: 'correct horse battery',
  });
  const created = await request.post('/api/laundromats', {
    data: {
      name,
      address: '7 Fjord Road',
      city: 'Tromsø',
      country: 'Norway',
      latitude: Number((69.64 + Math.random() * 0.02).toFixed(5)),
      longitude: Number((18.9 + Math.random() * 0.04).toFixed(5)),
      currency: 'NOK',
      openingHours: 'Mo-Su 00:00-24:00',
      numWashers: 12,
      numDryers: 6,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const approved = await admin.post(`/api/laundromats/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

test.describe('Tell me when a washer is free', () => {
  // The subscription is made through the product's own service worker.
  test.use({ serviceWorkers: 'allow' });

  test('when the live state says full, then a signed-in visitor can ask to be told, and cancel the alert', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const admin = await browser.newContext();
    await signInAsAdmin(admin.request);
    const name = `Fjord Wash ${randomUUID().slice(0, 8)}`;
    const id = await listedLaundromat(request, admin.request, name);
    // Someone there says it is full.
    const reporter = await browser.newContext();
    await registerAndVerify(reporter.request, {
      email: `alert-reporter-${randomUUID()}@example.test`,
      password: 'correct horse battery',
    });
    const full = await reporter.request.post(`/api/laundromats/${id}/availability/reports`, {
      data: { kind: 'full' },
    });
    expect(full.status(), await full.text()).toBe(201);
    await Promise.all([admin.close(), reporter.close()]);

    // Chromium subscribes only through a real push service: the subscription is made up here, after the
    // page asked for the server's key (the availability service's API test delivers to a stand-in).
    await page.context().grantPermissions(['notifications']);
    await page.addInitScript(() => {
      const point = new Uint8Array(65);
      point[0] = 4;
      const b64 = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const subscription = {
        endpoint: 'https://push.example.test/subscriptions/e2e',
        toJSON: () => ({
          endpoint: 'https://push.example.test/subscriptions/e2e',
          expirationTime: null,
          keys: { p256dh: b64(point), auth: b64(new Uint8Array(16)) },
        }),
      };
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        if (!(key instanceof Uint8Array) || key.length !== 65) throw new Error('not a VAPID public key');
        return subscription as unknown as PushSubscription;
      };
    });
    await registerAndVerify(page.request, {
      email: `alert-visitor-${randomUUID()}@example.test`,
      password: 'correct horse battery',
    });
    await page.goto(`/?l=${id}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const detail = page.getByRole('dialog', { name });
    const ask = detail.getByRole('button', { name: 'Tell me when a washer is free' });
    await expect(ask).toBeVisible({ timeout: 30_000 });
    const stored = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/laundromats/${id}/availability/alerts`) &&
        response.request().method() === 'POST',
    );
    await ask.click();
    const response = await stored;
    expect(response.status(), await response.text()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      machine: 'washer',
      language: 'en',
      subscription: { endpoint: 'https://push.example.test/subscriptions/e2e' },
    });
    await expect(detail.getByText("You'll be told when a washer is free")).toBeVisible();

    // Changed plans: 'Cancel alert' takes it back, and the first button is offered again.
    const cancelled = page.waitForResponse(
      (response) =>
        response.url().includes(`/api/laundromats/${id}/availability/alerts/`) &&
        response.request().method() === 'DELETE',
    );
    await detail.getByRole('button', { name: 'Cancel alert' }).click();
    expect((await cancelled).status()).toBe(204);
    await expect(detail.getByRole('button', { name: 'Tell me when a washer is free' })).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Cancel alert' })).toHaveCount(0);
  });
});
