import { expect, type APIRequestContext } from '@playwright/test';

/** Listed in ADMIN_EMAILS by playwright.config.ts; the first test to need it registers it. */
export const ADMIN_EMAIL = 'e2e-admin@example.test';
const PASSWORD = 'correct horse battery';

/**
 * Signs `request` (and a page sharing its cookies) in as the admin. An address in ADMIN_EMAILS is an
 * admin's only once its owner has proved it, so the first time the account's verification link is followed
 * from the local outbox (/dev/mail, `npm start`'s mail), and then it signs in again.
 */
export async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const registered = await request.post('/api/auth/register', {
    data: { email: ADMIN_EMAIL, password: PASSWORD, confirmAge13: true },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(500);
  // An address not yet proved gets a wrong password's 401, like anyone's; once proved, the admin role.
  const signIn = async () => {
    const signedIn = await request.post('/api/auth/login', {
      data: { email: ADMIN_EMAIL, password: PASSWORD },
    });
    if (!signedIn.ok()) return undefined;
    return ((await signedIn.json()) as { role: string }).role;
  };
  if ((await signIn()) === 'admin') return;
  let href: string | undefined;
  await expect(async () => {
    const outbox = await request.get(`/dev/mail?to=${encodeURIComponent(ADMIN_EMAIL)}`);
    href = /href="([^"]*\/api\/auth\/verify-email\?[^"]*)"/.exec(await outbox.text())?.[1];
    expect(href).toBeDefined();
  }).toPass({ timeout: 15_000 });
  const verified = await request.get(href!.replaceAll('&amp;', '&'));
  expect(verified.ok()).toBe(true);
  expect(await signIn()).toBe('admin');
}
