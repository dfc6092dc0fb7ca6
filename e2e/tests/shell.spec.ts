import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from './finder-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png`, fullPage: true });

test.describe('the shell', () => {
  test(
    'when the home page opens, then the header, the finder page and the footer are shown',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Laundromat Finder home' })).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Find the best laundromats worldwide' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        '/api/login?returnTo=%2F',
      );
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
      await expect(footer.getByRole('button', { name: 'Cookie Settings' })).toBeVisible();
      await screenshot(page, 'home');
    },
  );

  test('when an unknown path opens, then the page is titled Page Not Found', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page Not Found/);
    await screenshot(page, 'not-found');
  });

  // Each legal page's date, except the privacy policy's: it was revised when consent records and retention
  // periods were added (the consent banner asks again for that version).
  for (const [path, title, updated] of [
    ['/privacy', 'Privacy Policy', 'November 24, 2026'],
    ['/terms', 'Terms of Service', 'October 21, 2025'],
    ['/cookie-policy', 'Cookie Policy', 'October 21, 2025'],
  ] as const) {
    test(`when ${path} opens, then its legal text with the update date is shown`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`Last updated ${updated}`)).toBeVisible();
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(3);
    });
  }

  test('when the privacy policy opens, then it covers every section the product requires', async ({
    page,
  }) => {
    await page.goto('/privacy');
    for (const section of [
      'Data we collect',
      'How we share data',
      'Cookies',
      'Advertising and our ad network',
      'How long we keep data',
      'Your rights',
      'Children under 13',
      'International transfers',
      'Contact us',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
    }
    await screenshot(page, 'privacy');
  });

  test(
    'when French is chosen, then the header speaks French and <html lang> is fr',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/');
      if (test.info().project.name === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog').getByLabel('Choose language').selectOption('fr');
        await page.keyboard.press('Escape');
      } else {
        await page.getByLabel('Choose language').selectOption('fr');
      }
      await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await page.reload();
      await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
      await screenshot(page, 'french');
    },
  );

  test('when the finder remote cannot load, then a fallback offers Retry, and Retry works once it is back', async ({
    page,
  }) => {
    await page.route('**/mf-finder/remoteEntry.js*', (route) => route.abort());
    await page.goto('/');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: "This section couldn't load" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Laundromat Finder home' })).toBeVisible();
    await screenshot(page, 'remote-down');

    await page.unroute('**/mf-finder/remoteEntry.js*');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find the best laundromats worldwide' }),
    ).toBeVisible();
  });

  test('when a page loads, then the finder remote is fetched at the build the gateway names', async ({
    page,
  }) => {
    const entryRequest = page.waitForRequest(/\/mf-finder\/remoteEntry\.js/);
    await page.goto('/');
    const manifest = (await (await page.request.get('/remotes.json')).json()) as Record<string, string>;
    const entry = new URL((await entryRequest).url());

    expect(manifest.mf_finder).toMatch(/^\/mf-finder\/remoteEntry\.js\?v=[0-9a-f]{12}$/);
    expect(`${entry.pathname}${entry.search}`).toBe(manifest.mf_finder);
  });

  test('when an advertiser route opens, then the advertiser remote shows its page', async ({ page }) => {
    await page.goto('/advertiser/setup');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Advertise on Laundromat Finder' }),
    ).toBeVisible();
  });

  test(
    'when a signed-in person chooses Sign out in the user menu, then the session ends and Sign in is back',
    { tag: '@phone' },
    async ({ page }) => {
      await signUpThroughApi(page.request, 'sign-out');
      await page.goto('/');
      const signOutPost = page.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/logout',
      );

      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();

      await signOutPost;
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    },
  );

  test('when the mobile menu button is pressed on a phone, then the menu opens with the navigation @phone-only', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Photos' })).toBeVisible();
    await screenshot(page, 'mobile-menu');
  });
});
