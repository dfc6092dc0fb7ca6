import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Signing in before proving the address: the API refuses it as it refuses a wrong password (so nobody
 * learns which addresses have accounts) and mails the owner a new link. The page says so plainly to the
 * one who registered in it, in the page's language, and gives everyone else a hint for the case.
 */
const PASSWORD = 'correct horse battery';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-sign-in-${name}.png`, fullPage: true });

async function verificationLinks(request: APIRequestContext, email: string): Promise<number> {
  const outbox = await request.get(`/dev/mail?to=${encodeURIComponent(email)}`);
  return (await outbox.text()).match(/href="[^"]*\/api\/auth\/verify-email\?/g)?.length ?? 0;
}

async function registerInPage(page: Page, email: string, language: string) {
  await page.goto(`/api/login?mode=register&returnTo=%2F&lang=${language}`);
  const panel = page.locator('#panel-register');
  await panel.locator('input[name="email"]').fill(email);
  await panel.locator('input[name="password"]').fill(PASSWORD);
  await panel.locator('input[name="confirmAge13"]').check();
  await panel.locator('button[type="submit"]').click();
  await expect(page.locator('#register-sent')).toBeVisible();
}

async function signInInPage(page: Page, email: string, password = PASSWORD) {
  await page.locator('#tab-signin').click();
  const panel = page.locator('#panel-signin');
  await panel.locator('input[name="email"]').fill(email);
  await panel.locator('input[name="password"]').fill(password);
  await panel.locator('button[type="submit"]').click();
  return panel.getByRole('alert');
}

test('when someone who just registered signs in before confirming, then the page says a new link is in their inbox', async ({
  page,
}) => {
  const email = `unconfirmed-${randomUUID()}@example.test`;
  await registerInPage(page, email, 'en');
  await expect.poll(() => verificationLinks(page.request, email)).toBe(1);

  const alert = await signInInPage(page, email);

  await expect(alert).toHaveText(
    'Check your inbox: we sent a new link to confirm your address. Follow it to finish signing up, then sign in.',
  );
  await screenshot(page, 'unconfirmed');
  // The link is really on its way: a second verification mail.
  await expect.poll(() => verificationLinks(page.request, email), { timeout: 15_000 }).toBe(2);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('when the page is in French, then the same notice is in French', async ({ page }) => {
  const email = `non-confirme-${randomUUID()}@example.test`;
  await registerInPage(page, email, 'fr');

  const alert = await signInInPage(page, email);

  await expect(alert).toHaveText(
    'Consultez votre boîte de réception : nous avons envoyé un nouveau lien pour confirmer votre adresse. Suivez-le pour terminer votre inscription, puis connectez-vous.',
  );
});

test('when a sign-in is refused in a tab that registered nobody, then the message keeps its meaning and adds the hint', async ({
  page,
}) => {
  await page.goto('/api/login?returnTo=%2F&lang=en');

  const alert = await signInInPage(page, `nobody-${randomUUID()}@example.test`, 'wrong password here');

  await expect(alert).toHaveText(
    'Invalid email or password. Just created your account? Confirm your address first: signing in with the right password sends a new link to your inbox.',
  );
  await screenshot(page, 'refused');
});
