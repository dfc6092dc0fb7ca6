import { expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { browserAgent, servedAdOf } from './advertiser-helpers.ts';

/** Listed in ADMIN_EMAILS by playwright.config.ts; whichever test needs it first registers it. */
const ADMIN_EMAIL = 'e2e-admin@example.test';
const PASSWORD = 'correct horse battery';

interface NearbyLaundromat {
  id: string;
  latitude: number;
  longitude: number;
}

/** A new request context for someone else (a viewer, the admin), with its own cookies. */
async function otherPerson(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'user-agent': browserAgent } });
}

/**
 * An active campaign of the signed-in advertiser at the demo laundromat nearest `point`, served to a viewer
 * with a browser's agent, who sees it once and clicks it once: billable events through the real ad service.
 * Worth far more than any other test's campaign, so it wins the decisions at this place.
 */
export async function serveAndClickAnAd(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  point: { latitude: number; longitude: number },
  title: string,
): Promise<{ campaignId: string }> {
  const nearby = await page.request.get(
    `/api/laundromats?latitude=${point.latitude}&longitude=${point.longitude}&limit=1`,
  );
  expect(nearby.status(), await nearby.text()).toBe(200);
  const laundromat = ((await nearby.json()) as { items: NearbyLaundromat[] }).items[0]!;
  const created = await page.request.post('/api/campaigns', {
    data: {
      title,
      description: 'Billed by the browser test.',
      targetUrl: 'https://suds.example.test/offer',
      totalBudget: 200,
      dailyBudget: 50,
      costPerClick: 9.5,
      status: 'active',
      targetLatitude: laundromat.latitude,
      targetLongitude: laundromat.longitude,
      radiusKm: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as { id: string };

  const viewer = await otherPerson(playwright, baseURL);
  try {
    const { token, clickUrl } = await servedAdOf(viewer, laundromat, campaign.id);
    expect((await viewer.post('/api/ads/impressions', { data: { token } })).status()).toBe(202);
    expect((await viewer.get(clickUrl, { maxRedirects: 0 })).status()).toBe(302);
  } finally {
    await viewer.dispose();
  }
  return { campaignId: campaign.id };
}

/** Waits until billing's ledger has the advertiser's revenue (GET /api/analytics/revenue, in dollars). */
export async function untilRevenueIs(request: APIRequestContext, dollars: number) {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/analytics/revenue');
        return response.ok() ? ((await response.json()) as { totalRevenue: number }).totalRevenue : null;
      },
      { timeout: 20_000 },
    )
    .toBe(dollars);
}

/** POST /api/admin/billing/close-period as the e2e admin (registered the first time it is needed). */
export async function closePeriodAsAdmin(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
) {
  const admin = await otherPerson(playwright, baseURL);
  try {
    const registered = await admin.post('/api/auth/register', {
      data: { email: ADMIN_EMAIL, password: PASSWORD, confirmAge13: true },
    });
    if (registered.status() !== 201) {
      expect(registered.status(), await registered.text()).toBe(409);
      const signedIn = await admin.post('/api/auth/login', {
        data: { email: ADMIN_EMAIL, password: PASSWORD },
      });
      expect(signedIn.ok(), await signedIn.text()).toBe(true);
    }
    const closed = await admin.post('/api/admin/billing/close-period');
    expect(closed.status(), await closed.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/** On the test checkout page: the card's number and expiry, then Save card. */
export async function payOnTestCheckout(page: Page, cardNumber: string, expiry = '12 / 34') {
  await expect(page).toHaveURL(/\/api\/billing\/test-checkout\/cs_test_[0-9a-f]{32}$/, { timeout: 15_000 });
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add a card' })).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry date (MM / YY)').fill(expiry);
  await page.getByRole('button', { name: 'Save card' }).click();
}
