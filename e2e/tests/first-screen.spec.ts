import { expect, test, type Page } from '@playwright/test';
import { openList, searchResponse } from './finder-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png` });

/** What a visitor sees before any JavaScript has run: the page with every script refused. */
async function openWithoutScripts(page: Page) {
  await page.route(/\.m?js(\?|$)/, (route) => route.abort());
  await page.goto('/');
}

const firstScreen = (page: Page) => page.locator('#first-screen');

test.describe('the first screen in the HTML', () => {
  test.describe('on a first visit from a French browser', () => {
    test.use({ locale: 'fr-FR', storageState: { cookies: [], origins: [] } });

    test('when / arrives, then the French hero and cookie banner show before any script runs', async ({
      page,
    }) => {
      await openWithoutScripts(page);

      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(firstScreen(page).locator('h1')).toHaveText(
        'Trouvez les meilleures laveries du monde entier',
      );
      await expect(firstScreen(page).getByText('Votre vie privée compte')).toBeVisible();
      await screenshot(page, 'first-screen-fr');
    });
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

  test('when the scripts run, then the live page replaces the first screen in place and works', async ({
    page,
  }) => {
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
    await page.getByRole('textbox', { name: 'City, address or zip code' }).fill('London');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await answer;
    await openList(page);
    await expect(page.getByTestId('result-count')).toContainText('London');
    expect(violations).toEqual([]);
  });
});
