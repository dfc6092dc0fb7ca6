import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The newest verification link mailed to `email`, read in the local outbox (/dev/mail, `npm start`'s mail):
 * a registration signs nobody in, the link does.
 */
export async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  let href: string | undefined;
  await expect(async () => {
    const outbox = await request.get(`/dev/mail?to=${encodeURIComponent(email)}`);
    href = /href="([^"]*\/api\/auth\/verify-email\?[^"]*)"/.exec(await outbox.text())?.[1];
    expect(href).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return href!.replaceAll('&amp;', '&');
}

/**
 * Creates an account through the API the way a person does: registers, reads the mail and follows its
 * link, which verifies the address and signs in. `request` may be `page.request`, which shares the page's
 * cookies, so the page is signed in after.
 */
export async function registerAndVerify(
  request: APIRequestContext,
  data: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<void> {
  const registered = await request.post('/api/auth/register', { data: { ...data, confirmAge13: true } });
  expect(registered.status(), await registered.text()).toBe(202);
  const verified = await request.get(await verificationLink(request, data.email));
  expect(verified.ok()).toBe(true);
  const me = await request.get('/api/auth/user');
  expect(me.status(), 'signed in by the verification link').toBe(200);
}

/** Follows the verification link in the page itself, as a person clicking it in their mail would. */
export async function verifyInPage(page: Page, email: string): Promise<void> {
  await page.goto(await verificationLink(page.request, email));
  await expect(page.getByRole('heading', { name: 'Your email address is verified' })).toBeVisible();
}
