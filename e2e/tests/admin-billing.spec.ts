import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createProfile, expectNoHorizontalScroll, signUp, toastText } from './advertiser-helpers.ts';
import { saveTestCard, serveAndClickAnAd, untilRevenueIs } from './billing-helpers.ts';
import { signInAsAdmin } from './admin-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png`, fullPage: true });

/**
 * Each project serves its ad at a place no other spec uses (see advertiser-billing.spec.ts), so a campaign
 * left active by another journey never wins this one's decision.
 */
const places = {
  desktop: { latitude: 37.5665, longitude: 126.978 },
  phone: { latitude: 30.0444, longitude: 31.2357 },
} as const;

/** The refund journey's own places, apart from the one above and from every other spec's. */
const refundPlaces = {
  desktop: { latitude: 41.0082, longitude: 28.9784 },
  phone: { latitude: 19.076, longitude: 72.8777 },
} as const;

/**
 * The admin console's Billing section. Closing the period here is what tests/advertiser-billing.spec.ts
 * does through the API too: it makes statements for every advertiser with unbilled events, and those
 * journeys close their own period after their events, so one close more changes none of their figures.
 */
test.describe('billing in the admin console', () => {
  test('when an admin closes the period, then the statement is listed with its charge, its declined charge can be retried, and a credit given with a reason is in the audit log @phone', async ({
    page,
    playwright,
  }, testInfo) => {
    test.setTimeout(150_000);
    // An advertiser whose card is declined on every try, with one click billed through the real ad service.
    await signUp(page.request, 'admin-billing');
    await createProfile(page.request);
    const legalName = `Foam & Fold ${randomUUID().slice(0, 6)}`;
    const details = await page.request.put('/api/billing/details', {
      data: { legalName, addressLine1: '1 Main Street', city: 'Springfield', country: 'US' },
    });
    expect(details.status(), await details.text()).toBe(200);
    await saveTestCard(page.request, '4000 0000 0000 0002');
    await serveAndClickAnAd(
      page,
      playwright,
      testInfo.project.use.baseURL,
      places[testInfo.project.name as keyof typeof places],
      `Billed in the console ${randomUUID().slice(0, 6)}`,
    );
    // One click at $9.50 on a laundromat's page (×1.2): spend $11.40, fee 15% $1.71, charged $13.11.
    await untilRevenueIs(page.request, 11.4);

    await signInAsAdmin(page.request);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Billing' })
      .click();
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Statements', exact: true })).toBeVisible();

    // Close the period: the dialog says what it does before anything happens.
    await page.getByRole('button', { name: 'Close the period now' }).click();
    const closeDialog = page.getByRole('dialog', { name: 'Close the billing period now?' });
    await expect(closeDialog).toContainText('every advertiser with impressions or clicks not yet billed');
    await closeDialog.getByRole('button', { name: 'Close the period' }).click();
    await expect(page.getByText(/^Period closed: \d+ statements? made$/).first()).toBeVisible();
    await expect(closeDialog).toBeHidden();

    const statement = page.getByTestId('billing-statement').filter({ hasText: legalName });
    await expect(statement).toBeVisible();
    await expect(statement.getByTestId('statement-charge')).toHaveText('$13.11');

    // Its first charge is declined at once (the sweep runs every 2 s here); the next try is 40 s away.
    const failed = page.getByTestId('failed-charge').filter({ hasText: legalName });
    await expect(async () => {
      await page.reload();
      await expect(failed).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(failed).toContainText('Your card was declined. (card_declined)');
    await expect(failed).toContainText('$13.11');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-billing');
    await failed.getByRole('button', { name: `Retry the charge of ${legalName} now` }).click();
    await expect(toastText(page, 'The charge is being tried again')).toBeVisible();

    // Filter by state: the declined statement is not paid.
    await page.getByRole('group', { name: 'Charge state' }).getByRole('button', { name: 'Paid' }).click();
    await expect(page.getByRole('button', { name: 'Paid', pressed: true })).toBeVisible();
    await expect(page.getByTestId('billing-statement').filter({ hasText: legalName })).toHaveCount(0);
    await page.getByRole('group', { name: 'Charge state' }).getByRole('button', { name: 'All' }).click();

    // Give the click's cost back from the statement's ad events, with a reason.
    await statement.getByRole('button', { name: `Ad events of the statement of ${legalName}` }).click();
    const events = page.getByRole('dialog', { name: `Ad events of ${legalName}` });
    const click = events.getByTestId('billing-entry').filter({ hasText: 'Click' });
    await expect(click).toContainText('$11.40');
    await screenshot(page, 'admin-billing-events');
    await click.getByRole('button', { name: 'Give back' }).click();
    const credit = page.getByRole('dialog', { name: "Give an ad event's cost back" });
    await expect(credit.getByLabel('Ad event id')).toHaveValue(/^[0-9a-f-]{36}$/);
    const adEventId = await credit.getByLabel('Ad event id').inputValue();
    await credit.getByRole('button', { name: 'Give the credit' }).click();
    await expect(credit.getByText('Say why the cost is given back.')).toBeVisible();
    const reason = `Repeated clicks from one address ${randomUUID().slice(0, 6)}`;
    await credit.getByLabel('Reason').fill(reason);
    await credit.getByRole('button', { name: 'Give the credit' }).click();
    await expect(toastText(page, 'Credit given')).toBeVisible();
    await expect(credit).toBeHidden();

    // The audit log has the close, the retry and the credit, the credit with its reason.
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    const entry = page.getByTestId('audit-entry').and(page.locator('[data-action="billing.credit"]')).first();
    await expect(async () => {
      await page.getByRole('searchbox', { name: 'Search' }).fill('billing.credit');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(entry).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await entry.getByRole('button', { name: 'Details' }).click();
    await expect(page.getByText(reason, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(adEventId, { exact: false }).first()).toBeVisible();
    await screenshot(page, 'admin-billing-audit');
  });

  test('when an admin refunds part of a paid statement, then its credit note downloads, for the advertiser too; and an edit of the ad shows what changed in moderation @phone', async ({
    page,
    playwright,
  }, testInfo) => {
    test.setTimeout(150_000);
    // An advertiser whose 4242 card pays, with one click billed through the real ad service.
    const email = await signUp(page.request, 'admin-refund');
    await createProfile(page.request);
    const legalName = `Rinse & Repeat ${randomUUID().slice(0, 6)}`;
    const details = await page.request.put('/api/billing/details', {
      data: { legalName, addressLine1: '2 Main Street', city: 'Springfield', country: 'US' },
    });
    expect(details.status(), await details.text()).toBe(200);
    await saveTestCard(page.request, '4242 4242 4242 4242');
    const title = `Refunded in the console ${randomUUID().slice(0, 6)}`;
    const { campaignId } = await serveAndClickAnAd(
      page,
      playwright,
      testInfo.project.use.baseURL,
      refundPlaces[testInfo.project.name as keyof typeof refundPlaces],
      title,
    );
    await untilRevenueIs(page.request, 11.4);
    // The advertiser then edits the approved ad: a title a person must check, and a new description.
    const approved = (await (await page.request.get(`/api/campaigns/${campaignId}`)).json()) as Record<
      string,
      unknown
    >;
    const newTitle = `Casino ${title}`;
    const edited = await page.request.put(`/api/campaigns/${campaignId}`, {
      data: {
        ...Object.fromEntries(
          [
            'targetUrl',
            'totalBudget',
            'dailyBudget',
            'costPerClick',
            'targetLatitude',
            'targetLongitude',
            'radiusKm',
          ].map((key) => [key, approved[key]]),
        ),
        title: newTitle,
        description: 'Spin to win between cycles.',
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    await signInAsAdmin(page.request);
    expect((await page.request.post('/api/admin/billing/close-period')).status()).toBe(200);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Billing' })
      .click();
    await page.getByRole('group', { name: 'Charge state' }).getByRole('button', { name: 'Paid' }).click();
    const statement = page.getByTestId('billing-statement').filter({ hasText: legalName });
    // Charged at once by the test provider (the sweep runs every 2 s here).
    await expect(async () => {
      await page.reload();
      await expect(statement).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(statement.getByTestId('statement-charge')).toHaveText('$13.11');

    // Refund $5 of the $13.11: more than is left is caught by the form, then the reason is asked for.
    await statement.getByRole('button', { name: `Refund the statement of ${legalName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund ${legalName}` });
    await expect(dialog).toContainText('Left to refund: $13.11');
    await dialog.getByLabel('Amount (USD)').fill('13.12');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog.getByText('At most $13.11 is left to refund.')).toBeVisible();
    await expect(dialog.getByText('Say why the money is given back.')).toBeVisible();
    await dialog.getByLabel('Amount (USD)').fill('5');
    await dialog.getByLabel('Reason').fill('The ad ran on a closed laundromat');
    await screenshot(page, 'admin-billing-refund');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByText(/^Refunded: credit note CN-\d{4}-\d{6}$/).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(statement.getByTestId('statement-refunded')).toHaveText('$5.00');
    const link = statement.getByTestId('credit-note-link');
    await expect(link).toHaveText(/^CN-\d{4}-\d{6}$/);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-billing-refunded');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${await link.textContent()}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The edit waits in moderation, showing each changed field with its approved and its new value.
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Moderation' })
      .click();
    const item = page.getByTestId('moderation-item').filter({ hasText: newTitle });
    await expect(item).toBeVisible({ timeout: 15_000 });
    const changes = item.getByTestId('moderation-changes');
    await expect(changes).toContainText('What changed');
    await expect(changes.getByRole('deletion').first()).toHaveText(title);
    await expect(changes.getByRole('insertion').first()).toHaveText(newTitle);
    await expect(changes).toContainText('Billed by the browser test.');
    await expect(changes).toContainText('Spin to win between cycles.');
    await changes.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-moderation-changes');

    // The advertiser finds the credit note beside the invoice in the settings, and downloads it too.
    const signedIn = await page.request.post('/api/auth/login', {
      data: { email, password: 'correct horse battery' },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    await page.goto('/advertiser/settings');
    const row = page
      .getByRole('region', { name: /Invoices/ })
      .getByTestId('invoice-row')
      .first();
    const note = row.getByRole('link', { name: /^Download credit note CN-\d{4}-\d{6} \(PDF\)$/ });
    await expect(note).toBeVisible({ timeout: 15_000 });
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, 'advertiser-credit-note');
    const [own] = await Promise.all([page.waitForEvent('download'), note.click()]);
    expect(own.suggestedFilename()).toMatch(/^CN-\d{4}-\d{6}\.pdf$/);
  });
});
