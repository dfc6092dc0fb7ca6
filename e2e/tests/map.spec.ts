import { expect, test, type Page } from '@playwright/test';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png` });

/** The map region; on narrow screens or in the list view the page may need its Map view chosen first. */
async function openMap(page: Page) {
  await page.goto('/');
  const map = page.getByRole('region', { name: 'Map of laundromats' });
  if (!(await map.isVisible())) {
    const mapView = page.getByRole('button', { name: 'Map', exact: true });
    if (await mapView.isVisible()) await mapView.click();
  }
  await expect(map).toBeVisible();
  return map;
}

test.describe('the finder map', () => {
  test('when the home page opens, then the map draws offline with its own controls', async ({ page }) => {
    const map = await openMap(page);
    // The tile server is out of reach here: the canvas must still draw the offline world basemap.
    await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
    await expect(map.getByRole('status')).toHaveCount(0);
    await expect(map.getByRole('button', { name: 'Zoom in' })).toBeEnabled();
    await expect(map.getByRole('button', { name: 'Zoom out' })).toBeEnabled();
    await expect(map.getByRole('button', { name: 'Find my location' })).toBeEnabled();
    await expect(map.locator('.maplibregl-ctrl-zoom-in')).toHaveCount(0);
    await expect(map.getByText('© OpenStreetMap contributors')).toBeAttached();
    const legend = map.getByRole('list', { name: 'Legend' });
    if (test.info().project.name === 'desktop') await expect(legend).toBeVisible();
    else await expect(legend).toBeHidden();
    await screenshot(page, 'map');
  });

  test('when geolocation is denied, then find-my-location changes nothing', async ({ page }) => {
    const map = await openMap(page);
    await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await map.getByRole('button', { name: 'Find my location' }).click();
    await expect.poll(() => warnings).toContain('Geolocation access denied');
    await expect(page.getByText('Your Location', { exact: true }).locator('visible=true')).toHaveCount(
      test.info().project.name === 'desktop' ? 1 : 0,
    );
  });
});
