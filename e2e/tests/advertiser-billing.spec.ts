import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createProfile, expectNoHorizontalScroll, screenshot, signUp } from './advertiser-helpers.ts';
import {
  accountStatus,
  campaignStatus,
  closePeriodAsAdmin,
  payOnTestCheckout,
  serveAndClickAnAd,
  untilLatestInvoice,
  untilRevenueIs,
} from './billing-helpers.ts';

/**
 * Billing in test mode (no Stripe keys: the built-in test provider and its local checkout page), from the
 * settings page: a card added through checkout, an ad of the advertiser's served and clicked through the
 * real ad service, the period closed by the admin, and the statement paid, listed on the dashboard's
 * Payouts tab and in the settings' invoices with its PDF invoice; and a card that is declined on every try,
 * the campaigns paused until another card pays.
 */

/**
 * Each test and project serves its ad at a place of its own (other specs use Oslo, Melbourne, Lisbon and
 * Vienna), so runs side by side never serve each other's campaigns.
 */
const places = {
  paid: {
    desktop: { latitude: 35.6762, longitude: 139.6503 },
    phone: { latitude: -33.9249, longitude: 18.4241 },
  },
  declined: {
    desktop: { latitude: 19.4326, longitude: -99.1332 },
    phone: { latitude: 1.3521, longitude: 103.8198 },
  },
} as const;

type Project = keyof (typeof places)['paid'];

/**
 * One click bid at $9.50 on a laundromat's page, whose slot charges ×1.2 (impressions cost nothing here):
 * spend $11.40, fee 15% $1.71, charge $13.11.
 */
const revenue = 11.4;
const charge = '$13.11';

async function addCardThroughCheckout(page: Page, cardNumber: string, name: string) {
  await page.goto('/advertiser/settings');
  const section = page.getByRole('region', { name: /Payment method/ });
  // A full page load of the shell and the advertiser's module: slow on a busy machine.
  await expect(section.getByTestId('test-mode-badge')).toHaveText('Test mode', { timeout: 15_000 });
  await expect(section.getByText('No payment method yet.', { exact: false })).toBeVisible();
  await screenshot(page, `billing-${name}-no-card`);
  await section.getByRole('button', { name: 'Add payment method' }).click();

  await expect(page).toHaveURL(/\/api\/billing\/test-checkout\/cs_test_[0-9a-f]{32}$/);
  await expectNoHorizontalScroll(page);
  await screenshot(page, `billing-${name}-checkout`);
  await payOnTestCheckout(page, cardNumber);

  // Back on the settings page, at the payment method, the address cleaned of ?payment-method=added.
  await expect(page).toHaveURL(/\/advertiser\/settings#payment-method$/, { timeout: 15_000 });
  await expect(section.getByRole('status')).toHaveText('Your card has been saved.');
  await expect(section.getByTestId('payment-method')).toContainText(`Visa ending in ${cardNumber.slice(-4)}`);
  await expect(section.getByTestId('payment-method')).toContainText('Expires 12/2034');
  await expect(section.getByRole('button', { name: 'Replace card' })).toBeVisible();
  return section;
}

test.describe('billing in test mode', () => {
  test('when a card is added in test mode and a period is closed, then the statement is paid and its invoice downloads', async ({
    page,
    playwright,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signUp(page.request, 'billing');
    await createProfile(page.request);

    const section = await addCardThroughCheckout(page, '4242 4242 4242 4242', 'paid');
    await expect(section.getByTestId('billing-standing')).toHaveText(/In good standing/);
    // The card's explanation: a focusable button described by its tooltip.
    const about = section.getByRole('button', { name: 'About Payment method' });
    await about.focus();
    const tip = page.getByRole('tooltip', { name: /We charge this card for each statement/ });
    await expect(tip).toBeVisible();
    await expect(about).toHaveAttribute('aria-describedby', (await tip.getAttribute('id'))!);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'billing-paid-card-saved');
    await about.blur();

    await serveAndClickAnAd(
      page,
      playwright,
      testInfo.project.use.baseURL,
      places.paid[testInfo.project.name as Project],
      `Billed towels ${randomUUID().slice(0, 6)}`,
    );
    await untilRevenueIs(page.request, revenue);
    await closePeriodAsAdmin(playwright, testInfo.project.use.baseURL);

    // Charged at once after the close (the sweep runs every 2 s here): the Payouts tab lists the statement
    // as processed.
    await untilLatestInvoice(page.request, (invoice) => invoice.status === 'processed');
    await page.goto('/advertiser/dashboard');
    await page.getByRole('tab', { name: 'Payouts' }).click();
    const payouts = page.getByRole('tabpanel');
    await expect(payouts.getByTestId('test-mode-badge')).toBeVisible();
    await expect(payouts.getByRole('listitem').first()).toContainText('Processed');
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toContainText('$11.40');
    await expect(page.getByTestId('tile-revenue')).toContainText('$11.40');
    await expect(page.getByTestId('tile-revenue').getByTestId('test-mode-badge')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'billing-paid-payouts');
    // Every billing screen says so: the Analytics tab's revenue overview too, its figures explained.
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const overview = page.getByRole('region', { name: /Revenue overview/ });
    await expect(overview.getByTestId('test-mode-badge')).toBeVisible();
    await overview.getByRole('button', { name: 'About Processed payouts' }).hover();
    await expect(page.getByRole('tooltip', { name: /Statement charges paid/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Payouts' }).click();

    // The settings' invoices: the statement paid, with its numbered PDF invoice.
    await page.getByRole('link', { name: 'Invoices and payment method' }).click();
    const invoices = page.getByRole('region', { name: /Invoices/ });
    await expect(invoices.getByTestId('test-mode-badge')).toBeVisible();
    const row = invoices.getByTestId('invoice-row').first();
    await expect(row).toContainText(charge);
    await expect(row.getByTestId('invoice-status')).toHaveText('Paid');
    const link = row.getByRole('link', { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ });
    const number = (await link.textContent())!.trim();
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'billing-paid-invoices');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(number);
  });

  test('when the card saved is 4000 0000 0000 0002, then the charge is declined, the settings say when it is tried again, and after the last try the campaigns pause until another card pays', async ({
    page,
    playwright,
  }, testInfo) => {
    // The e2e server tries a declined charge again after 40 s and 5 s (playwright.config.ts).
    test.setTimeout(240_000);
    await signUp(page.request, 'billing-declined');
    await createProfile(page.request);

    await addCardThroughCheckout(page, '4000 0000 0000 0002', 'declined');
    const title = `Declined towels ${randomUUID().slice(0, 6)}`;
    const { campaignId } = await serveAndClickAnAd(
      page,
      playwright,
      testInfo.project.use.baseURL,
      places.declined[testInfo.project.name as Project],
      title,
    );
    await untilRevenueIs(page.request, revenue);
    await closePeriodAsAdmin(playwright, testInfo.project.use.baseURL);

    // The first charge is declined within seconds of the close; the next try is 40 s later. A page that
    // takes seconds to draw on a busy machine is opened once the decline is there, not reloaded until then.
    const standing = page.getByTestId('billing-standing');
    await untilLatestInvoice(page.request, (invoice) => invoice.lastDecline !== null);
    await page.goto('/advertiser/settings');
    await expect(standing).toHaveAttribute('data-standing', 'failing', { timeout: 15_000 });
    await expect(standing).toContainText('A charge was declined');
    await expect(standing).toContainText(`The charge of ${charge} for`);
    await expect(standing).toContainText('was declined: the card was declined.');
    await expect(standing).toContainText(/We will try again on \w{3} \d{1,2}, \d{4}\./);
    const invoices = page.getByRole('region', { name: /Invoices/ });
    const row = invoices.getByTestId('invoice-row').first();
    await expect(row.getByTestId('invoice-status')).toHaveText('Declined, retrying');
    await expect(row).toContainText('Once paid');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'billing-declined-settings');

    // Both retries declined: the account is suspended and the ad service pauses the campaign. The
    // dashboard, opened again as the advertiser would, says so and why, and where to fix it.
    // The ad service pauses the campaign on the billing service's event, a moment after the billing
    // service records the suspension: the dashboard is opened once both are so.
    const notice = page.getByTestId('billing-suspended-notice');
    const card = page.getByRole('tabpanel').getByRole('listitem', { name: title });
    await expect
      .poll(
        async () => `${await accountStatus(page.request)} ${await campaignStatus(page.request, campaignId)}`,
        { timeout: 120_000, intervals: [2_000] },
      )
      .toBe('suspended paused');
    await page.goto('/advertiser/dashboard');
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toHaveRole('alert');
    await expect(notice).toContainText('Your campaigns are paused');
    await expect(notice).toContainText('The charge for a statement was declined on every try.');
    await expect(notice).toContainText('Then activate your campaigns again on the Campaigns tab.');
    await expect(card.getByTestId('campaign-status')).toHaveText('Paused');
    await expect(card.getByRole('button', { name: `Activate: ${title}` })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'billing-paused-dashboard');

    await notice.getByRole('link', { name: 'Update payment method' }).click();
    await expect(page).toHaveURL(/\/advertiser\/settings#payment-method$/);
    await expect(standing).toHaveAttribute('data-standing', 'suspended');
    await expect(standing).toContainText('Your campaigns are paused');
    await expect(standing).toContainText(`The charge of ${charge} for`);
    await expect(standing).toContainText('failed on every try: the card was declined. Save a new card above');
    await expect(row.getByTestId('invoice-status')).toHaveText('Payment failed');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'billing-paused-settings');

    // What the notice says to do: another card pays the statement at once, and the campaign runs again
    // when the advertiser activates it.
    const section = page.getByRole('region', { name: /Payment method/ });
    await section.getByRole('button', { name: 'Replace card' }).click();
    await payOnTestCheckout(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/advertiser\/settings#payment-method$/, { timeout: 15_000 });
    await untilLatestInvoice(page.request, (invoice) => invoice.status === 'processed');
    await page.reload();
    await expect(row.getByTestId('invoice-status')).toHaveText('Paid', { timeout: 15_000 });
    await expect(standing).toHaveAttribute('data-standing', 'good');
    await page.goto('/advertiser/dashboard');
    await expect(card.getByTestId('campaign-status')).toHaveText('Paused');
    await expect(notice).toBeHidden();
    await card.getByRole('button', { name: `Activate: ${title}` }).click();
    await expect(card.getByTestId('campaign-status')).toHaveText('Active');
  });

  test('when the checkout page is given a number that is no test card, then it says which to use', async ({
    page,
  }) => {
    await signUp(page.request, 'billing-refused');
    await createProfile(page.request);
    await page.goto('/advertiser/settings');
    await page.getByRole('button', { name: 'Add payment method' }).click();

    await payOnTestCheckout(page, '4111 1111 1111 1111');

    await expect(page.getByRole('alert')).toHaveText(
      'In test mode use a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.',
    );
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('link', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { name: 'Ajouter une carte' })).toBeVisible();
    await page.getByRole('link', { name: 'Annuler et revenir aux réglages' }).click();
    await expect(page).toHaveURL(/\/advertiser\/settings#payment-method$/, { timeout: 15_000 });
    await expect(page.getByTestId('checkout-return')).toHaveText(
      'Adding a card was cancelled. Nothing was changed.',
    );
  });
});
