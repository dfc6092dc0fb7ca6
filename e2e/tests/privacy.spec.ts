import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { toastText } from './finder-helpers.ts';
import { signInAsAdmin } from './admin-helpers.ts';
import { registerAndVerify } from './sign-up-helpers.ts';

const PASSWORD = 'correct horse battery';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png`, fullPage: true });

const storedConsent = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null') as unknown);

/** The consent-mode updates the page pushed to the analytics tag's queue (no tag script is loaded). */
const consentUpdates = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'consent' && args[1] === 'update')
      .map((args) => args[2]),
  );

const banner = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });

const adIdCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'lf_ad_id');

/** A browser of its own (no stored choice, no cookies), signed in as `email` through the API. */
async function signedInBrowser(browser: Browser, email: string, register: boolean) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const request = context.request;
  if (register) {
    await registerAndVerify(request, { email, password: PASSWORD });
  } else {
    const response = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(response.ok(), await response.text()).toBe(true);
  }
  return { context, page: await context.newPage(), request };
}

test.describe('consent records', () => {
  test('when a signed-in person chooses in one browser, then another browser they sign in on applies it without asking, and a withdrawal is kept in the history', async ({
    browser,
  }) => {
    const email = `consent-${randomUUID()}@example.test`;
    const first = await signedInBrowser(browser, email, true);
    await first.page.goto('/');
    await expect(banner(first.page)).toBeVisible();
    await banner(first.page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(first.page)).toBeHidden();
    // With advertising consent the browser holds an advertising id.
    await expect.poll(() => adIdCookie(first.page)).toBeDefined();
    await expect
      .poll(async () => (await first.request.get('/api/me/consent')).json() as Promise<{ consent: unknown }>)
      .toMatchObject({ consent: { necessary: true, analytics: true, advertising: true } });

    // Advertising withdrawn in the preferences dialog: the id goes from this browser.
    await first.page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Settings' }).click();
    const dialog = first.page.getByRole('dialog', { name: 'Cookie Preferences' });
    await dialog.getByRole('switch', { name: 'Advertising' }).click();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => adIdCookie(first.page)).toBeUndefined();
    await expect
      .poll(async () => (await first.request.get('/api/me/consent')).json() as Promise<{ consent: unknown }>)
      .toMatchObject({ consent: { analytics: true, advertising: false } });

    // Another browser: no stored choice, but the account's applies at once, and no banner asks.
    const second = await signedInBrowser(browser, email, false);
    await second.page.goto('/');
    await expect
      .poll(() => storedConsent(second.page))
      .toEqual({
        necessary: true,
        analytics: true,
        advertising: false,
      });
    await expect(banner(second.page)).toBeHidden();
    expect(await consentUpdates(second.page)).toContainEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(await adIdCookie(second.page)).toBeUndefined();
    await screenshot(second.page, 'consent-applied-from-account');

    // The history keeps the first grant and its withdrawal, newest first.
    const history = (await (await second.request.get('/api/me/consent/history')).json()) as {
      records: {
        consentType: string;
        hasConsented: boolean;
        withdrawnAt: string | null;
        consentSource: string;
      }[];
    };
    const advertising = history.records.filter((record) => record.consentType === 'advertising');
    expect(advertising.map((record) => [record.hasConsented, record.consentSource])).toEqual([
      [false, 'dialog'],
      [true, 'banner'],
    ]);
    expect(advertising[0]!.withdrawnAt).not.toBeNull();

    await first.context.close();
    await second.context.close();
  });
});

test.describe('a newer consent policy', () => {
  test('when the choice stored in this browser was given to an older policy, then the banner asks again', async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    await context.addInitScript(() => {
      if (localStorage.getItem('cookie-consent-version') !== null) return;
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({ necessary: true, analytics: true, advertising: false }),
      );
      localStorage.setItem('cookie-consent-version', '2025-01-01');
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Necessary Only' }).click();
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await context.close();
  });

  test("when the account's recorded choice was given to an older policy, then another browser applies it but asks again", async ({
    browser,
  }) => {
    const email = `consent-old-${randomUUID()}@example.test`;
    const first = await signedInBrowser(browser, email, true);
    const recorded = await first.request.put('/api/me/consent', {
      data: { analytics: true, advertising: false, consentVersion: '2025-01-01', source: 'banner' },
    });
    expect(recorded.ok(), await recorded.text()).toBe(true);
    await first.context.close();

    const second = await signedInBrowser(browser, email, false);
    await second.page.goto('/');
    await expect
      .poll(() => storedConsent(second.page))
      .toEqual({ necessary: true, analytics: true, advertising: false });
    await expect(banner(second.page)).toBeVisible();
    await second.context.close();
  });
});

test.describe('data retention in the admin console', () => {
  test('when an admin opens Data retention, then every policy shows its period, basis and last run, and a change is saved', async ({
    page,
  }) => {
    await signInAsAdmin(page.request);
    await page.goto('/admin/retention');
    await expect(page.getByRole('heading', { level: 1, name: 'Data retention' })).toBeVisible();
    const policies = page.getByTestId('retention-policy');
    await expect(policies.first()).toBeVisible();
    expect(await policies.count()).toBeGreaterThanOrEqual(18);
    await expect(page.getByRole('heading', { name: 'Documents of refused verifications' })).toBeVisible();
    // Grouped by service: the ad service's policies under 'Ads'.
    const adEvents = page
      .getByRole('region', { name: 'Ads', exact: true })
      .getByTestId('retention-policy')
      .filter({ has: page.getByRole('heading', { name: 'Ad views and clicks', exact: true }) });
    await expect(adEvents).toHaveCount(1);
    await expect(adEvents).toContainText('Legitimate interests: counting, billing and fraud checks');
    await expect(
      policies.filter({ has: page.getByRole('heading', { name: 'Addresses in the audit log' }) }),
    ).toContainText('Anonymized after 30 days');
    await screenshot(page, 'admin-retention');

    await adEvents.getByRole('button', { name: /^Edit Ad views and clicks/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ad views and clicks' });
    const days = dialog.getByLabel('Retention period (days)');
    await days.fill('0');
    await dialog.getByRole('button', { name: 'Save policy' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter a whole number of days from 1 to 3650.');
    const current = (await (await page.request.get('/api/admin/retention-policies')).json()) as {
      policies: { service: string; dataType: string; retentionPeriodDays: number }[];
    };
    const before = current.policies.find((p) => p.service === 'ad' && p.dataType === 'ad-events')!;
    const next = before.retentionPeriodDays === 95 ? 96 : 95;
    await days.fill(String(next));
    await screenshot(page, 'admin-retention-edit');
    await dialog.getByRole('button', { name: 'Save policy' }).click();
    await expect(toastText(page, 'Policy saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(adEvents).toContainText(`Deleted after ${next} days`);
  });

  test('when someone who is not an admin asks, then the page is not there and the API refuses', async ({
    page,
  }) => {
    await registerAndVerify(page.request, {
      email: `retention-${randomUUID()}@example.test`,
      password: PASSWORD,
    });
    expect((await page.request.get('/api/admin/retention-policies')).status()).toBe(403);
    await page.goto('/admin/retention');
    await expect(page.getByRole('heading', { level: 1, name: 'Data retention' })).toHaveCount(0);
  });
});
