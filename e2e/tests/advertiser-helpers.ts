import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** A full-page screenshot in e2e/screenshots/, named by project (desktop, phone) and page. */
export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-advertiser-${name}.png`, fullPage: true });

/** A toast's title or text (Radix repeats it in a screen-reader live region, hence exact and first). */
export const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** A fresh account through the API; `page.request` shares the page's cookies, so the page is signed in. */
export async function signUp(request: APIRequestContext, label = 'advertiser'): Promise<string> {
  const email = `${label}-${randomUUID()}@example.test`;
  const response = await request.post('/api/auth/register', {
    data: { email, password: 'correct horse battery', confirmAge13: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}

/** An advertiser profile made through the API for the signed-in account. */
export async function createProfile(
  request: APIRequestContext,
  businessName = `Suds ${randomUUID().slice(0, 8)}`,
): Promise<string> {
  const response = await request.post('/api/advertisers', {
    data: {
      businessName,
      industry: 'laundromat',
      contactEmail: 'owner@suds.example.test',
      website: 'https://suds.example.test',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return businessName;
}

/** A campaign made through the API; returns its id. */
export async function createCampaign(
  request: APIRequestContext,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; title: string }> {
  const title = `Wash week ${randomUUID().slice(0, 6)}`;
  const response = await request.post('/api/campaigns', {
    data: { title, targetUrl: 'https://suds.example.test/offer', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: string; title: string };
  return body;
}

/** The page has no horizontal scroll: nothing is wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
