import { expect, test, type Page } from '@playwright/test';
import { openList, screenshot } from './finder-helpers.ts';

/**
 * The first list's request: near the default map centre (docs/product.md, Constants) unless the device's
 * position is known.
 */
const firstList = (page: Page) =>
  page.waitForRequest((request) => new URL(request.url()).pathname === '/api/laundromats');

/** Markers the map preview draws inside its own box (laundromats or clusters of them). */
async function markersInView(page: Page): Promise<number> {
  const preview = page.getByRole('region', { name: 'Map of laundromats' }).getByTestId('map-preview');
  await expect(preview.locator('[data-kind="laundromat"], [data-kind="cluster"]').first()).toBeVisible();
  return preview.locator('[data-kind="laundromat"], [data-kind="cluster"]').evaluateAll((markers) => {
    const box = markers[0]!.closest('[data-testid="map-preview"]')!.getBoundingClientRect();
    return markers.filter((marker) => {
      const at = marker.getBoundingClientRect();
      return at.right > box.left && at.left < box.right && at.bottom > box.top && at.top < box.bottom;
    }).length;
  });
}

test.describe('the first screen', () => {
  test('when the page opens without the location granted, then the list and the map show what is near the default centre, and no location alert shows', async ({
    page,
  }) => {
    const list = firstList(page);
    await page.goto('/');
    const asked = new URL((await list).url());
    expect(asked.searchParams.get('latitude')).toBe('2.204');
    expect(asked.searchParams.get('longitude')).toBe('102.2478');
    await expect(page.getByTestId('result-count')).toContainText('laundromats found');
    expect(await markersInView(page)).toBeGreaterThan(0);
    await expect(page.getByText('Location access denied', { exact: false })).toHaveCount(0);
    await openList(page);
    await expect(page.getByText('Location off')).toBeVisible();
    await screenshot(page, 'first-screen-default');

    // Asked for, and refused (this browser has not granted it): now the alert says so.
    await page.getByRole('button', { name: 'Use current location' }).last().click();
    await expect(page.getByRole('alert').filter({ hasText: 'Location access denied' })).toBeVisible();
  });

  test.describe('with the location already granted', () => {
    test.use({ geolocation: { latitude: 51.5074, longitude: -0.1278 }, permissions: ['geolocation'] });

    test('when the page opens, then the list and the map show what is near the device', async ({ page }) => {
      const nearDevice = page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname === '/api/laundromats' && url.searchParams.get('latitude') === '51.5074';
      });
      await page.goto('/');
      await nearDevice;
      await expect(page.getByText('Using your location')).toBeAttached();
      await expect(page.getByTestId('result-count')).toContainText('laundromats found');
      expect(await markersInView(page)).toBeGreaterThan(0);
      await openList(page);
      await expect(page.getByTestId('laundromat-card').first()).toContainText('away');
      await expect(page.getByText('Location access denied', { exact: false })).toHaveCount(0);
      await screenshot(page, 'first-screen-device');
    });
  });
});
