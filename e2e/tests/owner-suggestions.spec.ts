import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './finder-helpers.ts';
import { becomeOwner, laundromatWithWebsite, screenshot, screenshotAsPhone } from './owner-helpers.ts';
import { registerAndVerify } from './sign-up-helpers.ts';

test("when people suggest edits of an owner's laundromat, then the owner sees each as now → suggested, rejects one with a reason, accepts another that the finder then shows, and can turn off these mails", async ({
  page,
  playwright,
  baseURL,
}) => {
  const suffix = randomUUID().slice(0, 8);
  await registerAndVerify(page.request, {
    email: `suggested-${suffix}@example.test`,
    password: 'correct horse battery',
  });
  const laundromat = await laundromatWithWebsite(page.request);
  await becomeOwner(page.request, laundromat.id, `suggested-${suffix}@example.com`);

  // Someone else, signed in, suggests new hours and a new price.
  const person = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  await signUpThroughApi(person, 'suggester');
  const suggest = async (data: object) => {
    const response = await person.post(`/api/laundromats/${laundromat.id}/suggestions`, { data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const hoursId = await suggest({
    kind: 'hours',
    openingHours: 'Mo-Fr 07:00-22:00; Sa-Su 09:00-18:00',
    note: `Open longer since spring ${suffix}`,
  });
  const price = 9.85;
  const priceId = await suggest({ kind: 'prices', prices: { washPriceSmall: price } });
  await person.dispose();
  const before = (await (await page.request.get(`/api/laundromats/${laundromat.id}`)).json()) as {
    currency: string;
  };

  // 'My laundromats' leads to them, with how many wait.
  await page.goto('/advertiser/laundromats');
  const link = page.getByTestId('owned-suggestions');
  await expect(link).toBeVisible();
  await expect(page.getByTestId('owned-suggestions-count')).toHaveText(/^[1-9]\d*$/);
  await screenshotAsPhone(page, 'owner-suggestions-link');
  await link.click();
  await expect(page).toHaveURL('/advertiser/suggestions');
  await expect(page.getByRole('heading', { name: 'Suggested edits', level: 1 })).toBeVisible();

  const hours = page.locator(`[data-suggestion-id="${hoursId}"]`);
  const prices = page.locator(`[data-suggestion-id="${priceId}"]`);
  await expect(hours).toContainText(laundromat.name);
  await expect(hours).toContainText('Suggested by 1 person on');
  await expect(hours.getByTestId('suggestion-changes')).toContainText('Opening hours');
  await expect(hours.getByTestId('suggestion-changes')).toContainText('Monday – Friday 07:00 – 22:00');
  await expect(hours.getByTestId('suggestion-changes')).toContainText('Saturday – Sunday 09:00 – 18:00');
  await expect(hours).toContainText(`Open longer since spring ${suffix}`);
  await expect(hours.getByTestId('suggestion-window')).toContainText('days left');
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: before.currency }).format(price);
  await expect(prices.getByTestId('suggestion-changes')).toContainText('Wash, small machine');
  await expect(prices.getByTestId('suggestion-changes')).toContainText(money);
  await hours.scrollIntoViewIfNeeded();
  await screenshot(page, 'owner-suggestions');
  await screenshotAsPhone(page, 'owner-suggestions');
  // Nothing wider than a phone's screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Reject the hours: a reason is asked for, and required.
  await hours.getByRole('button', { name: /^Reject/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject this edit' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('A reason for the rejection is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('We close at 20:00 on weekdays, the listing is right.');
  await screenshot(page, 'owner-suggestion-reject');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(hours.getByTestId('suggestion-outcome')).toContainText('Rejected');

  // Accept the price: the finder's detail has it at once.
  await prices.getByRole('button', { name: /^Accept/ }).click();
  await expect(prices.getByTestId('suggestion-outcome')).toContainText('Accepted');
  await expect(page.getByTestId('suggestions-waiting')).toHaveText(/answered|waiting/);
  await screenshot(page, 'owner-suggestions-decided');
  await screenshotAsPhone(page, 'owner-suggestions-decided');
  const after = (await (await page.request.get(`/api/laundromats/${laundromat.id}`)).json()) as {
    washPriceSmall: number;
    openingHours: string | null;
  };
  expect(after.washPriceSmall).toBe(price);
  expect(after.openingHours).not.toBe('Mo-Fr 07:00-22:00; Sa-Su 09:00-18:00');
  const waiting = (await (await page.request.get('/api/owner/suggestions')).json()) as {
    items: { id: string }[];
  };
  expect(waiting.items.map((item) => item.id)).not.toContain(hoursId);
  expect(waiting.items.map((item) => item.id)).not.toContain(priceId);

  // Settings: the 'Suggested edits' mails off, saved as it is flipped and still off after a reload.
  await page.goto('/advertiser/settings');
  const mails = page.getByRole('switch', { name: 'Suggested edits' });
  await expect(mails).toBeChecked();
  await expect(page.getByRole('switch', { name: 'New reviews' })).toBeChecked();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/me/notifications') && response.request().method() === 'PUT',
  );
  await mails.click();
  await expect(mails).not.toBeChecked();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Suggested edits' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'New reviews' })).toBeChecked();
  await page.getByTestId('notification-switches').scrollIntoViewIfNeeded();
  await screenshot(page, 'owner-notifications');
  await screenshotAsPhone(page, 'owner-notifications');
  const preferences = (await (await page.request.get('/api/me/notifications')).json()) as {
    preferences: Record<string, boolean>;
  };
  expect(preferences.preferences['owner.suggestion']).toBe(false);
  expect(preferences.preferences['owner.review']).toBe(true);

  // The finder's account page holds a reviewer's own mail: the owner's answer to their review.
  await page.goto('/account');
  await expect(page.getByRole('switch', { name: 'Owner replies to my reviews' })).toBeChecked();
  await page.getByTestId('account-notifications').scrollIntoViewIfNeeded();
  await screenshot(page, 'account-notifications');
  await screenshotAsPhone(page, 'account-notifications');
});
