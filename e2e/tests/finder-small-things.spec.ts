import { expect, test, type Page } from '@playwright/test';
import { isPhone, screenshot, searchFromHero } from './finder-helpers.ts';

/** A header link; on a phone the links live in the menu. */
async function followNavLink(page: Page, name: string) {
  if (isPhone()) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name, exact: true }).first().click();
}

test.describe('pages the header leads to', () => {
  test('when Help is followed, then a help page answers what users ask', async ({ page }) => {
    await page.goto('/');
    await followNavLink(page, 'Help');
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    for (const question of [
      'How do I find a laundromat?',
      'How do I know whether a laundromat is open?',
      'What do washing and drying cost?',
      'How do reviews and ratings work?',
      'Can I add photos?',
      'Does it work without an internet connection?',
      'Can I install it as an app?',
      'What happens to my location and my data?',
      'Why do I see ads, and can I advertise my laundromat?',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: question })).toBeVisible();
    }
    await screenshot(page, 'help-page');
  });

  test('when For owners is followed, then it pitches advertising with prices and a way to start', async ({
    page,
  }) => {
    await page.goto('/');
    await followNavLink(page, 'For owners');
    await expect(page).toHaveURL(/\/for-owners$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Advertise your laundromat' })).toBeVisible();
    const prices = page.getByRole('table');
    await expect(prices.getByRole('row')).toHaveCount(4);
    await expect(prices.getByRole('row', { name: /Laundromat details/ })).toContainText('$0.12');
    await expect(prices.getByRole('row', { name: /among the results/ })).toContainText('$0.10');
    await screenshot(page, 'for-owners-page');
    await page.getByRole('link', { name: 'Start advertising' }).click();
    await expect(page).toHaveURL(/\/advertiser\/setup/);
  });

  test('when the pages are read in Spanish, then they are in Spanish', async ({ page }) => {
    await page.goto('/help');
    // On a phone the language selector sits in the menu.
    if (isPhone()) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('combobox', { name: 'Choose language' }).selectOption('es');
    if (isPhone()) await page.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeVisible();
    await page.goto('/for-owners');
    await expect(page.getByRole('heading', { level: 1, name: 'Anuncia tu lavandería' })).toBeVisible();
  });

  test('when the privacy policy is read, then it does not credit a sign-in provider with the account data', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByText(/Account data: when you create an account/)).toBeVisible();
    await expect(page.getByText(/sign-in provider/)).toHaveCount(0);
  });
});

test('when text is typed in the sidebar search, then one clear button shows, not two', async ({ page }) => {
  await searchFromHero(page, 'London');
  const box = page.getByRole('combobox', { name: 'Search laundromats' });
  await expect(box).toBeVisible();
  await screenshot(page, 'sidebar-search-one-clear');
  // Chromium's own clear button for search inputs (in the input's closed shadow tree) is turned off by a
  // rule of the page's styles; the box's Clear search button stays.
  const hidden = await box.evaluate((input) =>
    Array.from(document.styleSheets).some((sheet) =>
      Array.from(sheet.cssRules).some((rule) => {
        if (!(rule instanceof CSSStyleRule)) return false;
        const [element, pseudo] = rule.selectorText.split('::');
        return (
          pseudo === '-webkit-search-cancel-button' &&
          element !== undefined &&
          input.matches(element) &&
          rule.style.getPropertyValue('appearance') === 'none'
        );
      }),
    ),
  );
  expect(hidden).toBe(true);
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
});

test('when location is off, then the map legend does not list Your Location @desktop-only', async ({
  page,
}) => {
  await searchFromHero(page, 'London');
  const legend = page.getByRole('list', { name: 'Legend' });
  await expect(legend).toBeVisible();
  await expect(legend).toContainText('Open');
  await expect(legend.getByText('Your Location')).toHaveCount(0);
});

test('when results show on a phone, then the OPEN NOW badge stays on one line @phone-only', async ({
  page,
}) => {
  // The next midday in London, so laundromats there are open whenever the test runs. It must lie ahead:
  // the server's reading holds until its next change, so a clock set in the past keeps a night's CLOSED.
  const midday = new Date();
  midday.setUTCHours(12, 0, 0, 0);
  if (midday.getTime() <= Date.now()) midday.setUTCDate(midday.getUTCDate() + 1);
  await page.clock.setFixedTime(midday);
  await searchFromHero(page, 'London');
  const badge = page.getByTestId('laundromat-card').getByText('OPEN NOW', { exact: true }).first();
  await expect(badge).toBeVisible();
  const box = await badge.boundingBox();
  // One line of the badge is 1.5rem (24 px) high; two would be 48.
  expect(box?.height ?? 0).toBeLessThan(30);
  await screenshot(page, 'open-now-badge');
});

test('when a link leads to another page from the bottom of one, then the new page opens at its top', async ({
  page,
}) => {
  await page.goto('/help');
  const privacyLink = page.getByRole('main').getByRole('link', { name: 'Privacy Policy' });
  await privacyLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await privacyLink.click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
