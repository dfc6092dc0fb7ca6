import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, searchResponse } from './finder-helpers.ts';

/** London searched from the hero, the sheet left as it comes. */
async function searchLondon(page: Page) {
  await page.goto('/');
  const answer = searchResponse(page, (url) => url.searchParams.get('q') === 'London');
  await page.getByRole('combobox', { name: 'City, address or zip code' }).fill('London');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await answer;
}

/** How much of the sheet rises above the bottom of the map. */
async function shownHeight(sheet: Locator): Promise<number> {
  return sheet.evaluate((element) => {
    const map = element.parentElement!.getBoundingClientRect();
    return Math.round(map.bottom - element.getBoundingClientRect().top);
  });
}

/** A press on the handle, dragged by `dy` px (negative is up) in small steps, then let go. */
async function dragHandle(page: Page, handle: Locator, dy: number) {
  // The sheet glides to its rest (a 0.25 s transition): press the handle where it has come to a stop.
  let box = (await handle.boundingBox())!;
  await expect
    .poll(async () => {
      const previous = box;
      await page.waitForTimeout(100);
      box = (await handle.boundingBox())!;
      return box.y === previous.y;
    })
    .toBe(true);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x, y + (dy * step) / 10);
  // A pause before letting go: a slow release, so the sheet rests at the height nearest the finger.
  await page.waitForTimeout(200);
  await page.mouse.move(x, y + dy);
  await page.mouse.up();
}

test.describe('the results sheet on a phone', () => {
  test('when a place is searched on a phone, then the sheet peeks with the search box, the count and the first result over the map @phone-only', async ({
    page,
  }) => {
    await searchLondon(page);
    const sheet = page.getByTestId('results-sheet');
    const handle = sheet.getByRole('button', { name: 'Results', exact: true });
    await expect(handle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('result-count')).toContainText('found near London');
    await expect(page.getByTestId('result-count')).toBeInViewport({ ratio: 1 });
    await expect(sheet.getByTestId('laundromat-card')).toHaveCount(1);
    await expect(sheet.getByTestId('laundromat-card')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('combobox', { name: 'Search laundromats' })).toBeInViewport({ ratio: 1 });
    // The map above it is the page's: most of it shows.
    const map = (await page.getByRole('region', { name: 'Map of laundromats' }).boundingBox())!;
    expect(await shownHeight(sheet)).toBeLessThan(map.height / 2);
    await screenshot(page, 'sheet-peek');

    // The first result opens from the peek.
    await sheet.getByTestId('laundromat-card').click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('when the handle is dragged up and down, then the sheet follows to half and to 85 % of the screen and back @phone-only', async ({
    page,
  }) => {
    await searchLondon(page);
    const sheet = page.getByTestId('results-sheet');
    const handle = sheet.getByRole('button', { name: 'Results', exact: true });
    await expect(sheet.getByTestId('laundromat-card')).toHaveCount(1);
    await expect(page.getByTestId('result-count')).toContainText('found near London');
    // The peek is measured once the sheet has come to rest around the count and the first card.
    let peek = await shownHeight(sheet);
    await expect
      .poll(async () => {
        const previous = peek;
        await page.waitForTimeout(300);
        peek = await shownHeight(sheet);
        return peek === previous;
      })
      .toBe(true);
    const viewport = page.viewportSize()!;

    await dragHandle(page, handle, -(viewport.height / 2 - peek));
    await expect(handle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => shownHeight(sheet)).toBeGreaterThan(viewport.height * 0.45);
    await expect.poll(() => shownHeight(sheet)).toBeLessThan(viewport.height * 0.55);
    await expect(sheet.getByTestId('laundromat-card').nth(2)).toBeVisible();
    await screenshot(page, 'sheet-half');

    await dragHandle(page, handle, -viewport.height / 3);
    await expect.poll(() => shownHeight(sheet)).toBeGreaterThan(viewport.height * 0.7);
    expect(await shownHeight(sheet)).toBeLessThanOrEqual(Math.ceil(viewport.height * 0.85));
    // Raised, the filters and the sort are within reach too, and the search box stays at the top.
    await expect(page.getByRole('group', { name: 'Quick filters' })).toBeVisible();
    await expect(page.getByLabel('Sort by')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search laundromats' })).toBeInViewport({ ratio: 1 });
    await screenshot(page, 'sheet-full');

    await dragHandle(page, handle, viewport.height * 0.6);
    await expect(handle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => shownHeight(sheet)).toBe(peek);
  });

  test('when the handle is used by keyboard or a tap, then the sheet rises and falls a step at a time @phone-only', async ({
    page,
  }) => {
    await searchLondon(page);
    const sheet = page.getByTestId('results-sheet');
    const handle = sheet.getByRole('button', { name: 'Results', exact: true });
    await expect(sheet.getByTestId('laundromat-card')).toHaveCount(1);
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await expect(handle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => shownHeight(sheet)).toBeGreaterThan(page.viewportSize()!.height * 0.7);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(handle).toHaveAttribute('aria-expanded', 'false');
    // Enter works as a tap: up to half; the close button brings it back down.
    await page.keyboard.press('Enter');
    await expect(handle).toHaveAttribute('aria-expanded', 'true');
    await sheet.getByRole('button', { name: 'Close results' }).click();
    await expect(handle).toHaveAttribute('aria-expanded', 'false');
    // The bottom bar's List raises it all the way.
    await page
      .getByRole('navigation', { name: 'Finder shortcuts' })
      .getByRole('button', { name: 'List' })
      .click();
    await expect.poll(() => shownHeight(sheet)).toBeGreaterThan(page.viewportSize()!.height * 0.7);
  });
});
