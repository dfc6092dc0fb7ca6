import { expect, test, type Locator, type Page } from '@playwright/test';
import { isPhone, screenshot, searchResponse } from './finder-helpers.ts';

const count = (page: Page) => page.getByTestId('result-count');
const sidebarBox = (page: Page) => page.getByRole('combobox', { name: 'Search laundromats' });

/** London searched from the hero, with the interactive map open (on a phone, the sheet left peeking). */
async function londonWithMap(page: Page): Promise<Locator> {
  await page.goto('/');
  const answer = searchResponse(page, (url) => url.searchParams.get('q') === 'London');
  await page.getByRole('combobox', { name: 'City, address or zip code' }).fill('London');
  await page.keyboard.press('Enter');
  await answer;
  await expect(count(page)).toContainText('found near London');
  const map = page.getByRole('region', { name: 'Map of laundromats' });
  await map.getByTestId('map-preview').click({ position: { x: 8, y: 8 } });
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
  await expect(map.getByTestId('map-preview')).toHaveCount(0);
  return map;
}

/** A drag across the map's upper part (clear of the sheet on a phone), as a hand moving it. */
async function dragMap(page: Page, map: Locator, dx: number, dy: number) {
  const box = (await map.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(x + (dx * step) / 8, y + (dy * step) / 8);
  await page.mouse.up();
}

test.describe('the map never hijacks a search', () => {
  // The interactive map draws without a GPU here: each frame of a flight is slow.
  test.describe.configure({ timeout: 90_000 });
  test('when the map is dragged while it still flies to a new place, then the search stays that place', async ({
    page,
  }) => {
    const map = await londonWithMap(page);
    const areaSearches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/laundromats') && url.searchParams.has('bounds'))
        areaSearches.push(url.href);
    });

    const tokyo = searchResponse(page, (url) => url.searchParams.get('q') === 'Tokyo');
    await sidebarBox(page).fill('Tokyo');
    await tokyo;
    // The map sets off from London to Tokyo; a hand grabs it on the way.
    await dragMap(page, map, 120, 60);
    // Longer than the flight and the map's 800 ms pause before a map-area search.
    await page.waitForTimeout(4_000);

    await expect(count(page)).toContainText('found near Tokyo');
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('q') === 'Tokyo' && !url.searchParams.has('area'),
    );
    await expect(sidebarBox(page)).toHaveValue('Tokyo');
    expect(areaSearches).toEqual([]);
    await screenshot(page, 'map-drag-during-flight');
  });

  test('when the map is dragged after it has settled, then its area is searched and the search box says so', async ({
    page,
  }) => {
    const map = await londonWithMap(page);
    // Settled on London: the person moves the map on.
    const areaSearch = page.waitForRequest((request) => new URL(request.url()).searchParams.has('bounds'));
    await dragMap(page, map, isPhone() ? -150 : -300, 0);
    await areaSearch;
    await expect(count(page)).toContainText('Map area (51.');
    await expect(sidebarBox(page)).toHaveValue(/^Map area \(51\.\d{4}, -?0\.\d{4}\)$/);
    await expect(page).toHaveURL((url) => url.searchParams.has('area') && !url.searchParams.has('q'));
    await screenshot(page, 'map-area-search');

    // Back returns to London's search, and the map with it.
    await page.goBack();
    await expect(count(page)).toContainText('found near London');
    await expect(sidebarBox(page)).toHaveValue('London');
  });
});
