import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { laundromatsNear } from './finder-helpers.ts';

/** A full-page screenshot under screenshots/, named by the project and `name`. */
export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png`, fullPage: true });

/** The same page at a phone's width, for a look at its narrow layout; then back to the desktop. */
export async function screenshotAsPhone(page: Page, name: string) {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-narrow`);
  if (desktop) await page.setViewportSize(desktop);
}

/** The claim's 6-digit code, read in the mail sent to `email` in the local outbox (/dev/mail). */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const outbox = await request.get(`/dev/mail?to=${encodeURIComponent(email)}`);
    code = /<pre>[^<]*?\b(\d{6})\b/.exec(await outbox.text())?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return code!;
}

/**
 * A laundromat with a website of its own (the demo's are pages at example.com) and no owner yet, picked at
 * random: another journey of the same run may already own one (a second e-mail claim is refused).
 */
export async function laundromatWithWebsite(request: APIRequestContext) {
  // The owner journeys of one run claim several: Lisbon's alone ran out once, so more cities are asked.
  const candidates = [];
  for (const city of ['Lisbon', 'Madrid', 'Paris', 'Rome']) {
    candidates.push(
      ...(await laundromatsNear(request, city)).filter(
        (candidate) => candidate.website?.startsWith('https://example.com/') && !candidate.ownerVerified,
      ),
    );
    if (candidates.length >= 3) break;
  }
  expect(candidates.length).toBeGreaterThan(0);
  // A retried run must not meet the owner an interrupted one left behind.
  return candidates[Math.floor(Math.random() * candidates.length)]!;
}

/** The laundromat claimed through the API by an address at its website: the account becomes its owner. */
export async function becomeOwner(request: APIRequestContext, laundromatId: string, email: string) {
  const claim = await request.post(`/api/laundromats/${laundromatId}/claims`, {
    data: { method: 'email-domain', email, language: 'en' },
  });
  expect(claim.ok(), await claim.text()).toBe(true);
  const { id } = (await claim.json()) as { id: string };
  const verify = await request.post(`/api/claims/${id}/verify`, {
    data: { code: await mailedCode(request, email) },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
}
