import { expect, test } from '@playwright/test';
import {
  createCampaign,
  createProfile,
  expectNoHorizontalScroll,
  screenshot,
  signUp,
  toastText,
} from './advertiser-helpers.ts';
import { registerAndVerify } from './sign-up-helpers.ts';

/** A 1×1 PNG: a real image for the type sniffing of the document store. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('advertiser settings (/advertiser/settings)', () => {
  test('when signed out, then the page asks to sign in and come back', async ({ page }) => {
    await page.goto('/advertiser/settings');
    const signIn = page.getByRole('link', { name: 'Sign in', exact: true }).last();
    expect(decodeURIComponent((await signIn.getAttribute('href')) ?? '')).toBe(
      '/api/login?returnTo=/advertiser/settings',
    );
  });

  test('when the profile is edited, then PUT saves it and the dashboard shows the new name', async ({
    page,
  }) => {
    await signUp(page.request);
    const businessName = await createProfile(page.request);
    await page.goto('/advertiser/dashboard');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/advertiser/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Advertiser Settings' })).toBeVisible();
    const name = page.getByRole('textbox', { name: /Business name/ });
    await expect(name).toHaveValue(businessName);
    await expect(page.getByLabel('Industry')).toHaveValue('laundromat');
    await expect(page.getByRole('heading', { name: 'Payment method' })).toBeVisible();
    await expect(page.getByTestId('payment-method')).toContainText('No payment method yet.');
    await expect(page.getByRole('button', { name: 'Add payment method' })).toBeVisible();
    await screenshot(page, 'settings');

    await name.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Business name is required')).toBeVisible();

    await name.fill('Renamed Suds');
    const request = page.waitForRequest(
      (r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/advertisers/me',
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await request).postDataJSON()).toMatchObject({
      businessName: 'Renamed Suds',
      industry: 'laundromat',
      contactEmail: 'owner@suds.example.test',
    });
    await expect(toastText(page, 'Profile updated')).toBeVisible();
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Renamed Suds' })).toBeVisible();
  });

  test('when the invoice details are saved, then they stay after a reload with the tax id state, and a VAT number of the wrong shape is refused', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.goto('/advertiser/settings');
    const section = page.getByRole('region', { name: 'Invoice details' });
    await expect(section.getByRole('textbox', { name: /Legal name/ })).toBeVisible({ timeout: 15_000 });
    await section.getByRole('textbox', { name: /Legal name/ }).fill('Laverie du Centre SARL');
    await section
      .getByRole('textbox', { name: /^Address/ })
      .first()
      .fill('3 rue de la Paix');
    await section.getByRole('textbox', { name: /Postal code/ }).fill('75002');
    await section.getByRole('textbox', { name: /City/ }).fill('Paris');
    await section.getByLabel(/Country/).selectOption('FR');
    await section.getByRole('textbox', { name: /Tax id/ }).fill('FR123');
    await section.getByRole('button', { name: 'Save invoice details' }).click();
    await expect(section.getByText('Tax id is not a VAT number of FR', { exact: false })).toBeVisible();

    // Outside the EU a tax id is kept as written, not asked of VIES.
    await section.getByLabel(/Country/).selectOption('US');
    await section.getByRole('textbox', { name: /Tax id/ }).fill('12-3456789');
    await section.getByLabel('Invoice language').selectOption('fr');
    await section.getByRole('button', { name: 'Save invoice details' }).click();
    await expect(toastText(page, 'Invoice details saved')).toBeVisible();
    await expect(section.getByTestId('tax-id-status')).toHaveAttribute('data-status', 'recorded');
    await screenshot(page, 'settings-invoice-details');

    await page.reload();
    await expect(section.getByRole('textbox', { name: /Legal name/ })).toHaveValue('Laverie du Centre SARL', {
      timeout: 15_000,
    });
    await expect(section.getByRole('textbox', { name: /Tax id/ })).toHaveValue('12-3456789');
    await expect(section.getByLabel('Invoice language')).toHaveValue('fr');
  });

  test('when a business document is sent, then verification is in review and the form goes away', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.goto('/advertiser/settings');
    const section = page.getByRole('region', { name: 'Verification' });
    await expect(section.getByTestId('verification-status')).toHaveText('Not verified');
    await expect(section.getByTestId('spending-cap')).toContainText('may budget up to $');

    // A file of another type is refused before anything is sent.
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/advertisers/me/verification')
        posted = true;
    });
    const file = section.getByLabel(/Document file/);
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await section.getByRole('button', { name: 'Send for verification' }).click();
    await expect(section.getByText('Use a PDF, JPEG, PNG or WebP file')).toBeVisible();
    expect(posted).toBe(false);

    await section.getByLabel(/Document type/).selectOption('tax_certificate');
    await section.getByLabel('Document number').fill('TX-12345');
    await section.getByLabel('Issuing authority').fill('HM Revenue & Customs');
    await file.setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: png });
    await screenshot(page, 'settings-verification-form');
    const upload = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/advertisers/me/verification',
    );
    await section.getByRole('button', { name: 'Send for verification' }).click();
    const sent = await upload;
    expect(sent.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // The browser does not hand a multipart body with a file to the test; what was stored tells instead.
    await expect(toastText(page, 'Document sent for verification')).toBeVisible();
    const stored = await page.request.get('/api/advertisers/me/verification');
    expect(await stored.json()).toMatchObject({
      documentType: 'tax_certificate',
      documentNumber: 'TX-12345',
      issuingAuthority: 'HM Revenue & Customs',
      status: 'pending',
    });
    await expect(section.getByTestId('verification-status')).toHaveText('In review');
    await expect(section.getByRole('button', { name: 'Send for verification' })).toHaveCount(0);
    await expect(section.getByText(/Last document: Tax certificate, sent on/)).toBeVisible();
    await screenshot(page, 'settings-verification-pending');
  });

  test('when the payouts and revenue endpoints are not there yet, then the dashboard says so instead of a figure', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.route('**/api/analytics/revenue', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }),
    );
    await page.route('**/api/payouts', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }),
    );
    await page.goto('/advertiser/dashboard');
    await expect(page.getByTestId('tile-revenue')).toContainText('—');
    await expect(page.getByTestId('tile-revenue')).toContainText('Revenue reporting is not available yet.');
    await page.getByRole('tab', { name: 'Payouts' }).click();
    await expect(page.getByRole('heading', { name: 'Payouts are not available yet' })).toBeVisible();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'No analytics yet' })).toBeVisible();
    await screenshot(page, 'dashboard-analytics-tab');
  });

  test('when billing answers, then the revenue tile and the payouts list show its figures', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.route('**/api/analytics/revenue', (route) =>
      route.fulfill({
        json: { totalRevenue: 1234.5, totalPayouts: 1000, pendingPayouts: 234.5, processedPayouts: 765.5 },
      }),
    );
    await page.route('**/api/payouts', (route) =>
      route.fulfill({
        json: [
          {
            id: '00000000-0000-4000-8000-000000000001',
            periodStart: '2025-05-01T00:00:00.000Z',
            periodEnd: '2025-05-31T00:00:00.000Z',
            totalImpressions: 12000,
            totalClicks: 340,
            totalRevenue: 765.5,
            platformFeeCents: 11483,
            advertiserChargeCents: 88033,
            status: 'processed',
          },
          {
            id: '00000000-0000-4000-8000-000000000002',
            periodStart: '2025-06-01T00:00:00.000Z',
            periodEnd: '2025-06-30T00:00:00.000Z',
            totalImpressions: 3000,
            totalClicks: 80,
            totalRevenue: 234.5,
            platformFeeCents: 3518,
            advertiserChargeCents: 26968,
            status: 'pending',
          },
        ],
      }),
    );
    await page.goto('/advertiser/dashboard');
    await expect(page.getByTestId('tile-revenue')).toContainText('$1,234.50');
    await page.getByRole('tab', { name: 'Payouts' }).click();
    const rows = page.getByRole('tabpanel').getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('May 1, 2025 – May 31, 2025');
    // Each statement names what was spent, the fee and what was charged.
    await expect(rows.nth(0)).toContainText('$765.50');
    await expect(rows.nth(0)).toContainText('$114.83');
    await expect(rows.nth(0)).toContainText('$880.33');
    await expect(rows.nth(0).getByText('Processed')).toHaveAttribute('data-style', 'default');
    await expect(rows.nth(1).getByText('Pending')).toHaveAttribute('data-style', 'secondary');
    await screenshot(page, 'dashboard-payouts');
  });

  test('when the owner invites a viewer, then the viewer accepts and sees the reports but cannot change them @phone', async ({
    page,
  }) => {
    await signUp(page.request, 'owner');
    const businessName = await createProfile(page.request);
    const campaign = await createCampaign(page.request);
    const viewerEmail = `viewer-${Date.now().toString(36)}@example.test`;

    await page.goto('/advertiser/dashboard');
    await page.getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await page.getByRole('textbox', { name: /E-mail address/ }).fill(viewerEmail);
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toastText(page, `Invitation sent to ${viewerEmail}`)).toBeVisible();
    await expect(page.getByTestId('team-invitation')).toContainText(viewerEmail);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'team');

    // The colleague signs in with the invited address and follows the mail's link.
    await page.request.post('/api/logout');
    let link: string | undefined;
    await expect(async () => {
      const outbox = await page.request.get(`/dev/mail?to=${encodeURIComponent(viewerEmail)}`);
      link = /href="([^"]*\/advertiser\/team\?invitation=[^"]*)"/.exec(await outbox.text())?.[1];
      expect(link).toBeDefined();
    }).toPass({ timeout: 15_000 });
    await registerAndVerify(page.request, { email: viewerEmail, password: 'correct horse battery' });
    const invitation = new URL(link!.replaceAll('&amp;', '&'));
    expect(invitation.pathname).toBe('/advertiser/team');
    await page.goto(`${invitation.pathname}${invitation.search}`);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page.getByRole('heading', { name: `Welcome to ${businessName}` })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();

    await expect(page.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
    await expect(page.getByTestId('team-role-notice')).toContainText('as a viewer');
    const card = page.getByTestId('campaign-card').filter({ hasText: campaign.title });
    await expect(card.getByRole('link', { name: 'Analytics' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New campaign' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Team' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Payouts' })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'team-viewer-dashboard');

    // The service refuses a viewer's change however it is sent.
    const refused = await page.request.put(`/api/campaigns/${campaign.id}`, { data: { title: 'Mine now' } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toContain('Viewers see the reports only');
  });
});
