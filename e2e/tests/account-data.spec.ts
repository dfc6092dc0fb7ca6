import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { registerAndVerify } from './sign-up-helpers.ts';

/**
 * A person exercising their rights from the account page: 'Download my data' gives one zip of everything
 * the services hold about them, and 'Delete my account' (the password asked again) erases it, after which
 * the account no longer signs in and the confirmation waits in the local outbox (`npm start` keeps mail there).
 */
const screenshot = (page: Page, name: string) =>
  page.screenshot({
    path: `screenshots/${test.info().project.name}-account-data-${name}.png`,
    fullPage: true,
  });

const PASSWORD = 'correct horse battery';

/** The names of a zip's entries, from its central directory (stored as plain bytes after each header). */
function zipEntryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (
    let at = zip.indexOf('PK\x01\x02', 0, 'latin1');
    at !== -1;
    at = zip.indexOf('PK\x01\x02', at + 4, 'latin1')
  ) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
  }
  return names;
}

test.describe("a person's data from the account page", () => {
  test('when a person downloads their data and then deletes their account, then the zip holds every service’s part and the account no longer signs in', async ({
    page,
  }) => {
    const email = `rights-${randomUUID()}@example.test`;
    await registerAndVerify(page.request, { email, password: PASSWORD, firstName: 'Inês' });
    await page.goto('/account');
    const data = page.getByRole('heading', { name: 'Your data' });
    await data.scrollIntoViewIfNeeded();
    await expect(data).toBeVisible();
    await screenshot(page, 'section');

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^laundromat-finder-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readFile((await download.path())!);
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const names = zipEntryNames(zip);
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'identity/account.json',
        'identity/consents.json',
        'directory/favorites.json',
        'directory/submitted-laundromats.json',
        'review/reviews.json',
        'photo/photos.json',
        'photo/documents.json',
        'ad/advertiser-profile.json',
        'ad/campaigns.json',
        'billing/statements.json',
      ]),
    );

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Your current password is not correct.');
    await screenshot(page, 'wrong-password');
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Open user menu' })).toBeHidden();
    await screenshot(page, 'erased');

    // Signing in again, on the sign-in page, as the person would try.
    await page.goto('/api/login?returnTo=%2F');
    await page.getByLabel('Email').first().fill(email);
    await page.getByLabel('Password').first().fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await screenshot(page, 'sign-in-refused');
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(401);

    await expect(async () => {
      await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
      await expect(
        page.getByRole('heading', { name: 'Your Laundromat Finder account is deleted' }),
      ).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });
    // The mails sent before the erasure are gone from the local outbox with the account.
    await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeHidden();
  });
});
