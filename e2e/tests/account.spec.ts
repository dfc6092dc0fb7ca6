import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { registerAndVerify } from './sign-up-helpers.ts';

/**
 * The account page (/account) as a person uses it: the name changed there is the one the header shows, and
 * 'Sign out everywhere else' from one browser signs out another.
 */
const screenshot = (page: Page, name: string) =>
  page.screenshot({
    path: `screenshots/${test.info().project.name}-account-${name}.png`,
    fullPage: true,
  });

const PASSWORD = 'correct horse battery';

/** A 2 × 2 PNG: enough for the photo service to sniff, check, crop and store. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWN4UBX/oCqeAUIBADJOBuWu3gYRAAAAAElFTkSuQmCC',
  'base64',
);

async function signUp(page: Page, firstName: string): Promise<string> {
  const email = `account-${randomUUID()}@example.test`;
  await registerAndVerify(page.request, { email, password: PASSWORD, firstName });
  return email;
}

test.describe('the account page', () => {
  test('when signed out, then it asks to sign in and comes back here', async ({ page }) => {
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Faccount',
    );
  });

  test('when a person opens it from the user menu and changes their name, then the header shows the new name', async ({
    page,
  }) => {
    await signUp(page, 'Ines');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
    await expect(page.getByText('Contribution points')).toBeVisible();
    await expect(page.getByText('This device', { exact: true })).toBeVisible();
    await screenshot(page, 'page');

    await page.getByLabel('First name').fill('Inês');
    await page.getByLabel('Last name').fill('Duarte');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Your name is saved.')).toBeVisible();

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menu')).toContainText('Inês Duarte');
    await page.keyboard.press('Escape');
    // And after a fresh load, from the server.
    await page.reload();
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menu')).toContainText('Inês Duarte');
    await page.keyboard.press('Escape');

    // A picture, through the photo service, becomes the header's avatar.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await expect(page.getByText('Your picture is saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open user menu' }).locator('img')).toHaveAttribute(
      'src',
      /^\/objects\/profile-images\//,
    );
    await expect(page.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
    await screenshot(page, 'picture');

    // No sideways scroll at this size.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("when 'Sign out everywhere else' is chosen in one browser, then the other browser is signed out and this one is not", async ({
    page,
    browser,
  }) => {
    const email = await signUp(page, 'Sam');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const signIn = await otherPage.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(signIn.status()).toBe(200);
    await otherPage.goto('/account');
    await expect(otherPage.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();

    await page.goto('/account');
    const sessions = page.getByRole('listitem').filter({ hasText: 'Signed in' });
    await expect(sessions).toHaveCount(2);
    await screenshot(page, 'sessions');
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('You are signed out everywhere else.')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(page.getByText('You are signed in on this device only.')).toBeVisible();

    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    await expect(otherPage.getByRole('button', { name: 'Open user menu' })).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
    await other.close();
  });
});
