import { expect, test, type Page } from '@playwright/test';
import { openList, searchFromHero } from './finder-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-finder-${name}.png` });

test.describe('the finder home page', () => {
  for (const [query, place] of [
    ['London', 'London, England'],
    ['10001', 'New York'],
  ] as const) {
    test(
      `when ${query} is searched, then the count names the place and cards and markers show`,
      { tag: '@phone' },
      async ({ page }) => {
        await searchFromHero(page, query);
        // '50+' when more laundromats match than the first page holds.
        await expect(page.getByTestId('result-count')).toContainText(/\d+\+? laundromats found near /);
        await expect(page.getByTestId('result-count')).toContainText(place);
        await expect(page.getByTestId('laundromat-card').first()).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Find the best laundromats worldwide' })).toHaveCount(
          0,
        );
        await screenshot(page, `search-${query}`);
      },
    );
  }

  test(
    'when a card is selected, then the detail shows Navigate with the coordinates and the hours',
    { tag: '@phone' },
    async ({ page }) => {
      await searchFromHero(page, 'London');
      await page.getByTestId('laundromat-card').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const navigate = dialog.getByRole('link', { name: 'Navigate' });
      await expect(navigate).toHaveAttribute('href', /destination=51\.\d+,-0\.\d+/);
      await expect(navigate).toHaveAttribute('target', '_blank');
      await expect(dialog.getByRole('heading', { name: 'Hours' })).toBeVisible();
      await expect(dialog.getByText('Monday')).toBeVisible();
      await expect(dialog.getByTestId('today-line')).toHaveText(
        /Opens at|Closes at|Closed|Open 24 hours|Hours not available/,
      );
      await screenshot(page, 'detail');

      // Share: without a share sheet the link is copied and says so; the link is the one the gateway previews.
      const id = new URL(page.url()).searchParams.get('l')!;
      const name = (await dialog.getByRole('heading').first().textContent())!;
      const link = new URL(`/?l=${id}`, page.url()).toString();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.evaluate(() =>
        Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }),
      );
      await dialog.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
      await screenshot(page, 'link-copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      const preview = await (await page.request.get(link, { headers: { Accept: 'text/html' } })).text();
      expect(preview).toContain(`<meta property="og:title" content="${name.replace(/&/g, '&amp;')}"`);
      // With a share sheet, it is given the same link and the laundromat's name.
      await page.evaluate(() => {
        const shared: ShareData[] = [];
        Object.assign(window, { shared });
        Object.defineProperty(navigator, 'share', {
          configurable: true,
          value: (data: ShareData) => Promise.resolve(void shared.push(data)),
        });
      });
      await dialog.getByRole('button', { name: 'Share' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
        .toEqual([{ title: name, url: link }]);
      await dialog.getByRole('button', { name: 'Add to favorites' }).click();
      await expect(
        page.getByText('Sign in required: Please sign in to save favorites', { exact: true }),
      ).toBeVisible();
    },
  );

  test('when a quick filter is on, then the search asks the server for it and the count never grows', async ({
    page,
  }) => {
    await searchFromHero(page, 'London');
    const count = page.getByTestId('result-count');
    await expect(count).toContainText('found near');
    const before = Number((await count.textContent())?.match(/\d+/)?.[0]);
    for (const chip of ['Open now', 'Card payment', 'Wash & fold', 'Large drums', 'Free Wi-Fi']) {
      const request = page.waitForRequest(
        (r) => r.url().includes('/api/laundromats/search') && r.url().includes('=true'),
      );
      await page.getByRole('button', { name: chip }).click();
      await request;
      await expect
        .poll(async () => Number((await count.textContent())?.match(/^(\d+)\+? /)?.[1] ?? NaN))
        .toBeLessThanOrEqual(before);
    }
    // The hours chips live in the address like the others, so the link opens the same filtered list.
    const openNow = page.getByRole('button', { name: 'Open now' });
    await expect(openNow).toHaveAttribute('aria-pressed', 'true');
    expect(new URL(page.url()).searchParams.get('filters')?.split(',')).toContain('openNow');
    const roundTheClock = page.waitForRequest(
      (r) => new URL(r.url()).searchParams.get('open24Hours') === 'true',
    );
    await page.getByRole('button', { name: 'Open 24 hours' }).click();
    await roundTheClock;
    await page.reload();
    await openList(page);
    await expect(page.getByRole('button', { name: 'Open 24 hours' })).toHaveAttribute('aria-pressed', 'true');
    await expect(openNow).toHaveAttribute('aria-pressed', 'true');
    await screenshot(page, 'hours-chips');
  });

  test('when the favorites page opens signed out, then it asks to sign in', async ({ page }) => {
    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Map' })).toHaveAttribute('href', '/');
  });

  test('when the page is narrow, then the bottom bar opens the drawer @phone-only', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Finder shortcuts' });
    await expect(bar.getByRole('link', { name: 'Saved' })).toHaveAttribute('href', '/favorites');
    await expect(bar.getByRole('link', { name: 'Photos' })).toHaveAttribute('href', '/gallery');
    await expect(bar.getByRole('link', { name: 'Add a laundromat' })).toHaveAttribute('href', '/add');
    await bar.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('group', { name: 'Quick filters' })).toBeVisible();
    await screenshot(page, 'drawer');
  });

  test('when the page is narrow, then the footer and its Cookie Settings are reachable above the bottom bar @phone-only', async ({
    page,
  }) => {
    await page.goto('/');
    // The page is whole once the results are in (the list itself waits in the closed drawer).
    await expect(page.getByTestId('result-count')).toContainText('laundromats found');
    const settings = page.getByRole('button', { name: 'Cookie Settings' });
    await settings.scrollIntoViewIfNeeded();
    const bar = await page.getByRole('navigation', { name: 'Finder shortcuts' }).boundingBox();
    const button = await settings.boundingBox();
    expect(bar && button && button.y + button.height <= bar.y).toBe(true);
    await screenshot(page, 'footer-above-bar');
    // A covered button would not take the click (Playwright refuses when another element is on top).
    await settings.click({ timeout: 5000 });
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test("when more laundromats match than one page holds, then the count says so with a plus and 'Show more' adds the next page to the list and the map", async ({
    page,
  }) => {
    await page.goto('/');
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/laundromats/search' && r.ok(),
    );
    await page.getByRole('combobox', { name: 'City, address or zip code' }).fill('London');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const body = (await (await answer).json()) as { items: unknown[]; nextCursor: string | null };
    // London's demo data holds more than a page: the journey is about reaching the rest.
    expect(body.nextCursor).not.toBeNull();
    await openList(page);
    const count = page.getByTestId('result-count');
    const cards = page.getByTestId('laundromat-card');
    await expect(count).toContainText(`${body.items.length}+ laundromats found near`);
    await expect(cards).toHaveCount(body.items.length);
    const map = page.getByRole('region', { name: 'Map of laundromats' });
    await expect(map).toHaveAttribute('data-laundromats', String(body.items.length));

    // Keyboard: the button is reached and pressed like any other, and asks for the page the cursor names.
    const more = page.getByRole('button', { name: 'Show more' });
    await more.focus();
    const next = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/laundromats/search' && url.searchParams.get('cursor') === body.nextCursor;
    });
    await page.keyboard.press('Enter');
    const page2 = (await (await next).json()) as { items: unknown[]; nextCursor: string | null };
    const total = body.items.length + page2.items.length;
    await expect(cards).toHaveCount(total);
    await expect(count).toContainText(`${total}${page2.nextCursor ? '+' : ''} laundromats found near`);
    // Focus stays on the button while more remain; after the last page, the first card added takes it.
    if (page2.nextCursor) await expect(more).toBeFocused();
    else await expect(cards.nth(body.items.length)).toBeFocused();
    await expect(map).toHaveAttribute('data-laundromats', String(total));
    await cards.nth(body.items.length).scrollIntoViewIfNeeded();
    await screenshot(page, 'show-more');
  });
});
