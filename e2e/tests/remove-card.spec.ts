import { expect, test } from '@playwright/test';
import {
  createProfile,
  expectNoHorizontalScroll,
  screenshot,
  signUp,
  toastText,
} from './advertiser-helpers.ts';
import { saveTestCard } from './billing-helpers.ts';

/**
 * Removing the saved card from the settings page: a confirmation that says what it stops, then the card is
 * gone, the section offers to add one again, and the ad service hears that there is no card any more.
 */
// The desktop project runs this spec; the phone's width is checked here too, as the buttons wrap there.
for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`when the advertiser removes their card after confirming, then the settings show none and ads run only on the trial credit (${size})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signUp(page.request, 'remove-card');
    await createProfile(page.request);
    await saveTestCard(page.request);

    await page.goto('/advertiser/settings#payment-method');
    const section = page.getByRole('region', { name: /Payment method/ });
    await expect(section.getByTestId('payment-method')).toContainText('Visa ending in 4242', {
      timeout: 15_000,
    });
    await section.getByRole('button', { name: 'Remove card' }).click();

    const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
    await expect(dialog).toContainText('Visa ending in 4242 will no longer be charged.');
    await expect(dialog).toContainText('only within what is left of your trial credit');
    await screenshot(page, `remove-card-${size}-confirm`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(section.getByTestId('payment-method')).toContainText('Visa ending in 4242');

    await section.getByRole('button', { name: 'Remove card' }).click();
    await dialog.getByRole('button', { name: 'Remove card' }).click();

    await expect(toastText(page, 'Your card has been removed.')).toBeVisible();
    await expect(section.getByText('No payment method yet.', { exact: false })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Add payment method' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Remove card' })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `remove-card-${size}-done`);
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get('/api/advertisers/me/serving')).json()) as {
              hasPaymentMethod: boolean;
            }
          ).hasPaymentMethod,
      )
      .toBe(false);
  });
}
