import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, searchFromHero } from './finder-helpers.ts';

const tileUrls = 'https://tile.openstreetmap.org/**';

// A 1×1 green PNG: the tile server is out of reach here, so the test serves the "street" tiles itself.
const tilePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNg2MAAAAEEAIGMfqhdAAAAAElFTkSuQmCC',
  'base64',
);

/** The map region; on a phone or in the list view its Map view is chosen first. */
async function findMap(page: Page): Promise<Locator> {
  const map = page.getByRole('region', { name: 'Map of laundromats' });
  if (!(await map.isVisible())) {
    const mapView = page.getByRole('button', { name: 'Map', exact: true });
    if (await mapView.isVisible()) await mapView.click();
  }
  await expect(map).toBeVisible();
  return map;
}

/** How many of the preview's tiles were drawn (loaded, not hidden as failed). */
const drawnTiles = (map: Locator) =>
  map
    .getByTestId('map-preview')
    .locator('img')
    .evaluateAll(
      (images) =>
        (images as HTMLImageElement[]).filter(
          (image) =>
            image.complete && image.naturalWidth > 0 && getComputedStyle(image).visibility !== 'hidden',
        ).length,
    );

/** The share of an element's screenshot in the offline basemap's sea colour (#bfdbfe), read in the page. */
async function seaShare(page: Page, element: Locator): Promise<number> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const bitmap = await createImageBitmap(image);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let sea = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const near = (value: number, target: number) => Math.abs(value - target) <= 6;
      if (near(pixels[i]!, 0xbf) && near(pixels[i + 1]!, 0xdb) && near(pixels[i + 2]!, 0xfe)) sea += 1;
    }
    return sea / (pixels.length / 4);
  }, png);
}

test.describe('the map offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('when an area was seen online, then its tiles show again offline, from the service worker', async ({
    page,
    context,
  }) => {
    let tileRequests = 0;
    await context.route(tileUrls, (route) => {
      tileRequests += 1;
      return route.fulfill({
        contentType: 'image/png',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: tilePng,
      });
    });
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await searchFromHero(page, 'London');
    await expect(page.getByTestId('result-count')).toContainText('found near London');
    const map = await findMap(page);
    await expect.poll(() => drawnTiles(map)).toBeGreaterThan(0);
    const kept = () => page.evaluate(async () => (await (await caches.open('map-tiles')).keys()).length);
    await expect.poll(kept).toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.includes('london'))))
      .toBe(true);

    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    const requestsOnline = tileRequests;
    await page.reload();
    await page.getByRole('combobox', { name: 'City, address or zip code' }).fill('London');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('result-count')).toContainText('found near London');
    const offlineMap = await findMap(page);
    // The same view's streets, none of them asked of the tile server.
    await expect.poll(() => drawnTiles(offlineMap)).toBeGreaterThan(0);
    expect(tileRequests).toBe(requestsOnline);
    await screenshot(page, 'offline-map-tiles');
  });
});

test.describe('the offline world basemap', () => {
  // The basemap is the same drawing at any window size; on a phone the results sheet covers the map's corner.
  test('when New York is shown close up without tiles, then no sea is drawn over the city @desktop-only', async ({
    page,
    context,
  }) => {
    await context.route(tileUrls, (route) => route.abort());
    await searchFromHero(page, 'New York');
    const map = await findMap(page);
    await map.getByTestId('map-preview').click({ position: { x: 8, y: 8 } });
    const canvas = map.locator('canvas.maplibregl-canvas');
    await expect(canvas).toBeVisible({ timeout: 20_000 });
    // The map waits for its first whole picture; the finer coasts follow once it is idle.
    await page.waitForTimeout(1500);
    await screenshot(page, 'offline-basemap-new-york');
    // Manhattan, Brooklyn and Jersey City are land: the coarse world atlas once drew its harbour over them.
    expect(await seaShare(page, canvas)).toBeLessThan(0.01);
  });
});
