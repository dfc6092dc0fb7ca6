import { expect, test, type Browser, type Page } from '@playwright/test';
import { isPhone, openList, screenshot, searchFromHero, searchResponse } from './finder-helpers.ts';

/** A browser of its own (no history, no cache), sized as this project's, as a shared link is opened. */
async function freshBrowser(browser: Browser): Promise<Page> {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, baseURL, storageState } =
    test.info().project.use;
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    userAgent,
    baseURL,
    storageState,
    serviceWorkers: 'block',
  });
  return context.newPage();
}

const count = (page: Page) => page.getByTestId('result-count');
const sidebarBox = (page: Page) => page.getByRole('combobox', { name: 'Search laundromats' });

test.describe('every search and every laundromat is a link', () => {
  test('when a search with a filter, a sort and an open laundromat is shared, then the link opens the same page in a fresh browser', async ({
    page,
    browser,
  }) => {
    await searchFromHero(page, 'London');
    await expect(count(page)).toContainText('found near London');
    await expect(page).toHaveURL(/[?&]q=London(&|$)/);

    // After 'Open now' and 'Open 24 hours', the first chip of the laundromat's features.
    const chip = page.getByRole('group', { name: 'Quick filters' }).getByRole('button').nth(2);
    const filtered = searchResponse(page, (url) => url.searchParams.get('acceptsCard') === 'true');
    await chip.click();
    await filtered;
    await expect(page).toHaveURL(/[?&]filters=acceptsCard(&|$)/);
    await page.getByLabel('Sort by').selectOption('rating');
    await expect(page).toHaveURL(/[?&]sort=rating(&|$)/);

    const card = page.getByTestId('laundromat-card').first();
    const id = await card.getAttribute('data-laundromat-id');
    await card.click();
    const detail = page.getByRole('dialog');
    await expect(detail).toBeVisible();
    const name = (await detail.getByRole('heading').first().textContent()) ?? '';
    expect(name).not.toBe('');
    await expect(page).toHaveURL(new RegExp(`[?&]l=${id}(&|$)`));
    const link = page.url();

    const friend = await freshBrowser(browser);
    await friend.goto(link);
    const shared = friend.getByRole('dialog');
    await expect(shared).toBeVisible();
    await expect(shared.getByRole('heading', { name, exact: true })).toBeVisible();
    await screenshot(friend, 'shared-link-detail');
    // Closed, the link's own search is there: the place, the filter and the sort.
    await friend.keyboard.press('Escape');
    await expect(shared).toBeHidden();
    await expect(friend).toHaveURL(
      (url) => !url.searchParams.has('l') && url.searchParams.get('q') === 'London',
    );
    await openList(friend);
    await expect(count(friend)).toContainText('found near London');
    await expect(
      friend.getByRole('group', { name: 'Quick filters' }).getByRole('button').nth(2),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(friend.getByLabel('Sort by')).toHaveValue('rating');
    await expect(sidebarBox(friend)).toHaveValue('London');
  });

  test('when Back is pressed with a laundromat open, then it closes the detail, then steps back through the searches', async ({
    page,
  }) => {
    await searchFromHero(page, 'London');
    await expect(count(page)).toContainText('found near London');

    const paris = searchResponse(page, (url) => url.searchParams.get('q') === 'Paris');
    await sidebarBox(page).fill('Paris');
    await paris;
    await expect(count(page)).toContainText('found near Paris');
    await expect(page).toHaveURL(/[?&]q=Paris(&|$)/);

    await page.getByTestId('laundromat-card').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page).toHaveURL(/[?&]l=/);

    await page.goBack();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(
      (url) => !url.searchParams.has('l') && url.searchParams.get('q') === 'Paris',
    );
    await expect(count(page)).toContainText('found near Paris');

    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'London');
    await expect(count(page)).toContainText('found near London');
    await expect(sidebarBox(page)).toHaveValue('London');

    // Before the first search: the hero again, and the site is still open.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find the best laundromats worldwide' }),
    ).toBeVisible();

    await page.goForward();
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'London');
    await expect(count(page)).toContainText('found near London');
  });

  test('when a link names a laundromat that is not among its results, then its detail still opens', async ({
    page,
    request,
  }) => {
    const list = (await (await request.get('/api/laundromats/search?q=Tokyo')).json()) as {
      items: { id: string; name: string }[];
    };
    const tokyo = list.items[0]!;
    // London's search, with a Tokyo laundromat open: the detail is asked for on its own.
    await page.goto(`/?q=London&l=${tokyo.id}`);
    const detail = page.getByRole('dialog');
    await expect(detail.getByRole('heading', { name: tokyo.name, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    if (isPhone()) await openList(page);
    await expect(count(page)).toContainText('found near London');
  });

  test("when a laundromat's link is fetched by a link preview, then its title and description name it", async ({
    request,
  }) => {
    const list = (await (await request.get('/api/laundromats/search?q=London')).json()) as {
      items: { id: string; name: string; address: string; city: string }[];
    };
    const laundromat = list.items[0]!;
    const response = await request.get(`/?q=London&l=${laundromat.id}`, { headers: { Accept: 'text/html' } });
    expect(response.ok()).toBe(true);
    const html = await response.text();
    const escaped = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    expect(html).toContain(`<title>${escaped(laundromat.name)} · Laundromat Finder</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped(laundromat.name)}"`);
    expect(html).toMatch(/<meta property="og:description" content="[^"]*London[^"]*"/);
    expect(html).toContain('<meta name="description"');
    // The page still starts the app as any other visit does.
    expect(html).toMatch(/<div id="?root"?><\/div>/);
  });
});
