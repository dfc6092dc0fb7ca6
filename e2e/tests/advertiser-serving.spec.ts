import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createProfile, expectNoHorizontalScroll, screenshot, signUp } from './advertiser-helpers.ts';
import { payOnTestCheckout, serveAndClickAnAd } from './billing-helpers.ts';

/** Each project's own place, so the two runs never compete for one laundromat's decisions. */
const places = {
  desktop: { latitude: -34.6037, longitude: -58.3816 },
  phone: { latitude: -1.2921, longitude: 36.8219 },
} as const;

test.describe('campaigns held back from serving', () => {
  test('when an advertiser without a card has used the trial credit, then the dashboard says so and links to the payment method; a saved card lifts it', async ({
    page,
    playwright,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signUp(page.request, 'serving');
    await createProfile(page.request);
    await page.goto('/advertiser/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('serving-held-notice')).toHaveCount(0);

    // One click at $5.00 on the home page (×1) uses the whole trial credit (AD_TRIAL_CREDIT, 5.00 by default);
    // a laundromat's page (×1.2, $6.00) would not be offered it at all.
    await serveAndClickAnAd(
      page,
      playwright,
      testInfo.project.use.baseURL,
      places[testInfo.project.name as keyof typeof places],
      `Trial towels ${randomUUID().slice(0, 6)}`,
      5,
      'home-page',
    );

    const notice = page.getByTestId('serving-held-notice');
    await expect(async () => {
      await page.goto('/advertiser/dashboard');
      await expect(notice).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(notice).toContainText('Your campaigns are not running');
    await expect(notice).toContainText(
      'Add a payment method to keep your ads running; your trial credit of $5.00 is used.',
    );
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'serving-trial-used');

    await notice.getByRole('link', { name: 'Add a payment method' }).click();
    await expect(page).toHaveURL(/\/advertiser\/settings#payment-method$/);
    await page.getByRole('button', { name: 'Add payment method' }).click();
    await payOnTestCheckout(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/advertiser\/settings\?payment-method=added/, { timeout: 15_000 });

    await expect(async () => {
      await page.goto('/advertiser/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 5_000 });
      await expect(notice).toHaveCount(0);
    }).toPass({ timeout: 30_000 });
  });
});
