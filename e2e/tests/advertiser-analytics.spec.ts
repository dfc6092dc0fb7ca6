import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  browserAgent,
  createProfile,
  expectNoHorizontalScroll,
  screenshot,
  servedAdOf,
  signUp,
} from './advertiser-helpers.ts';
import { saveTestCard } from './billing-helpers.ts';
import { screenshotAsPhone } from './owner-helpers.ts';

/**
 * The campaign analytics page over the real ad service: a campaign made through the API is served to a
 * viewer near its target, the viewer's impression and click are counted, and the page shows them (tiles,
 * charts, placement, the laundromat and its city, the CSV), as does the dashboard's Analytics tab.
 */

/**
 * Each project starts from its own side of the world (the ad slots' tests use Lisbon and Vienna), and its
 * campaign targets the demo laundromat nearest to it, so two runs side by side never serve each other's.
 */
const startingPoints = {
  desktop: { latitude: 59.91273, longitude: 10.74609 },
  phone: { latitude: -37.81361, longitude: 144.96306 },
} as const;

interface NearbyLaundromat {
  id: string;
  name: string;
  city: string;
  latitude: number;
  longitude: number;
}

async function nearestLaundromat(request: APIRequestContext, point: { latitude: number; longitude: number }) {
  const response = await request.get(
    `/api/laundromats?latitude=${point.latitude}&longitude=${point.longitude}&limit=1`,
  );
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: NearbyLaundromat[] };
  expect(items.length).toBeGreaterThan(0);
  return items[0]!;
}

test.describe('campaign analytics', () => {
  test('when a viewer sees and clicks the ad, then the analytics page shows 1 impression and 1 click, charted', async ({
    page,
    playwright,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signUp(page.request);
    await createProfile(page.request);
    // A $9 click is beyond the trial credit: only an account with a payment method is served it.
    await saveTestCard(page.request);
    const laundromat = await nearestLaundromat(
      page.request,
      startingPoints[testInfo.project.name as keyof typeof startingPoints],
    );
    const title = `Fresh towels ${randomUUID().slice(0, 6)}`;
    // The profile's own domain (createProfile): the automatic check approves an https link there at once.
    const created = await page.request.post('/api/campaigns', {
      data: {
        title,
        description: 'Half-price drying every Tuesday.',
        targetUrl: 'https://suds.example.test/offer',
        totalBudget: 200,
        dailyBudget: 50,
        // Worth far more than any other test's campaign, so it wins nearly every decision at this place.
        costPerClick: 9,
        status: 'active',
        targetLatitude: laundromat.latitude,
        targetLongitude: laundromat.longitude,
        radiusKm: 5,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const campaign = (await created.json()) as { id: string; moderationStatus: string };
    expect(campaign.moderationStatus).toBe('approved');

    // A viewer of the laundromat's page: not the advertiser (whose own views are never counted), with a
    // browser's agent. The ad service loads new campaigns every ADS_REFRESH_MS (2 s).
    const viewer = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { 'user-agent': browserAgent },
    });
    try {
      const { token, clickUrl } = await servedAdOf(viewer, laundromat, campaign.id);
      const impression = await viewer.post('/api/ads/impressions', { data: { token } });
      expect(impression.status(), await impression.text()).toBe(202);
      const click = await viewer.get(clickUrl, { maxRedirects: 0 });
      expect(click.status()).toBe(302);
      expect(click.headers()['location']).toBe('https://suds.example.test/offer');
    } finally {
      await viewer.dispose();
    }

    // Counters are kept within seconds; the page is opened once they are there.
    await expect
      .poll(
        async () => {
          const report = await page.request.get(`/api/campaigns/${campaign.id}/analytics`);
          const { totals } = (await report.json()) as { totals: { impressions: number; clicks: number } };
          return [totals.impressions, totals.clicks];
        },
        { timeout: 30_000 },
      )
      .toEqual([1, 1]);

    await page.goto(`/campaigns/${campaign.id}/analytics`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('analytics-impressions')).toContainText(/Impressions\s*1$/);
    await expect(page.getByTestId('analytics-clicks')).toContainText(/Clicks\s*1$/);
    await expect(page.getByTestId('analytics-ctr')).toContainText('100%');
    // A $9.00 bid in the laundromat detail's slot is charged its ×1.2 placement factor.
    await expect(page.getByTestId('analytics-spend')).toContainText('$10.80');
    await expect(page.getByTestId('analytics-invalid')).toContainText('0');
    await expect(page.getByTestId('analytics-invalid')).toContainText('never billed');
    // Conversions come from a promoted laundromat's page in the finder; this ad links to the advertiser's own
    // site, so none are counted: each kind 0, and a rate of 0 % of the one click, in the day's row too.
    const conversions = page.getByTestId('analytics-conversions');
    await expect(conversions.getByRole('heading', { name: 'Conversions' })).toBeVisible();
    await expect(page.getByTestId('analytics-conversions-directions')).toContainText(/Directions\s*0$/);
    await expect(page.getByTestId('analytics-conversions-call')).toContainText(/Calls\s*0$/);
    await expect(page.getByTestId('analytics-conversions-website')).toContainText(/Website visits\s*0$/);
    await expect(page.getByTestId('analytics-conversion-rate')).toContainText('0%');
    const perDay = conversions.getByRole('table', {
      name: 'Conversions per day (days with clicks or conversions)',
    });
    await expect(perDay.getByRole('row')).toHaveCount(2);
    await expect(perDay.getByRole('row').nth(1)).toContainText(/1\s*0\s*0\s*0\s*0%/);
    await conversions.scrollIntoViewIfNeeded();
    await screenshotAsPhone(page, 'campaign-analytics-conversions');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();

    // The charts: drawn on a canvas each, named for a screen reader, with a title.
    const traffic = page.getByTestId('chart-traffic');
    await expect(traffic.getByText('Impressions and clicks')).toBeVisible();
    const canvas = traffic.getByRole('img');
    await expect(canvas).toHaveAttribute('aria-label', /1 impressions and 1 clicks/);
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.height).toBeGreaterThan(150);
    await expect(page.getByTestId('chart-ctr').getByRole('img')).toBeVisible();
    await expect(page.getByTestId('chart-spend').getByRole('img')).toHaveAttribute('aria-label', /\$10\.80/);
    await expect(page.getByTestId('chart-placement').getByRole('img')).toHaveAttribute(
      'aria-label',
      /Laundromat detail: 1 impressions, 1 clicks/,
    );
    // The table a screen reader reads instead of the canvas.
    await expect(page.getByRole('table', { name: 'Figures per day (days with activity)' })).toHaveCount(1);

    // The laundromat by its name, from the directory, and its city.
    const laundromats = page.getByTestId('top-laundromats');
    await expect(laundromats.getByRole('row', { name: new RegExp(laundromat.name) })).toContainText('1');
    await expect(page.getByTestId('top-cities')).toContainText(laundromat.city);

    // The same report as a CSV file.
    const csvLink = page.getByRole('link', { name: 'Download CSV' });
    const href = (await csvLink.getAttribute('href'))!;
    expect(href).toMatch(/format=csv/);
    const csv = await page.request.get(href);
    expect(csv.headers()['content-type']).toMatch(/text\/csv/);
    expect(await csv.text()).toMatch(/^period,impressions,clicks,ctr,spend\r\n.*,1,1,1\.0000,10\.8000\r\n$/);

    await expectNoHorizontalScroll(page);
    await screenshot(page, 'campaign-analytics-figures');

    // By the hour over the last 7 days; 90 days are by day only.
    await page.getByRole('radio', { name: 'Last 7 days' }).check();
    await page.getByRole('radio', { name: 'Hour' }).check();
    await expect(page).toHaveURL(/range=last7&by=hour/);
    await expect(csvLink).toHaveAttribute('href', /granularity=hour/);
    await expect(page.getByRole('table', { name: 'Figures per hour (hours with activity)' })).toHaveCount(1);
    await expect(page.getByTestId('analytics-clicks')).toContainText(/Clicks\s*1$/);
    await page.getByRole('radio', { name: 'Last 90 days' }).check();
    await expect(page.getByRole('radio', { name: 'Hour' })).toBeDisabled();
    await expect(page.getByText('Hourly figures cover at most 31 days.')).toBeVisible();
    await expect(csvLink).toHaveAttribute('href', /granularity=day/);

    // Dates before the campaign: nothing to show, said plainly.
    await page.getByRole('radio', { name: 'Custom' }).check();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2025-01-01');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2025-01-31');
    await expect(page).toHaveURL(/range=custom&from=2025-01-01&to=2025-01-31/);
    await expect(page.getByRole('heading', { name: 'No figures for these dates' })).toBeVisible();
    await expect(page.getByTestId('analytics-impressions')).toContainText(/Impressions\s*0$/);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2024-12-01');
    await expect(page.getByText('The start date must be on or before the end date.')).toBeVisible();

    // The dashboard's overview: the last 30 days of the active campaigns, each leading to its page.
    await page.goto('/advertiser/dashboard');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
    const row = page.getByTestId('analytics-overview-row').filter({ hasText: title });
    await expect(row).toContainText(/Impressions\s*1/);
    await expect(row).toContainText(/Clicks\s*1/);
    await expect(page.getByTestId('analytics-overview-totals')).toContainText('$10.80');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'dashboard-analytics-overview');
    await row.getByRole('link', { name: title }).click();
    await page.waitForURL((url) => url.pathname === `/campaigns/${campaign.id}/analytics`);
    await expect(page.getByTestId('chart-traffic')).toBeVisible();

    // Ended, so another run against the same stack is not served this one.
    await page.request.post(`/api/campaigns/${campaign.id}/status`, { data: { status: 'ended' } });
  });
});
