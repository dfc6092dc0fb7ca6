import { expect, test } from '@playwright/test';
import { screenshot, searchFromHero, signUpThroughLoginPage } from './finder-helpers.ts';

test.describe('favorites', () => {
  test('when signed in, then a laundromat saved from its detail shows on /favorites and can be removed there', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpThroughLoginPage(page);
    await searchFromHero(page, 'London');
    const card = page.getByTestId('laundromat-card').first();
    const name = ((await card.getAttribute('aria-label')) ?? '').replace(/^Show details for /, '');
    expect(name).not.toBe('');
    await card.click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add to favorites' }).click();
    await expect(page.getByText('Added to favorites', { exact: true })).toBeVisible();
    const remove = dialog.getByRole('button', { name: 'Remove from favorites' });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The header's heart leads to the saved list.
    await page.getByRole('link', { name: 'My favorites', exact: true }).click();
    await expect(page).toHaveURL(/\/favorites$/);
    await expect(page.getByRole('heading', { name: 'My Favorites' })).toBeVisible();
    await expect(page.getByText('1 saved laundromat', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Navigate' })).toHaveAttribute(
      'href',
      /destination=51\.\d+,-0\.\d+/,
    );
    await screenshot(page, 'favorites-one');

    await page.getByRole('button', { name: `Remove ${name} from favorites` }).click();
    await expect(page.getByText('Removed from favorites', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Favorites Yet' })).toBeVisible();
    await expect(page.getByText('0 saved laundromats', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find Laundromats' })).toHaveAttribute('href', '/');

    // Back on the map the detail no longer marks it as a favorite.
    await searchFromHero(page, 'London');
    await page
      .getByRole('button', { name: `Show details for ${name}`, exact: true })
      .first()
      .click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Add to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
