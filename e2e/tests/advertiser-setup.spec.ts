import { expect, test } from '@playwright/test';
import { createProfile, screenshot, signUp, toastText } from './advertiser-helpers.ts';

test.describe('advertiser setup (/advertiser/setup)', () => {
  test('when signed out, then the pitch shows and Sign In to Get Started goes to /api/login', async ({
    page,
  }) => {
    await page.goto('/advertiser/setup');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Advertise on Laundromat Finder' }),
    ).toBeVisible();
    for (const text of [
      'Show your ads to travelers searching for laundromats near your business.',
      'Geographic targeting',
      'Pay only for actual clicks or impressions.',
      'Real-time analytics',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    const signIn = page.getByRole('link', { name: 'Sign In to Get Started' });
    expect(decodeURIComponent((await signIn.getAttribute('href')) ?? '')).toBe(
      '/api/login?returnTo=/advertiser/setup',
    );
    await expect(page.getByRole('textbox', { name: /Business name/ })).toHaveCount(0);
    await screenshot(page, 'setup-pitch');

    // A full-page navigation to the sign-in page, which comes back here afterwards.
    await signIn.click();
    await page.waitForURL((url) => url.pathname === '/api/login');
  });

  test('when signed in without a profile, then the form checks its rules before anything is sent', async ({
    page,
  }) => {
    await signUp(page.request);
    await page.goto('/advertiser/setup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Advertiser Profile' })).toBeVisible();
    for (const section of ['Business Information', 'Contact Information', 'Business Address']) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }
    const industry = page.getByLabel('Industry');
    await expect(industry.locator('option')).toHaveText([
      'Select an industry',
      'Laundromat',
      'Dry cleaning',
      'Laundry supplies',
      'Laundry equipment',
      'Cleaning service',
      'Detergent brand',
      'Technology',
      'Other',
    ]);
    await screenshot(page, 'setup-form');

    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/advertisers')
        posted = true;
    });
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(page.getByText('Business name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    const name = page.getByRole('textbox', { name: /Business name/ });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Business name is required');

    await page.getByLabel('Website').fill('not a website');
    await expect(page.getByText('Please enter a valid website URL')).toBeVisible();
    await screenshot(page, 'setup-form-errors');
    expect(posted).toBe(false);
  });

  test('when a valid profile is submitted, then it is created, toasted, and the dashboard shows the business', async ({
    page,
  }) => {
    await signUp(page.request);
    await page.goto('/advertiser/setup');
    await page.getByRole('textbox', { name: /Business name/ }).fill('Bubbles & Co');
    await page.getByLabel('Industry').selectOption('dry_cleaning');
    await page.getByLabel('Description').fill('Dry cleaning next to the station.');
    await page.getByLabel('Website').fill('https://bubbles.example.test');
    await page.getByRole('textbox', { name: /Contact email/ }).fill('Owner@Bubbles.example.test');
    await page.getByLabel('Contact phone').fill('+44 20 7946 0000');
    await page.getByRole('textbox', { name: 'Business address' }).fill('1 Station Road, London');

    const request = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/advertisers',
    );
    // Slow the answer down a little so the pending label can be seen.
    await page.route('**/api/advertisers', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(page.getByRole('button', { name: 'Creating Profile...' })).toBeDisabled();
    expect((await request).postDataJSON()).toEqual({
      businessName: 'Bubbles & Co',
      industry: 'dry_cleaning',
      description: 'Dry cleaning next to the station.',
      website: 'https://bubbles.example.test',
      contactEmail: 'owner@bubbles.example.test',
      contactPhone: '+44 20 7946 0000',
      businessAddress: '1 Station Road, London',
      // The browser's region is the United States: dollars.
      billingCurrency: 'USD',
    });
    await expect(toastText(page, 'Profile created successfully!')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/advertiser/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Bubbles & Co' })).toBeVisible();
    for (const tile of ['Active Campaigns', 'Total Impressions', 'Total Clicks', 'Total Revenue']) {
      // Each tile's label (a <dt>) carries its tooltip's button beside the words.
      await expect(page.locator('dt').filter({ hasText: tile })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Create Your First Campaign' })).toHaveAttribute(
      'href',
      '/campaigns/create',
    );
    await screenshot(page, 'dashboard-empty');

    // With a profile, the setup page sends the advertiser on to the dashboard.
    await page.goto('/advertiser/setup');
    await page.waitForURL((url) => url.pathname === '/advertiser/dashboard');
  });

  test('when the server refuses the profile, then the failure toast carries its message', async ({
    page,
  }) => {
    await signUp(page.request);
    await page.goto('/advertiser/setup');
    await page.route('**/api/advertisers', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":""}' }),
    );
    await page.getByRole('textbox', { name: /Business name/ }).fill('Suds');
    await page.getByRole('textbox', { name: /Contact email/ }).fill('owner@suds.example.test');
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(toastText(page, 'Failed to create profile')).toBeVisible();
    await expect(toastText(page, 'Please try again later')).toBeVisible();
    await expect(page).toHaveURL(/\/advertiser\/setup$/);
  });

  test('when Cancel is pressed, then the dashboard opens with its welcome card', async ({ page }) => {
    await signUp(page.request);
    await page.goto('/advertiser/setup');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/advertiser/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome to advertising' })).toBeVisible();
    await screenshot(page, 'dashboard-welcome');
    await page.getByRole('link', { name: 'Create Advertiser Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/advertiser/setup');
  });

  test("when a visitor or a user without a profile opens the dashboard, then no advertiser's data is asked for", async ({
    page,
  }) => {
    // The campaigns (and the revenue and payouts beside them) are asked for once the profile exists;
    // asked before, each answered 401 or 404 and left an error in the browser's console.
    const asked: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (['/api/campaigns', '/api/analytics/revenue', '/api/payouts'].includes(pathname))
        asked.push(pathname);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });

    await page.goto('/advertiser/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome to advertising' })).toBeVisible();
    await signUp(page.request);
    await page.goto('/advertiser/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome to advertising' })).toBeVisible();
    await page.waitForLoadState('load');
    expect(asked).toEqual([]);
    // Signed out, who is signed in (GET /api/auth/user) and the profile asked while the page loads answer
    // 401; signed in without a profile, nothing fails.
    expect(
      failed.filter((entry) => entry !== '401 /api/auth/user' && entry !== '401 /api/advertisers/me'),
    ).toEqual([]);

    // With a profile, the same page asks for them.
    await createProfile(page.request);
    await page.goto('/advertiser/dashboard');
    await expect(page.getByRole('tab', { name: 'Campaigns' })).toBeVisible();
    await expect
      .poll(() => [...new Set(asked)].sort())
      .toEqual(['/api/analytics/revenue', '/api/campaigns', '/api/payouts']);
  });

  test('when a user with a profile opens the setup page, then the dashboard is shown instead', async ({
    page,
  }) => {
    await signUp(page.request);
    const businessName = await createProfile(page.request);
    await page.goto('/advertiser/setup');
    await page.waitForURL((url) => url.pathname === '/advertiser/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  });
});

test.describe('an owner in Japan, billed in yen', () => {
  // The browser's region is Japan; the page itself is in English, which it falls back to.
  test.use({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });

  test('when they set up, then yen is proposed and the campaign form, its rules, its price line and the dashboard are in yen @phone', async ({
    page,
  }) => {
    // Setup, a campaign and the settings page: three pages' worth of a journey.
    test.slow();
    await signUp(page.request);
    await page.goto('/advertiser/setup');
    const currency = page.getByLabel('Billing currency');
    // The advertiser's code and the profile load first: on a busy machine that takes seconds.
    await expect(currency).toHaveValue('JPY', { timeout: 20_000 });
    await expect(currency.locator('option:checked')).toHaveText('Japanese Yen (JPY)');
    await expect(currency).toHaveAccessibleDescription(
      'All your budgets, bids and invoices are in this currency. You can change it until you create your first campaign.',
    );
    await page.getByRole('textbox', { name: /Business name/ }).fill('Shibuya Coin Laundry');
    await page.getByRole('textbox', { name: /Contact email/ }).fill('owner@shibuya.example.test');
    await currency.scrollIntoViewIfNeeded();
    await screenshot(page, 'setup-yen');
    const posted = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/advertisers',
    );
    await page.getByRole('button', { name: 'Create Profile' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ billingCurrency: 'JPY' });
    await page.waitForURL((url) => url.pathname === '/advertiser/dashboard');

    // The form starts at the yen defaults, whole yen, the sign in each money field's name.
    await page.goto('/campaigns/create');
    const total = page.getByRole('spinbutton', { name: 'Total budget (¥)' });
    await expect(total).toHaveValue('15000');
    await expect(total).toHaveAttribute('step', '1');
    await expect(page.getByRole('spinbutton', { name: 'Cost per click (¥)' })).toHaveValue('75');
    const price = page.getByTestId('price-budget');
    await expect(price).toHaveText(
      'With the 15% platform fee, you may be charged up to ¥17,250 for a ¥15,000 budget.',
      { timeout: 20_000 },
    );

    await page.getByRole('textbox', { name: /Campaign title/ }).fill('Dry in 30 minutes');
    await page.getByRole('textbox', { name: /Target URL/ }).fill('https://shibuya.example.test/dry');
    await total.fill('1000');
    await expect(price).toHaveText(
      'With the 15% platform fee, you may be charged up to ¥1,150 for a ¥1,000 budget.',
    );
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(page.getByText('Minimum budget is ¥1,500', { exact: true })).toBeVisible();
    await expect(total).toBeFocused();
    await screenshot(page, 'campaign-yen-minimum');

    await total.fill('15000');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await page.waitForURL((url) => url.pathname === '/advertiser/dashboard');
    const card = page.getByTestId('campaign-card').filter({ hasText: 'Dry in 30 minutes' });
    await expect(card).toContainText('¥15,000');
    await expect(card).toContainText('¥1,500');
    await expect(page.getByTestId('tile-revenue')).toContainText('¥0');
    await expect(page.getByTestId('tile-revenue')).not.toContainText('$');
    await screenshot(page, 'dashboard-yen');

    // With a campaign, the settings page shows the currency fixed.
    await page.goto('/advertiser/settings');
    const fixed = page.getByLabel('Billing currency');
    await expect(fixed).toHaveValue('JPY');
    await expect(fixed).toBeDisabled();
  });
});
