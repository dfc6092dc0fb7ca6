import { expect, test, type Page } from '@playwright/test';
import { openList, screenshot, searchFromHero, searchResponse } from './finder-helpers.ts';

/**
 * Places suggested as a name is typed (the combobox under the hero and sidebar boxes), 'Did you mean …?'
 * after a search that finds no place, and the hints the finder sends with them: the browser's country and
 * where the map is, which on a first visit is the region of the browser's time zone.
 */

const heroBox = (page: Page) => page.getByRole('combobox', { name: 'City, address or zip code' });
const suggestions = (page: Page) =>
  page.getByRole('listbox', { name: 'Suggested places' }).getByRole('option');

test.describe('place suggestions', () => {
  test(
    'when the start of a name is typed, then places are suggested, and the keyboard chooses one',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/');
      await heroBox(page).pressSequentially('Lond', { delay: 30 });

      await expect(suggestions(page).first()).toHaveText('London, England, United Kingdom');
      await expect(heroBox(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('status').filter({ hasText: 'places suggested' })).toBeAttached();
      await screenshot(page, 'place-suggestions');

      await heroBox(page).press('ArrowDown');
      await expect(suggestions(page).first()).toHaveAttribute('aria-selected', 'true');
      await expect(heroBox(page)).toHaveAttribute('aria-activedescendant', /.+/);
      const answer = searchResponse(
        page,
        (url) => url.searchParams.get('q') === 'London, England, United Kingdom',
      );
      await heroBox(page).press('Enter');

      await answer;
      await openList(page);
      await expect(page.getByTestId('result-count')).toContainText('London');
    },
  );

  test(
    'when the start of a station is typed, then it is suggested with its city and the word Station',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/');
      await heroBox(page).pressSequentially('Gare du No', { delay: 30 });

      const first = suggestions(page).first();
      await expect(first).toContainText('Gare du Nord, Paris, France');
      await expect(first).toContainText('Station');
      await screenshot(page, 'place-suggestions-station');
    },
  );

  test('when Escape is pressed, then the list closes and the text stays', async ({ page }) => {
    await page.goto('/');
    await heroBox(page).pressSequentially('Tok', { delay: 30 });
    await expect(suggestions(page).first()).toHaveText('Tokyo, Japan');

    await heroBox(page).press('Escape');

    await expect(heroBox(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(heroBox(page)).toHaveValue('Tok');
  });

  test('when a search finds no place, then a close spelling is offered, and choosing it searches there', async ({
    page,
  }) => {
    await page.goto('/');
    await heroBox(page).fill('Barcelonna');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await openList(page);

    const offer = page.getByTestId('did-you-mean');
    await expect(offer).toContainText('Did you mean:');
    await screenshot(page, 'did-you-mean');
    const answer = searchResponse(page, (url) => url.searchParams.get('q') === 'Barcelona, Spain');
    await offer.getByRole('button', { name: 'Barcelona, Spain' }).click();

    await answer;
    await expect(page.getByTestId('result-count')).toContainText('Barcelona');
  });
});

test.describe('from an American browser in Texas', () => {
  test.use({
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    geolocation: { latitude: 32.78, longitude: -96.8 },
    permissions: ['geolocation'],
  });

  test('when Paris is typed, then Paris, Texas is suggested first, and Paris, France after it', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByText('Using your location')).toBeAttached();
    await heroBox(page).pressSequentially('Paris', { delay: 30 });

    await expect(suggestions(page).first()).toHaveText('Paris, Texas, United States');
    await expect(suggestions(page).filter({ hasText: 'Paris, France' })).toHaveCount(1);
    await screenshot(page, 'place-suggestions-texas');
  });
});

test.describe('on a first visit from Japan without the location', () => {
  test.use({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });

  test('when the page opens, then the first list is near the time zone’s region, not the default centre', async ({
    page,
  }) => {
    const firstList = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/laundromats');
    await page.goto('/');
    const asked = new URL((await firstList).url());

    expect(asked.searchParams.get('latitude')).toBe('36');
    expect(asked.searchParams.get('longitude')).toBe('140');
    await screenshot(page, 'first-screen-tokyo');
  });
});

test.describe('from a browser in Europe', () => {
  test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin' });

  test('when Paris is searched, then it is Paris, France, even from an American browser', async ({
    page,
  }) => {
    await page.goto('/');
    await heroBox(page).pressSequentially('Paris', { delay: 30 });
    await expect(suggestions(page).first()).toHaveText('Paris, France');

    const answer = searchResponse(page, (url) => url.searchParams.get('q') === 'Paris');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const body = (await (await answer).json()) as { location: { country: string } };

    expect(body.location.country).toBe('France');
  });
});

test('when the map shows, then its legend names the grey marker of unknown hours @desktop-only', async ({
  page,
}) => {
  await searchFromHero(page, 'London');
  const legend = page.getByRole('list', { name: 'Legend' });

  await expect(legend).toBeVisible();
  await expect(legend.getByRole('listitem')).toHaveText(['Open', 'Closed', 'Hours unknown']);
});
