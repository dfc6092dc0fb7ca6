import { expect, test, type Locator, type Page } from '@playwright/test';
import { isPhone, screenshot } from './finder-helpers.ts';

/** Issue 15, item 10: Explore is the world map of every laundromat, each a click away from its detail. */

interface ShownMarker {
  kind: string;
  count: number;
}

/** The markers the map shows now, from the buttons that lie where the canvas draws them. */
async function shownMarkers(map: Locator): Promise<ShownMarker[]> {
  return map.locator('button[data-kind]').evaluateAll((buttons) =>
    buttons.map((button) => ({
      kind: button.getAttribute('data-kind') ?? '',
      count: Number(button.getAttribute('data-count')),
    })),
  );
}

/** The Explore page as a person reaches it: from the header's navigation, or the menu on a phone. */
async function openExplore(page: Page) {
  await page.goto('/');
  if (isPhone()) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Explore', exact: true }).click();
  await expect(page).toHaveURL(/\/explore$/);
}

/** The map, once it has drawn the laundromats and placed its markers. */
async function drawnMap(page: Page): Promise<Locator> {
  const map = page.getByTestId('explore-map');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
  await expect(map.locator('button[data-kind]').first()).toBeAttached({ timeout: 20_000 });
  return map;
}

test(
  'when Explore is chosen in the navigation, then a map filling the page shows every laundromat, counted and clustered',
  { tag: '@phone' },
  async ({ page }) => {
    const total = ((await (await page.request.get('/api/laundromats/points')).json()) as { count: number })
      .count;
    expect(total).toBeGreaterThan(1000);

    await openExplore(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Laundromats worldwide' })).toBeVisible();
    await expect(page.getByTestId('explore-count')).toHaveText(`${total.toLocaleString('en')} laundromats`);
    if (!isPhone())
      await expect(
        page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Explore' }),
      ).toHaveAttribute('aria-current', 'page');

    const map = await drawnMap(page);
    // The whole world in view: its clusters (and any laundromat alone) add up to every laundromat. A phone's
    // view is narrower than the world at the least zoom, so there the map opens on most of it.
    const markers = await shownMarkers(map);
    expect(markers.filter((marker) => marker.kind === 'cluster').length).toBeGreaterThan(3);
    const shown = markers.reduce((sum, marker) => sum + marker.count, 0);
    if (isPhone()) expect(shown).toBeGreaterThan(total / 2);
    else expect(shown).toBe(total);

    // The map takes the page's whole width and reaches the bottom of the view, at either size.
    const viewport = page.viewportSize()!;
    const box = (await map.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
    expect(box.y + box.height).toBeGreaterThanOrEqual(viewport.height - 1);
    expect(box.height).toBeGreaterThan(viewport.height / 2);
    await screenshot(page, 'explore-world');
  },
);

test(
  'when clusters are clicked down to one laundromat, then its popup names it and View details opens it in the finder',
  { tag: '@phone' },
  async ({ page }) => {
    // Up to a dozen zooms, each drawn by a software renderer here.
    test.setTimeout(90_000);
    await page.goto('/explore');
    const map = await drawnMap(page);

    // Each click on the largest cluster zooms in to where it falls apart, until laundromats stand alone.
    for (let step = 0; step < 12; step += 1) {
      if ((await map.locator('button[data-kind="laundromat"]').count()) > 0) break;
      const before = await shownMarkers(map);
      const largest = Math.max(...before.filter((m) => m.kind === 'cluster').map((m) => m.count));
      // The pointer goes through the button to the canvas, where the cluster is drawn.
      await map
        .locator(`button[data-kind="cluster"][data-count="${largest}"]`)
        .first()
        .click({ force: true });
      await expect
        .poll(async () => JSON.stringify(await shownMarkers(map)), { timeout: 10_000 })
        .not.toBe(JSON.stringify(before));
      await expect(map.locator('button[data-kind]').first()).toBeAttached({ timeout: 10_000 });
    }
    await screenshot(page, 'explore-zoomed');

    await map.locator('button[data-kind="laundromat"]').first().click({ force: true });
    const popup = map.locator('.maplibregl-popup');
    const details = popup.getByRole('link', { name: 'View details' }).first();
    await expect(details).toBeVisible({ timeout: 10_000 });
    const name = (await popup.locator('li p').first().textContent()) ?? '';
    expect(name).not.toBe('');
    // Its status, whichever it is (another journey lists a laundromat without hours in a lone spot).
    await expect(popup.getByText(/^(OPEN|CLOSED|24 HRS|Hours unknown)$/).first()).toBeVisible();
    await screenshot(page, 'explore-popup');

    await details.click();
    await expect(page).toHaveURL(/\/\?q=[^&]+&l=[0-9a-f-]{36}$/);
    await expect(page.getByRole('dialog').getByRole('heading', { name })).toBeVisible();
  },
);
