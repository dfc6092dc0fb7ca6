import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerAndVerify } from './sign-up-helpers.ts';
import { signInAsAdmin } from './admin-helpers.ts';
import { screenshot, toastText } from './finder-helpers.ts';

/** A laundromat of its own for this test: submitted by a fresh account, approved by the admin. */
async function listedLaundromat(submitter: APIRequestContext, admin: APIRequestContext, name: string) {
  await registerAndVerify(submitter, {
    email: `suggest-owner-${randomUUID()}@example.test`,
    password: 'correct horse battery',
  });
  const created = await submitter.post('/api/laundromats', {
    data: {
      name,
      address: '3 Fjord Street',
      city: 'Reykjavik',
      country: 'Iceland',
      latitude: 64.1466,
      longitude: -21.9426,
      currency: 'ISK',
      openingHours: 'Mo-Su 08:00-20:00',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const approved = await admin.post(`/api/laundromats/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

test.describe('Suggest an edit', () => {
  test('when a person suggests new hours and an admin approves them, then the detail shows them and the person is told', async ({
    page,
    browser,
    request,
  }) => {
    // Three accounts, two browsers and a decision: more than the default half-minute on a busy machine.
    test.setTimeout(90_000);
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInAsAdmin(adminPage.request);
    const name = `Fjord Wash ${randomUUID().slice(0, 8)}`;
    const id = await listedLaundromat(request, adminPage.request, name);

    // The person, signed in, opens the laundromat and suggests the hours on its door.
    const email = `suggest-${randomUUID()}@example.test`;
    await registerAndVerify(page.request, { email, password: 'correct horse battery' });
    await page.goto(`/?l=${id}`);
    const detail = page.getByRole('dialog', { name });
    await detail.getByRole('button', { name: 'Suggest an edit' }).click();
    const form = page.getByRole('dialog', { name: `Suggest an edit: ${name}` });
    await expect(form.getByLabel('What is wrong?')).toHaveValue('hours');
    await expect(form.getByText('Mo-Su 08:00-20:00')).toBeVisible();
    const hours = form.getByRole('textbox', { name: 'Opening hours (OpenStreetMap format)' });
    await hours.fill('Mo-Su 08:00-20:00');
    await form.getByRole('button', { name: 'Send suggestion' }).click();
    await expect(form.getByRole('alert')).toHaveText('Change at least one value first.');
    await hours.fill('Mo-Su 07:00-23:00');
    await form.getByLabel('Note for the reviewer (optional)').fill('New times on the door since Monday');
    await screenshot(page, 'suggest-edit-form');
    await form.getByRole('button', { name: 'Send suggestion' }).click();
    await expect(toastText(page, 'Thank you! Your suggestion is waiting for an admin.')).toBeVisible();

    // The admin sees the change with its diff in the console's queue and approves it.
    await adminPage.goto('/admin/suggestions');
    const card = adminPage.getByTestId('suggestion').filter({ hasText: name });
    // The console loads its remote and the queue first; a busy machine takes its time.
    await expect(card.getByTestId('suggestion-diff')).toContainText('Mo-Su 08:00-20:00', { timeout: 20_000 });
    await expect(card.getByTestId('suggestion-diff')).toContainText('Mo-Su 07:00-23:00');
    await expect(card).toContainText('New times on the door since Monday');
    await screenshot(adminPage, 'suggestions-queue');
    await card.getByRole('button', { name: 'Approve' }).click();
    const confirm = adminPage.getByRole('dialog', { name: `Approve the edit of “${name}”` });
    await confirm.getByRole('textbox').fill('Matches the photo of the door');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(toastText(adminPage, 'Edit approved and applied')).toBeVisible();
    await expect(card).toHaveCount(0);
    await adminContext.close();

    // The detail shows the new hours, and the person finds the outcome on their account page and in the mail.
    await page.goto(`/?l=${id}`);
    await expect(page.getByRole('dialog', { name })).toContainText(/11:00\sPM/, { timeout: 15_000 });
    // Its history says what changed, from what to what, and that a visitor suggested it.
    const history = page.getByRole('dialog', { name }).getByTestId('history');
    await history.getByText('History', { exact: true }).click();
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem')).toContainText('Suggested by a visitor');
    await expect(history.getByRole('listitem')).toContainText('Hours: Mo-Su 08:00-20:00 → Mo-Su 07:00-23:00');
    await screenshot(page, 'laundromat-history');
    await page.goto('/account');
    const outcome = page.getByTestId('own-suggestion').filter({ hasText: name });
    await expect(outcome).toContainText('Approved');
    await expect(outcome).toContainText('Matches the photo of the door');
    await screenshot(page, 'account-suggestions');
    await expect(async () => {
      const outbox = await page.request.get(`/dev/mail?to=${encodeURIComponent(email)}`);
      expect(await outbox.text()).toContain('Your suggested edit was approved');
    }).toPass({ timeout: 15_000 });
  });
});

test('when a person on a phone moves the pin, then the form shows the map, the coordinates and how far it moves @phone-only', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  const adminContext = await browser.newContext();
  await signInAsAdmin(adminContext.request);
  const name = `Harbour Wash ${randomUUID().slice(0, 8)}`;
  const id = await listedLaundromat(request, adminContext.request, name);
  await adminContext.close();
  await registerAndVerify(page.request, {
    email: `suggest-phone-${randomUUID()}@example.test`,
    password: 'correct horse battery',
  });
  await page.goto(`/?l=${id}`);
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'Suggest an edit' }).click();
  const form = page.getByRole('dialog', { name: `Suggest an edit: ${name}` });
  await form.getByLabel('What is wrong?').selectOption('location');
  await expect(form.getByRole('region', { name: /Map/ })).toBeVisible();
  await form.getByRole('textbox', { name: 'Latitude' }).fill('64.1476');
  await expect(form.getByRole('status').filter({ hasText: 'The pin moves' })).toContainText('111 m');
  await form.getByRole('textbox', { name: 'Latitude' }).fill('0');
  await form.getByRole('textbox', { name: 'Longitude' }).fill('0');
  await form.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(form.getByText('The pin is at 0, 0, in the ocean')).toBeVisible();
  await screenshot(page, 'suggest-edit-pin');
});
