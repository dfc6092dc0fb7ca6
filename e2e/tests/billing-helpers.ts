import { expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { browserAgent, servedAdOf } from './advertiser-helpers.ts';
import { signInAsAdmin } from './admin-helpers.ts';

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
 * On a laundromat's page by default, whose slot charges the bid times 1.2.
 * Worth far more than any other test's campaign, so it wins the decisions at this place.
 */
export async function serveAndClickAnAd(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  point: { latitude: number; longitude: number },
  title: string,
  costPerClick = 9.5,
  placement: 'laundromat-detail' | 'home-page' = 'laundromat-detail',
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
      costPerClick,
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
    const { token, clickUrl } = await servedAdOf(viewer, laundromat, campaign.id, placement);
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
    await signInAsAdmin(admin);
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

/**
 * Saves the test provider's paying card for the signed-in advertiser as the settings page would, through
 * the API: POST /api/billing/payment-method, then the test checkout page's form. The ad service serves a
 * campaign beyond the small trial credit only once the account has a payment method; it hears of the card
 * through an event, so this waits until GET /api/advertisers/me/serving says so.
 */
export async function saveTestCard(request: APIRequestContext, cardNumber = '4242 4242 4242 4242') {
  const started = await request.post('/api/billing/payment-method');
  expect(started.status(), await started.text()).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const saved = await request.post(url, { form: { cardNumber, expiry: '12 / 34' }, maxRedirects: 0 });
  expect(saved.status(), await saved.text()).toBe(303);
  await expect
    .poll(
      async () => {
        const serving = await request.get('/api/advertisers/me/serving');
        return serving.ok()
          ? ((await serving.json()) as { hasPaymentMethod: boolean }).hasPaymentMethod
          : null;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

interface InvoiceState {
  status: string;
  paymentStatus: string;
  lastDecline: { code: string } | null;
}

/**
 * Waits until the advertiser's latest statement (GET /api/billing/invoices, what the settings page reads)
 * is as `ready` says. The charge and its retries run on the billing service's timers: the journey waits on
 * the data, then opens the page once, rather than reloading a page that takes seconds to draw on a busy
 * machine within a second's expectation.
 */
export async function untilLatestInvoice(
  request: APIRequestContext,
  ready: (invoice: InvoiceState) => boolean,
  timeout = 30_000,
) {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/billing/invoices');
        if (!response.ok()) return false;
        const [latest] = (await response.json()) as InvoiceState[];
        return latest !== undefined && ready(latest);
      },
      { timeout, intervals: [1_000] },
    )
    .toBe(true);
}

/** GET /api/billing/account's standing: 'active' or 'suspended', as the dashboard reads it. */
export async function accountStatus(request: APIRequestContext): Promise<string | null> {
  const response = await request.get('/api/billing/account');
  return response.ok() ? ((await response.json()) as { status: string }).status : null;
}

/** GET /api/campaigns/{id}'s status: 'active', 'paused', 'ended'... */
export async function campaignStatus(request: APIRequestContext, id: string): Promise<string | null> {
  const response = await request.get(`/api/campaigns/${id}`);
  return response.ok() ? ((await response.json()) as { status: string }).status : null;
}
