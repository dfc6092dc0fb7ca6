import { expect, test, type Locator, type Page } from '@playwright/test';
import { isPhone, searchResponse } from './finder-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png` });

const mapLibraryRequested = (page: Page) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/\/(maplibre|laundromat-map)[^/]*\.m?js/.test(request.url())) requested.push(request.url());
  });
  return requested;
};

/** The map region; on narrow screens or in the list view the page may need its Map view chosen first. */
async function findMap(page: Page): Promise<Locator> {
  const map = page.getByRole('region', { name: 'Map of laundromats' });
  if (!(await map.isVisible())) {
    const mapView = page.getByRole('button', { name: 'Map', exact: true });
    if (await mapView.isVisible()) await mapView.click();
  }
  await expect(map).toBeVisible();
  return map;
}

/** A city searched with the keyboard only, so no pointer passes over the map on the way. */
async function searchByKeyboard(page: Page, city = 'London') {
  await page.goto('/');
  const answer = searchResponse(page, (url) => url.searchParams.get('q') === city);
  await page.getByRole('combobox', { name: 'City, address or zip code' }).fill(city);
  await page.keyboard.press('Enter');
  await answer;
}

/** Presses an empty corner of the preview: the person reaching for the map. */
async function reachForMap(map: Locator) {
  await map.getByTestId('map-preview').click({ position: { x: 8, y: 8 } });
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
  await expect(map.getByTestId('map-preview')).toHaveCount(0);
}

/** Of the markers `markers` finds, the one nearest the middle of the map, clear of the controls and legend. */
async function nearestTheMiddle(markers: Locator): Promise<Locator> {
  const key = await markers.evaluateAll((elements) => {
    const distance = (element: Element) => {
      const box = element.getBoundingClientRect();
      const view = element.parentElement!.getBoundingClientRect();
      return Math.hypot(
        box.x + box.width / 2 - (view.x + view.width / 2),
        box.y + box.height / 2 - (view.y + view.height / 2),
      );
    };
    const [nearest] = [...elements].sort((a, b) => distance(a) - distance(b));
    return nearest?.getAttribute('data-key');
  });
  return markers.and(markers.page().locator(`[data-key="${key}"]`));
}

test.describe('the finder map', () => {
  test('when the home page opens, then a preview shows the markers before the map library is fetched', async ({
    page,
  }) => {
    const requested = mapLibraryRequested(page);
    await searchByKeyboard(page);
    const map = await findMap(page);
    const preview = map.getByTestId('map-preview');
    // London's first 50 laundromats: single markers and clusters, coloured by open status.
    await expect(preview.locator('[data-kind="laundromat"], [data-kind="cluster"]').first()).toBeVisible();
    const markerColours = await preview
      .locator('[data-kind="laundromat"]')
      .evaluateAll((markers) => markers.map((marker) => getComputedStyle(marker).backgroundColor));
    expect(markerColours.length).toBeGreaterThan(0);
    for (const colour of markerColours)
      expect(['rgb(16, 185, 129)', 'rgb(239, 68, 68)', 'rgb(107, 114, 128)']).toContain(colour);
    await expect(map.getByText('© OpenStreetMap contributors')).toBeVisible();
    await expect(map.getByRole('button', { name: 'Zoom in' })).toBeEnabled();
    const legend = map.getByRole('list', { name: 'Legend' });
    if (isPhone()) await expect(legend).toBeHidden();
    else await expect(legend).toBeVisible();
    await screenshot(page, 'map-preview');
    expect(requested).toEqual([]);
  });

  test('when the preview is pressed, then the interactive map opens offline on the same view with its controls', async ({
    page,
  }) => {
    const requested = mapLibraryRequested(page);
    await searchByKeyboard(page);
    const map = await findMap(page);
    const preview = map.getByTestId('map-preview');
    await expect(preview.locator('[data-kind]').first()).toBeVisible();
    await reachForMap(map);
    expect(requested.length).toBeGreaterThan(0);
    // The tile server is out of reach here: the canvas still draws the offline world basemap.
    await expect(map.getByRole('status')).toHaveCount(0);
    await expect(map.getByRole('button', { name: 'Zoom in' })).toBeEnabled();
    await expect(map.getByRole('button', { name: 'Zoom out' })).toBeEnabled();
    await expect(map.getByRole('button', { name: 'Find my location' })).toBeEnabled();
    await expect(map.locator('.maplibregl-ctrl-zoom-in')).toHaveCount(0);
    await expect(map.getByText('© OpenStreetMap contributors')).toBeAttached();
    // Opened where the preview looked (London at zoom 13), so nothing moved and no map-area search began.
    await expect(page.getByTestId('result-count')).toContainText('near London');
    await screenshot(page, 'map');
  });

  test("when the preview's zoom button is pressed, then the interactive map opens in its place", async ({
    page,
  }) => {
    await searchByKeyboard(page);
    const map = await findMap(page);
    await expect(map.getByTestId('map-preview').locator('[data-kind]').first()).toBeVisible();
    await map.getByRole('button', { name: 'Zoom in' }).click();
    await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
    await expect(map.getByTestId('map-preview')).toHaveCount(0);
    // Zooming keeps the centre, so the search stays London's (a map-area search needs a 200 m move).
    await expect(page.getByTestId('result-count')).toContainText('near London');
  });

  test('when a cluster on the preview is clicked, then the map opens, zooms in on it and searches there', async ({
    page,
  }) => {
    // Sydney's demo laundromats stand close enough to cluster in a phone's view too.
    await searchByKeyboard(page, 'Sydney');
    const map = await findMap(page);
    const cluster = map.getByTestId('map-preview').locator('[data-kind="cluster"]');
    await expect(cluster.first()).toBeVisible();
    // A map area is searched as the list of what lies inside its bounds.
    const areaSearch = page.waitForRequest((request) => new URL(request.url()).searchParams.has('bounds'));
    await (await nearestTheMiddle(cluster)).click();
    await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
    await areaSearch;
    await expect(page.getByTestId('result-count')).toContainText('Map area (-33.');
  });

  test('when a laundromat on the preview is clicked, then it is selected and its popup shows on the map', async ({
    page,
  }) => {
    await searchByKeyboard(page);
    const map = await findMap(page);
    const preview = map.getByTestId('map-preview');
    await expect(preview.locator('[data-kind="laundromat"]').first()).toBeVisible();
    const marker = await nearestTheMiddle(preview.locator('[data-kind="laundromat"]'));
    const id = await marker.getAttribute('data-key');
    const name = await page.evaluate(async (laundromatId) => {
      const response = await fetch(`/api/laundromats/${laundromatId}`);
      return ((await response.json()) as { name: string }).name;
    }, id);
    await marker.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
    await expect(map.locator('.maplibregl-popup').getByText(name, { exact: true })).toBeVisible();
  });

  test('when geolocation is denied, then find-my-location changes nothing', async ({ page }) => {
    await page.goto('/');
    const map = await findMap(page);
    await reachForMap(map);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await map.getByRole('button', { name: 'Find my location' }).click();
    await expect.poll(() => warnings).toContain('Geolocation access denied');
    // Without a position the legend has no 'Your Location' (issue 15: it showed while location was off).
    await expect(page.getByText('Your Location', { exact: true }).locator('visible=true')).toHaveCount(0);
  });
});
