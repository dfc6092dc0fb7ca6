import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  offerInstall,
  openLaundromatFrom,
  overlaps,
  screenshot,
  searchResponse,
  shownWhole,
  signUpThroughApi,
  toastText,
} from './finder-helpers.ts';

/** A laundromat of London opened in its detail by a freshly signed-in account. */
async function openSignedIn(page: Page) {
  await signUpThroughApi(page.request, 'phone-details');
  return openLaundromatFrom(page, 'London', /\/api\/laundromats\/([^/]+)\/reviews$/);
}

/** The header's brand name, read whole: not cut short, not hidden, nothing over it. */
async function expectBrandWhole(page: Page) {
  const name = page.getByRole('banner').getByText('Laundromat Finder', { exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await shownWhole(name)).toBe(true);
  // The controls beside it stay on screen.
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
}

test('when signed in on a phone, then the header shows the whole brand name, at 320 px wide too @phone-only', async ({
  page,
}) => {
  await signUpThroughApi(page.request, 'phone-details');
  await page.goto('/help');
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  await expectBrandWhole(page);
  await screenshot(page, 'header-signed-in');
  await page.setViewportSize({ width: 320, height: 640 });
  await expectBrandWhole(page);
  await screenshot(page, 'header-signed-in-320');
});

test(
  "when a laundromat's detail opens, then its heart sits beside the title",
  { tag: '@phone' },
  async ({ page }) => {
    const { detail } = await openSignedIn(page);
    const title = (await detail.getByRole('heading', { level: 2 }).first().boundingBox())!;
    const heart = (await detail.getByRole('button', { name: 'Add to favorites' }).boundingBox())!;
    // On the title's row (their heights overlap), to its right.
    expect(heart.y).toBeLessThan(title.y + title.height);
    expect(heart.y + heart.height).toBeGreaterThan(title.y);
    expect(heart.x).toBeGreaterThanOrEqual(title.x + title.width - 1);
    await screenshot(page, 'detail-heart');
  },
);

test(
  'when a favourite was just saved in the detail, then one Escape closes the detail',
  { tag: '@phone' },
  async ({ page }) => {
    const { detail } = await openSignedIn(page);
    await detail.getByRole('button', { name: 'Add to favorites' }).click();
    await expect(toastText(page, 'Added to favorites')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  },
);

/** The boxes of the toasts on screen. */
async function toastBoxes(page: Page) {
  // A modal dialog hides the rest of the page from assistive technology, the toasts' region with it.
  const toasts = page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true });
  await expect(toasts.first()).toBeVisible();
  return Promise.all((await toasts.all()).map(async (toast) => (await toast.boundingBox())!));
}

async function expectUncovered(page: Page, controls: Locator[]) {
  const toasts = await toastBoxes(page);
  for (const control of controls) {
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    for (const toast of toasts) expect(overlaps(box, toast), `${control} under a toast`).toBe(false);
  }
}

test(
  "when a toast shows over the review form, then it covers none of the form's buttons",
  { tag: '@phone' },
  async ({ page }) => {
    const { detail } = await openSignedIn(page);
    await detail.getByRole('button', { name: 'Write Review' }).click();
    const form = page.getByRole('dialog', { name: /^Write Review for / });
    const submit = form.getByRole('button', { name: 'Submit Review' });
    await submit.click();
    await expect(toastText(page, 'Rating required: Please provide an overall rating')).toBeVisible();
    await submit.scrollIntoViewIfNeeded();
    await screenshot(page, 'toast-over-review-form');
    await expectUncovered(page, [
      submit,
      form.getByRole('button', { name: 'Cancel' }),
      form.getByRole('button', { name: 'Close', exact: true }),
    ]);
  },
);

test('when the install card shows over the results on a phone, then the results sheet and the bottom bar stay uncovered @phone-only', async ({
  page,
}) => {
  await page.goto('/');
  const answer = searchResponse(page, (url) => url.searchParams.get('q') === 'London');
  await page.getByRole('combobox', { name: 'City, address or zip code' }).fill('London');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await answer;
  const sheet = page.getByTestId('results-sheet');
  await expect(sheet.getByTestId('laundromat-card')).toHaveCount(1);
  await offerInstall(page);
  const card = page.getByRole('region', { name: 'Install Laundromat Finder' });
  await expect(card).toBeVisible({ timeout: 6000 });
  await screenshot(page, 'install-card-over-results');
  const cardBox = (await card.boundingBox())!;
  const bar = (await page.getByRole('navigation', { name: 'Finder shortcuts' }).boundingBox())!;
  expect(overlaps(cardBox, bar)).toBe(false);
  // The part of the sheet on screen: from its top down to the bottom bar.
  const sheetBox = (await sheet.boundingBox())!;
  expect(overlaps(cardBox, { ...sheetBox, height: bar.y - sheetBox.y })).toBe(false);
  // Nor does it hide the header's controls.
  expect(overlaps(cardBox, (await page.getByRole('banner').boundingBox())!)).toBe(false);
});

test.describe('the results sheet at each of its heights', () => {
  test('when the sheet rests at peek, half and full, then the first result shows whole and one ✕ sits by the search box @phone-only', async ({
    page,
  }) => {
    await page.goto('/');
    const answer = searchResponse(page, (url) => url.searchParams.get('q') === 'London');
    await page.getByRole('combobox', { name: 'City, address or zip code' }).fill('London');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await answer;
    const sheet = page.getByTestId('results-sheet');
    const handle = sheet.getByRole('button', { name: 'Results', exact: true });
    const first = sheet.getByTestId('laundromat-card').first();
    await expect(page.getByTestId('result-count')).toContainText('found near London');
    for (const snap of ['peek', 'half', 'full'] as const) {
      if (snap !== 'peek') {
        await handle.focus();
        await page.keyboard.press('ArrowUp');
      }
      await expect(sheet).toHaveAttribute('data-snap', snap);
      // The sheet glides to its rest in a quarter of a second.
      await expect.poll(() => shownWhole(first), { message: `first card at ${snap}` }).toBe(true);
      await screenshot(page, `sheet-${snap}-first-card`);
      // The search box's clear button is the only ✕ in the sheet.
      const crosses = sheet.getByText('✕', { exact: true }).filter({ visible: true });
      await expect(crosses).toHaveCount(1);
      await expect(sheet.getByRole('button', { name: 'Clear search' })).toBeVisible();
    }
    // Raised, the sheet still comes back down with a button of its own.
    await sheet.getByRole('button', { name: 'Close results' }).click();
    await expect(sheet).toHaveAttribute('data-snap', 'peek');
  });
});
