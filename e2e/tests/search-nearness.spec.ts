import { expect, test, type Page } from '@playwright/test';
import { openList, screenshot, searchFromHero, searchResponse } from './finder-helpers.ts';

/** Issue 15: results near a place stay near it, or the page says there is none that close. */

const quickFilters = [
  'Card payment',
  'Detergent vending',
  'Wash & fold',
  'Large drums',
  'Free Wi-Fi',
  'Wheelchair accessible',
  'Staff on site',
  'Well lit',
];

/** Every card's distance in metres ('1.2 km away', '850 m away'). */
async function cardDistances(page: Page): Promise<number[]> {
  const texts = await page
    .getByTestId('laundromat-card')
    .getByText(/ away$/)
    .allTextContents();
  return texts.map((text) => {
    const match = /([\d.,]+)\s*(km|m)\b/.exec(text);
    const value = Number((match?.[1] ?? 'NaN').replace(/,/g, ''));
    return match?.[2] === 'km' ? value * 1000 : value;
  });
}

test('when London is searched, then every result lies within the radius the list names', async ({ page }) => {
  await searchFromHero(page, 'London');
  await expect(page.getByTestId('result-count')).toContainText('found near London');
  const reach = page.getByTestId('search-reach');
  await expect(reach).toHaveText(/^Within \d+ km$/);
  const radiusKm = Number(/\d+/.exec((await reach.textContent()) ?? '')?.[0]);

  const distances = await cardDistances(page);
  expect(distances.length).toBeGreaterThan(0);
  for (const distance of distances) expect(distance).toBeLessThanOrEqual(radiusKm * 1000);
});

/** London searched, then every quick filter turned on: no laundromat within 50 km has them all. */
async function searchLondonWithEveryQuickFilter(page: Page) {
  await searchFromHero(page, 'London');
  await expect(page.getByTestId('result-count')).toContainText('found near London');
  const chips = page.getByRole('group', { name: 'Quick filters' });
  for (const [i, name] of quickFilters.entries()) {
    const answer = i === quickFilters.length - 1 ? searchResponse(page) : null;
    await chips.getByRole('button', { name, exact: true }).click();
    await expect(chips.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await answer;
  }
}

test('when London is searched with all eight quick filters, then the page says none is within 50 km and offers the nearest with their distance', async ({
  page,
}) => {
  await searchLondonWithEveryQuickFilter(page);
  await openList(page);

  await expect(page.getByTestId('search-reach')).toHaveText(
    /^No laundromats within 50 km of London(, [^.]+)?\. The nearest ones, with their distance:$/,
  );
  await expect(page.getByTestId('result-count')).not.toContainText('near London');
  const distances = await cardDistances(page);
  expect(distances.length).toBeGreaterThan(0);
  for (const distance of distances) expect(distance).toBeGreaterThan(50_000);
  await screenshot(page, 'london-all-filters');
});

test('when nothing is within 50 km and the nearest are offered, then the map frames London with them rather than London alone', async ({
  page,
}) => {
  await searchLondonWithEveryQuickFilter(page);
  await expect(page.getByTestId('search-reach')).toContainText('No laundromats within 50 km of London');

  // The map (its preview, before anyone reaches for it) shows the offered laundromats, all beyond 50 km.
  const preview = page.getByTestId('map-preview');
  await expect(preview.locator('[data-kind="laundromat"], [data-kind="cluster"]').first()).toBeAttached();
  const view = (await preview.boundingBox())!;
  const markers = await preview
    .locator('[data-kind="laundromat"], [data-kind="cluster"]')
    .evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    );
  for (const marker of markers) {
    expect(marker.x + marker.width / 2).toBeGreaterThanOrEqual(view.x);
    expect(marker.x + marker.width / 2).toBeLessThanOrEqual(view.x + view.width);
    expect(marker.y + marker.height / 2).toBeGreaterThanOrEqual(view.y);
    expect(marker.y + marker.height / 2).toBeLessThanOrEqual(view.y + view.height);
  }
  await screenshot(page, 'london-all-filters-map');
});
