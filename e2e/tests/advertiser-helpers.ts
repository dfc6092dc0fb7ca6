import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerAndVerify } from './sign-up-helpers.ts';

/** A full-page screenshot in e2e/screenshots/, named by project (desktop, phone) and page. */
export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-advertiser-${name}.png`, fullPage: true });

/** A toast's title or text (Radix repeats it in a screen-reader live region, hence exact and first). */
export const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** A fresh account through the API; `page.request` shares the page's cookies, so the page is signed in. */
export async function signUp(request: APIRequestContext, label = 'advertiser'): Promise<string> {
  const email = `${label}-${randomUUID()}@example.test`;
  await registerAndVerify(request, { email, password: 'correct horse battery' });
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

/** A browser's user agent: the ad service keeps anything else (a bot, no agent) out of the counts. */
export const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export interface ServedAd {
  token: string;
  campaignId: string;
  clickUrl: string;
}

/**
 * The ad a viewer is served on a laundromat's page (or, with `placement`, in another slot near it) once the
 * ad service has loaded the campaign (it reloads its campaigns every few seconds); asks until it comes.
 */
export async function servedAdOf(
  viewer: APIRequestContext,
  laundromat: { id: string; latitude: number; longitude: number },
  campaignId: string,
  placement: 'laundromat-detail' | 'home-page' = 'laundromat-detail',
): Promise<ServedAd> {
  let ad: ServedAd | null = null;
  await expect
    .poll(
      async () => {
        const response = await viewer.get(
          `/api/ads?placement=${placement}&laundromatId=${laundromat.id}` +
            `&latitude=${laundromat.latitude}&longitude=${laundromat.longitude}`,
        );
        const served = response.status() === 200 ? ((await response.json()) as ServedAd) : null;
        if (served?.campaignId === campaignId) ad = served;
        return ad?.campaignId ?? null;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(campaignId);
  return ad!;
}
