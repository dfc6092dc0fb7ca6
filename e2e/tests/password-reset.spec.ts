import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

/**
 * A forgotten password, recovered as a person running `npm start` would: the sign-in page's 'Forgot
 * password?', the mail read in the local outbox at /dev/mail (the embedded mode keeps mail there rather than
 * sending it; this stack is `npm start`, so no mail server is needed), its link, the new password.
 */
const screenshot = (page: Page, name: string) =>
  page.screenshot({
    path: `screenshots/${test.info().project.name}-password-reset-${name}.png`,
    fullPage: true,
  });

const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new horse';

/** Opens the local outbox on this address's mails and follows the newest one with this subject. */
async function followMailLink(page: Page, email: string, subject: string): Promise<string> {
  const mail = page.getByRole('article').filter({ has: page.getByRole('heading', { name: subject }) });
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
    await expect(mail.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const link = mail.first().getByRole('link').first();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  return href;
}

test.describe('recovering a forgotten password', () => {
  test('when a person forgets their password, then the link from the local outbox lets them choose a new one and sign in with it', async ({
    page,
    request,
  }) => {
    const email = `reset-${randomUUID()}@example.test`;
    const signUp = await request.post('/api/auth/register', {
      data: { email, password: OLD_PASSWORD, confirmAge13: true, firstName: 'Ana' },
    });
    // Registering signs nobody in; the verification mail waits in the outbox.
    expect(signUp.status()).toBe(202);

    await page.goto('/api/login?returnTo=%2F');
    await screenshot(page, 'signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('region', { name: 'Reset your password' });
    await forgot.getByLabel('Email').fill(email);
    await screenshot(page, 'forgot');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText('if an account uses this address');
    await expect(forgot.getByLabel('Email')).toBeHidden();
    await screenshot(page, 'sent');

    await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole('heading', { name: 'Local outbox' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    await screenshot(page, 'outbox');
    const resetLink = await followMailLink(page, email, 'Choose a new password');

    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(`For the account ${email}.`)).toBeVisible();
    await expect(page.getByText('Your password has been changed')).toBeHidden();
    // The link's secret leaves the address bar once the page has it.
    await expect(page).not.toHaveURL(/token=/);
    await screenshot(page, 'form');
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Your password has been changed and you are signed in.')).toBeVisible();
    await expect(page.getByLabel('New password')).toBeHidden();
    await screenshot(page, 'done');

    await page.getByRole('link', { name: 'Continue to Laundromat Finder' }).click();
    await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();

    // The same link again: refused, in words, with a way to ask for another.
    await page.goto(resetLink);
    await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await screenshot(page, 'used-link');

    const oldSignIn = await request.post('/api/auth/login', { data: { email, password: OLD_PASSWORD } });
    expect(oldSignIn.status()).toBe(401);
    const newSignIn = await request.post('/api/auth/login', { data: { email, password: NEW_PASSWORD } });
    expect(newSignIn.status()).toBe(200);
  });

  test('when the address has no account, then the page answers exactly as for one that has', async ({
    page,
  }) => {
    await page.goto('/api/login?mode=forgot&returnTo=%2F');
    const forgot = page.getByRole('region', { name: 'Reset your password' });
    await forgot.getByLabel('Email').fill(`nobody-${randomUUID()}@example.test`);
    await page.getByRole('button', { name: 'Send the link' }).click();

    await expect(page.getByRole('status')).toContainText('if an account uses this address');
  });

  test('when a new account is created, then the form says to read the mail, and its link verifies the address and signs in', async ({
    page,
  }) => {
    const email = `verify-${randomUUID()}@example.test`;
    await page.goto('/api/login?mode=register&returnTo=%2F&lang=fr');
    const form = page.getByRole('tabpanel', { name: 'Créer un compte' });
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Mot de passe').fill(OLD_PASSWORD);
    await form.getByLabel('Je confirme avoir au moins 13 ans').check();
    await form.getByRole('button', { name: 'Créer un compte' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Consultez vos e-mails pour terminer votre inscription.',
    );
    await expect(form.getByLabel('E-mail')).toBeHidden();
    await screenshot(page, 'register-sent');
    // Registering signs nobody in: the mailed link does.
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    await followMailLink(page, email, 'Confirmez votre adresse e-mail');

    await expect(page.getByRole('heading', { name: 'Votre adresse e-mail est vérifiée' })).toBeVisible();
    await screenshot(page, 'verified');
    const user = await page.request.get('/api/auth/user');
    expect(await user.json()).toMatchObject({ email, emailVerified: true });
  });
});
