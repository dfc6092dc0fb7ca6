import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpThroughApi, toastText } from './finder-helpers.ts';
import { becomeOwner, laundromatWithWebsite, screenshot, screenshotAsPhone } from './owner-helpers.ts';
import { registerAndVerify } from './sign-up-helpers.ts';

/** One message of the laundromat's own system to the machine feed (docs/machine-feeds.md), with `key`. */
const sendMachines = (request: APIRequestContext, key: string) =>
  request.post('/api/feeds/machines', {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      machines: [
        { machineId: 'W1', type: 'washer', capacityKg: 8, status: 'available' },
        { machineId: 'W2', type: 'washer', capacityKg: 8, status: 'in_use', minutesRemaining: 23 },
        { machineId: 'D1', type: 'dryer', status: 'available' },
      ],
    },
  });

/** The secret in the 'shown once' box, with its warning. */
async function shownSecret(page: Page): Promise<string> {
  const box = page.getByTestId('feed-secret-box');
  await expect(box).toBeVisible();
  await expect(box).toContainText('you will not see it again');
  const secret = await box.getByTestId('feed-secret').inputValue();
  expect(secret).toMatch(/^lfk_/);
  return secret;
}

test("@phone when a verified owner connects the laundromat's machines, then a key's secret shows once, its messages make the feed live, a rotated or revoked key is refused, and visitors' broken machines are marked fixed", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const suffix = randomUUID().slice(0, 8);
  await registerAndVerify(page.request, {
    email: `machines-${suffix}@example.test`,
    password: 'correct horse battery',
  });
  const laundromat = await laundromatWithWebsite(page.request);
  // Before the claim, the page is only its owner's.
  await page.goto(`/advertiser/laundromats/${laundromat.id}/machines`);
  await expect(page.getByTestId('machines-refused')).toContainText(
    'Only the verified owner of this laundromat can manage its machines and live availability.',
  );
  await becomeOwner(page.request, laundromat.id, `machines-${suffix}@example.com`);

  // 'My laundromats' leads to the verified laundromat's machines.
  await page.goto('/advertiser/laundromats');
  await page.getByRole('link', { name: `Machines of ${laundromat.name}` }).click();
  await expect(page).toHaveURL(`/advertiser/laundromats/${laundromat.id}/machines`);
  await expect(
    page.getByRole('heading', { name: `Machines and live availability: ${laundromat.name}`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByTestId('feed-state-badge')).toHaveText('Not connected');
  await expect(page.getByTestId('feed-keys-empty')).toBeVisible();
  await expect(page.getByTestId('out-of-order-none')).toBeVisible();

  // A key with a label: its secret is shown once, with how to use it.
  await page.getByTestId('feed-create').click();
  const create = page.getByRole('dialog', { name: 'Create a feed key' });
  await create.getByLabel('Label (optional)').fill('Payment system');
  await create.getByRole('button', { name: 'Create key' }).click();
  await expect(create).toBeHidden();
  const first = await shownSecret(page);
  await expect(page.getByTestId('feed-example')).toContainText('/api/feeds/machines');
  await expect(page.getByTestId('feed-example')).toContainText('Authorization: Bearer');
  const rows = page.getByTestId('feed-key');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('feed-key-state')).toHaveText('Not used yet');
  await screenshot(page, 'owner-machines-new-key');
  await screenshotAsPhone(page, 'owner-machines-new-key');

  // The laundromat's system sends its machines with it: the feed is live, with the last message's time.
  const sent = await sendMachines(page.request, first);
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { laundromatId: string }).laundromatId).toBe(laundromat.id);
  await page.getByRole('button', { name: 'I have saved the key' }).click();
  await expect(page.getByTestId('feed-secret-box')).toHaveCount(0);
  await page.getByTestId('feed-check').click();
  await expect(page.getByTestId('feed-state-badge')).toHaveText('Live');
  const last = page.getByTestId('feed-last-message');
  const lastAt = await last.getAttribute('datetime');
  expect(lastAt).not.toBeNull();
  const expected = await page.evaluate(
    (iso) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    lastAt!,
  );
  await expect(last).toHaveText(`Last message ${expected}`);
  await expect(rows.first().getByTestId('feed-key-state')).toHaveText('Receiving');
  await expect(rows.first().getByTestId('feed-key-last')).toHaveText(expected);
  // Opened again, the secret is nowhere on the page.
  await page.reload();
  await expect(page.getByTestId('feed-state-badge')).toHaveText('Live');
  expect(await page.content()).not.toContain(first);
  await screenshot(page, 'owner-machines-live');
  await screenshotAsPhone(page, 'owner-machines-live');
  // Nothing wider than a phone's screen.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (size) await page.setViewportSize(size);

  // Rotate, after a confirmation: a new secret; the old key keeps working for its hour of overlap.
  await rows.first().getByRole('button', { name: 'Rotate Payment system' }).click();
  const rotateDialog = page.getByRole('dialog', { name: 'Rotate Payment system?' });
  await expect(rotateDialog).toContainText('60 minutes');
  await screenshot(page, 'owner-machines-rotate');
  await rotateDialog.getByRole('button', { name: 'Rotate key' }).click();
  const second = await shownSecret(page);
  expect(second).not.toBe(first);
  await expect(page.getByTestId('feed-secret-replaces')).toContainText('keeps working until');
  expect((await sendMachines(page.request, second)).status()).toBe(200);
  expect((await sendMachines(page.request, first)).status(), 'the overlap').toBe(200);
  await expect(rows).toHaveCount(2);
  const ending = page.locator('[data-testid="feed-key"][data-state="ending"]');
  await expect(ending.getByTestId('feed-key-state')).toHaveText(/^Works until /);
  await expect(ending.getByRole('button', { name: /^Rotate/ })).toHaveCount(0);

  // Revoke the old key, after a confirmation: the feed refuses it at once; the new one still works.
  await ending.getByRole('button', { name: 'Revoke Payment system' }).click();
  const revokeDialog = page.getByRole('dialog', { name: 'Revoke Payment system?' });
  await expect(revokeDialog).toContainText('stops working at once');
  await revokeDialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(toastText(page, 'Key revoked')).toBeVisible();
  expect((await sendMachines(page.request, first)).status(), 'the old key').toBe(401);
  expect((await sendMachines(page.request, second)).status()).toBe(200);
  await expect(page.locator('[data-testid="feed-key"][data-state="revoked"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'I have saved the key' }).click();
  await screenshot(page, 'owner-machines-rotated');
  await screenshotAsPhone(page, 'owner-machines-rotated');

  // Revoke the new key too: nothing the laundromat's system sends is taken any more.
  const current = page.locator('[data-testid="feed-key"][data-state="receiving"]');
  await current.getByRole('button', { name: 'Revoke Payment system' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke Payment system?' })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(page.locator('[data-testid="feed-key"][data-state="revoked"]')).toHaveCount(2);
  expect((await sendMachines(page.request, second)).status(), 'the revoked key').toBe(401);
  await expect(page.getByRole('button', { name: /^(Rotate|Revoke) / })).toHaveCount(0);

  // A visitor reports broken machines: the owner sees them and marks them fixed.
  const visitor = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  await signUpThroughApi(visitor, 'machines-visitor');
  const reported = await visitor.post(`/api/laundromats/${laundromat.id}/availability/reports`, {
    data: { washers: { free: 1, total: 6 }, outOfOrderWashers: 2, outOfOrderDryers: 1 },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  await visitor.dispose();
  await page.reload();
  const broken = page.getByTestId('out-of-order');
  await expect(broken.getByTestId('out-of-order-washers')).toHaveText('2');
  await expect(broken.getByTestId('out-of-order-dryers')).toHaveText('1');
  await expect(broken).toContainText('Visitors reported these machines out of order on');
  await screenshot(page, 'owner-machines-out-of-order');
  await screenshotAsPhone(page, 'owner-machines-out-of-order');
  await broken.getByRole('button', { name: 'Mark fixed' }).click();
  await expect(toastText(page, 'Marked fixed')).toBeVisible();
  await expect(broken.getByTestId('out-of-order-none')).toBeVisible();
  const after = await page.request.get(`/api/owner/laundromats/${laundromat.id}/out-of-order`);
  expect(((await after.json()) as { current: unknown }).current).toBeNull();
});
