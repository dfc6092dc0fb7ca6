import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerAndVerify } from './sign-up-helpers.ts';
import { signInAsAdmin } from './admin-helpers.ts';
import { toastText } from './finder-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png`, fullPage: true });

/** A listed laundromat of this test's own, submitted by `request`'s user and approved by the admin. */
async function listedLaundromat(request: APIRequestContext, admin: APIRequestContext, name: string) {
  const created = await request.post('/api/laundromats', {
    data: {
      name,
      address: '9 Quay Street',
      city: 'Reykjavik',
      country: 'Iceland',
      latitude: Number((64.15 + Math.random() * 0.02).toFixed(5)),
      longitude: Number((-21.95 + Math.random() * 0.04).toFixed(5)),
      currency: 'ISK',
      numWashers: 8,
      numDryers: 4,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const approved = await admin.post(`/api/laundromats/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

test.describe('Out-of-order machines in the admin console', () => {
  test('when a visitor reports broken machines, then the admin sees them and marks them fixed', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page.request);
    await registerAndVerify(request, {
      email: `broken-reporter-${randomUUID()}@example.test`,
      password: 'correct horse battery',
    });
    const name = `Broken Drum ${randomUUID().slice(0, 8)}`;
    const id = await listedLaundromat(request, page.request, name);
    const reported = await request.post(`/api/laundromats/${id}/availability/reports`, {
      data: { washers: { free: 1, total: 8 }, outOfOrderWashers: 2, outOfOrderDryers: 1 },
    });
    expect(reported.status(), await reported.text()).toBe(201);

    await page.goto('/admin/laundromats');
    const section = page.getByTestId('out-of-order');
    await expect(section.getByRole('heading', { name: 'Machines reported out of order' })).toBeVisible();
    const entry = section.locator(`[data-laundromat-id="${id}"]`);
    await expect(entry.getByRole('heading', { name })).toBeVisible();
    await expect(entry.getByTestId('out-of-order-washers')).toHaveText('2');
    await expect(entry.getByTestId('out-of-order-dryers')).toHaveText('1');
    await screenshot(page, 'admin-out-of-order');

    await entry.getByRole('button', { name: 'Mark fixed' }).click();
    await expect(toastText(page, 'Marked fixed')).toBeVisible();
    await expect(entry).toHaveCount(0);
    const detail = await page.request.get(`/api/laundromats/${id}/availability`);
    expect(((await detail.json()) as { outOfOrder: unknown }).outOfOrder).toBeNull();
  });
});
