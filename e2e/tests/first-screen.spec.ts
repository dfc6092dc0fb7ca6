import { expect, test, type Page } from '@playwright/test';
import { openList, searchResponse } from './finder-helpers.ts';
import { createProfile, signUp } from './advertiser-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png` });

/** What a visitor sees before any JavaScript has run: the page with every script refused. */
async function openWithoutScripts(page: Page, path = '/') {
  await page.route(/\.m?js(\?|$)/, (route) => route.abort());
  await page.goto(path);
}

const firstScreen = (page: Page) => page.locator('#first-screen');

test.describe('the first screen in the HTML', () => {
  test.describe('on a first visit from a French browser', () => {
    test.use({ locale: 'fr-FR', storageState: { cookies: [], origins: [] } });

    test(
      'when / arrives, then the French hero and cookie banner show before any script runs',
      { tag: '@phone' },
      async ({ page }) => {
        await openWithoutScripts(page);

        await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
        await expect(firstScreen(page).locator('h1')).toHaveText(
          'Trouvez les meilleures laveries du monde entier',
        );
        await expect(firstScreen(page).getByText('Votre vie privée compte')).toBeVisible();
        await screenshot(page, 'first-screen-fr');
      },
    );
  });

  test('when the visitor has answered the cookie banner, then the first screen comes without it', async ({
    page,
  }) => {
    await openWithoutScripts(page);

    await expect(firstScreen(page).locator('h1')).toHaveText('Find the best laundromats worldwide');
    await expect(firstScreen(page).locator('[data-first-screen-part="consent"]')).toBeHidden();
    // Taken as a first visit that has not granted location: it is not asked for until the person does, so
    // neither a position nor a refusal shows, and the location is offered.
    await expect(firstScreen(page).getByText('Location off')).toBeAttached();
    await expect(firstScreen(page).getByText('Location access denied', { exact: false })).toHaveCount(0);
  });

  test('when the page was switched to Spanish, then / comes in Spanish though the browser asks for English', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'i18next', value: 'es', url: baseURL! }]);
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
    await openWithoutScripts(page);

    await expect(firstScreen(page).locator('h1')).toHaveText('Encuentra las mejores lavanderías del mundo');
  });

  test('when the stored language differs from the one sent, then the first screen is not shown', async ({
    page,
  }) => {
    // A browser asking for English whose page was switched to French without the cookie reaching us.
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'fr'));
    await openWithoutScripts(page);

    await expect(page.locator('html')).toHaveAttribute('data-first-screen', 'off');
    await expect(firstScreen(page)).toBeHidden();
  });

  test('when the scripts run, then the first list and the user are asked for before the live page shows, once each', async ({
    page,
  }) => {
    // When the live page takes the prerendered screen's place, on the page's own clock.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.readyState !== 'loading' && !document.getElementById('first-screen')) {
          (window as unknown as { liveAt: number }).liveAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.getByTestId('result-count')).toContainText('laundromats found');
    await page.waitForLoadState('networkidle');
    const { liveAt, asked } = await page.evaluate(() => ({
      liveAt: (window as unknown as { liveAt: number }).liveAt,
      asked: performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime }))
        .filter(({ path }) => path === '/api/laundromats' || path === '/api/auth/user'),
    }));
    // Mounting the page reuses the answers already on their way instead of asking again.
    expect(asked.filter((a) => a.path === '/api/laundromats')).toHaveLength(1);
    expect(asked.filter((a) => a.path === '/api/auth/user')).toHaveLength(1);
    expect(liveAt).toBeGreaterThan(0);
    for (const request of asked) expect(request.at).toBeLessThan(liveAt);
  });

  test(
    'when the scripts run, then the live page replaces the first screen in place and works',
    { tag: '@phone' },
    async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      await page.goto('/');

      await expect(
        page.getByRole('heading', { level: 1, name: 'Find the best laundromats worldwide' }),
      ).toBeVisible();
      await expect(firstScreen(page)).toHaveCount(0);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('html')).not.toHaveAttribute('data-first-screen', /.*/);
      // The language choice is mirrored into the cookie the gateway reads for the next visit.
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'i18next')?.value).toMatch(
        /^en/,
      );
      const answer = searchResponse(page, (url) => url.searchParams.get('q') === 'London');
      await page.getByRole('combobox', { name: 'City, address or zip code' }).fill('London');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await answer;
      await openList(page);
      await expect(page.getByTestId('result-count')).toContainText('London');
      expect(violations).toEqual([]);
    },
  );
});

test.describe('the first screen of the other pages', () => {
  /** What shows at the moment the live page takes the prerendered screen's place, on the page's own clock. */
  interface AtSwap {
    /** Whether the prerendered screen was there before (the live page replaced it, rather than a blank page). */
    replaced: boolean;
    avatar: boolean;
    signIn: boolean;
    banner: boolean;
  }

  test.describe('signed in, on a first visit from a French browser', () => {
    test.use({ locale: 'fr-FR', storageState: { cookies: [], origins: [] } });

    test(
      'when the advertiser dashboard arrives, then its header, the page loading and the cookie banner show in French before any script runs',
      { tag: '@phone' },
      async ({ page }) => {
        await signUp(page.request);
        await createProfile(page.request);
        await openWithoutScripts(page, '/advertiser/dashboard');

        await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
        await expect(page.locator('html')).toHaveAttribute('data-first-screen', 'on');
        const screen = firstScreen(page);
        // The signed-in header (favourites and the user menu's avatar), not the Sign in button.
        await expect(screen.locator('header [aria-haspopup="menu"]')).toBeVisible();
        await expect(screen.locator('header a[href="/favorites"]')).toBeVisible();
        await expect(screen.getByText('Se connecter')).toHaveCount(0);
        await expect(screen.locator('main [aria-label="Chargement…"]')).toBeVisible();
        await expect(screen.getByText('Votre vie privée compte')).toBeVisible();
        await expect(screen.locator('h1')).toHaveCount(0);
        await screenshot(page, 'first-screen-dashboard-fr');
      },
    );
  });

  test('when a signed-out visitor who answered the banner opens the help page, then the header with Sign in and the page loading show before any script runs', async ({
    page,
  }) => {
    await openWithoutScripts(page, '/help');

    await expect(page.locator('html')).toHaveAttribute('data-first-screen', 'answered');
    await expect(firstScreen(page).locator('header').getByText('Sign in')).toBeVisible();
    await expect(firstScreen(page).locator('main [aria-label="Loading…"]')).toBeVisible();
    await expect(firstScreen(page).locator('[data-first-screen-part="consent"]')).toBeHidden();
    // The home page's hero belongs to / alone.
    await expect(firstScreen(page).locator('h1')).toHaveCount(0);
  });

  test.describe('signed in, with no cookie choice yet', () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test('when the scripts run on the dashboard, then the live page replaces the first screen with the same header and banner in that frame', async ({
      page,
    }) => {
      await signUp(page.request);
      const businessName = await createProfile(page.request);
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      // Read in the task that removed the prerendered screen, before the browser can paint again.
      await page.addInitScript(() => {
        let shown = false;
        new MutationObserver((_, observer) => {
          if (document.getElementById('first-screen')) shown = true;
          if (document.readyState === 'loading' || document.getElementById('first-screen')) return;
          const live = document.getElementById('root')!;
          (window as unknown as { atSwap: AtSwap }).atSwap = {
            replaced: shown,
            avatar: live.querySelector('header [aria-haspopup="menu"]') !== null,
            signIn: Array.from(live.querySelectorAll('header a')).some((a) => a.textContent === 'Sign in'),
            banner: live.querySelector('[aria-labelledby="cookie-banner-title"]') !== null,
          };
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/advertiser/dashboard');

      // A loaded machine may take a while to load the dashboard's code; the swap is checked, not the speed.
      await expect(page.getByRole('heading', { level: 1, name: businessName })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole('region', { name: 'We value your privacy' })).toBeVisible();
      await expect(firstScreen(page)).toHaveCount(0);
      const atSwap = await page.evaluate(() => (window as unknown as { atSwap?: AtSwap }).atSwap);
      expect(atSwap).toEqual({ replaced: true, avatar: true, signIn: false, banner: true });
      expect(violations).toEqual([]);
    });
  });
});
