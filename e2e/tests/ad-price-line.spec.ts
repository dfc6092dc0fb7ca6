import { expect, test } from '@playwright/test';
import {
  createCampaign,
  createProfile,
  expectNoHorizontalScroll,
  screenshot,
  signUp,
  toastText,
} from './advertiser-helpers.ts';

test.describe('prices told up front, edits that keep ads running', () => {
  test('when the budget and bid are set, then the form says the most the budget is charged and each placement’s price', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.goto('/campaigns/create');
    const price = page.getByTestId('price-line');
    // The advertiser's code, the profile and the prices load first: on a busy machine that takes seconds.
    await expect(price.getByTestId('price-budget')).toHaveText(
      'With the 15% platform fee, you may be charged up to $115.00 for a $100.00 budget.',
      { timeout: 20_000 },
    );
    const detail = price.getByTestId('price-laundromat-detail');
    await expect(detail).toContainText('Laundromat details');
    await expect(detail).toContainText('×1.2');
    await expect(detail).toContainText('$0.60');
    await expect(detail).toContainText('$0.69');
    await expect(price.getByTestId('price-home-sidebar')).toContainText('×1.0');

    await page.getByRole('spinbutton', { name: /Total budget/ }).fill('250');
    await page.getByRole('spinbutton', { name: /Cost per click/ }).fill('0.25');
    await expect(price.getByTestId('price-budget')).toContainText('up to $287.50 for a $250.00 budget');
    await expect(detail).toContainText('$0.30');
    await price.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'price-line');
  });

  test('when a campaign has ended, then the dashboard offers Duplicate, not Edit, and the copy opens as a draft', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    const { id, title } = await createCampaign(page.request, { status: 'active' });
    expect(
      (await page.request.post(`/api/campaigns/${id}/status`, { data: { status: 'ended' } })).status(),
    ).toBe(200);

    await page.goto('/advertiser/dashboard');
    const card = page.getByTestId('campaign-card').filter({ hasText: title });
    await expect(card.getByTestId('campaign-status')).toHaveText('Ended');
    await expect(card.getByRole('link', { name: `Edit ${title}` })).toHaveCount(0);
    await screenshot(page, 'ended-duplicate');
    await card.getByRole('button', { name: `Duplicate ${title}` }).click();

    await expect(toastText(page, 'Draft copy created')).toBeVisible();
    await page.waitForURL(
      (url) => /^\/campaigns\/[0-9a-f-]{36}\/edit$/.test(url.pathname) && !url.pathname.includes(id),
    );
    await expect(page.getByRole('textbox', { name: /Campaign title/ })).toHaveValue(title);
    await expect(page.getByTestId('campaign-status')).toHaveText('Draft');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();

    // The ended one itself: nothing can be typed while Save is off, and Duplicate is offered.
    await page.goto(`/campaigns/${id}/edit`);
    await expect(page.getByTestId('edit-locked')).toContainText('Duplicate it');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: /Campaign title/ })).toBeDisabled();
  });

  test('when an approved campaign’s title waits for review, then it shows one state with the reasons, and the change can be withdrawn', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    const { id, title } = await createCampaign(page.request, { status: 'active' });
    const changed = await page.request.put(`/api/campaigns/${id}`, {
      data: { title: 'Casino night at the laundromat', targetUrl: 'https://suds.example.test/offer' },
    });
    expect(changed.status(), await changed.text()).toBe(200);

    await page.goto('/advertiser/dashboard');
    const card = page.getByTestId('campaign-card').filter({ hasText: title });
    await expect(card.getByTestId('campaign-status')).toHaveText('Active · change in review');
    await expect(card.getByTestId('campaign-moderation')).toHaveCount(0);
    await expect(card.getByTestId('review-findings')).toContainText(
      'It contains “casino”, a term a person must check.',
    );
    await screenshot(page, 'change-in-review');

    await card.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('textbox', { name: /Campaign title/ })).toHaveValue(
      'Casino night at the laundromat',
    );
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    await page.getByRole('button', { name: 'Withdraw change' }).click();
    await expect(toastText(page, 'Change withdrawn')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Campaign title/ })).toHaveValue(title);
    await expect(page.getByTestId('campaign-status')).toHaveText('Active');
  });
});
