import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { isPhone, openList, searchFromHero } from './finder-helpers.ts';
import { registerAndVerify } from './sign-up-helpers.ts';
import { saveTestCard } from './billing-helpers.ts';

/**
 * The finder's ad slots against the real ad service: three campaigns made through the API fill the three
 * slots of a page view, one each (no campaign fills two slots of what a visitor sees at once); an
 * impression is counted only after a second in view, and a click reaches the advertiser's page and its
 * analytics. Then the third-party network slot, against a stand-in script.
 */

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-ads-${name}.png`, fullPage });

const slot = (page: Page, placement: string) => page.locator(`aside[data-placement="${placement}"]`);

/** Each project targets its own city, so the two runs side by side never serve each other's campaign. */
const places = {
  desktop: { city: 'Lisbon', latitude: 38.71667, longitude: -9.13333 },
  phone: { city: 'Vienna', latitude: 48.20849, longitude: 16.37208 },
} as const;

interface Campaign {
  id: string;
  title: string;
  domain: string;
  targetUrl: string;
}

interface Analytics {
  totals: { impressions: number; clicks: number };
  byPlacement: { placement: string; impressions: number; clicks: number }[];
}

/**
 * A banner for the ad's image, drawn here and uploaded as the advertiser would (POST /api/photos/ad-image):
 * ads show only images served from our own site, so the advertiser's site is never reached for one.
 */
const adImage = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">
<rect width="600" height="400" fill="#0e7490"/><circle cx="470" cy="120" r="90" fill="#67e8f9"/>
<circle cx="470" cy="120" r="58" fill="#ecfeff"/><rect x="40" y="250" width="330" height="34" rx="8" fill="#ecfeff"/>
<rect x="40" y="300" width="230" height="24" rx="8" fill="#a5f3fc"/></svg>`;

/** The advertiser's website: the page a click lands on, answered by the test. */
async function serveAdvertiserSite(context: BrowserContext, campaign: Campaign) {
  await context.route(`https://${campaign.domain}/**`, (route) => {
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Offers</title><h1>Bright Suds offers</h1>',
    });
  });
}

async function analyticsOf(advertiser: APIRequestContext, campaign: Campaign): Promise<Analytics> {
  const response = await advertiser.get(`/api/campaigns/${campaign.id}/analytics?granularity=hour`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Analytics;
}

const placementFigures = (analytics: Analytics, placement: string) =>
  analytics.byPlacement.find((row) => row.placement === placement) ?? { impressions: 0, clicks: 0 };

const isImpression = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/ads/impressions';

/** On a phone the list is a drawer over the page; closed, the page's own slot can be seen. */
async function closeDrawer(page: Page) {
  if (isPhone()) await page.getByRole('button', { name: 'Close results' }).click();
}

test.describe('ad slots in the finder', () => {
  // Three campaigns per project, made once; the tests read their figures before and after what they do.
  test.describe.configure({ mode: 'serial' });

  let advertiser: APIRequestContext;
  /** One advertiser's three offers, one for each slot of a page view. */
  let campaigns: Campaign[] = [];
  let place: (typeof places)[keyof typeof places];

  /** The campaign a filled slot shows, read from its link (which slot gets which is the service's choice). */
  async function campaignIn(adSlot: Locator): Promise<Campaign> {
    const link = adSlot.getByRole('link');
    await expect(link).toContainText(new RegExp(campaigns.map((campaign) => campaign.title).join('|')));
    const text = (await link.textContent()) ?? '';
    return campaigns.find((campaign) => text.includes(campaign.title))!;
  }

  test.beforeAll(async ({ playwright }, testInfo) => {
    place = places[testInfo.project.name as keyof typeof places];
    const baseURL = testInfo.project.use.baseURL;
    advertiser = await playwright.request.newContext({ baseURL });
    await registerAndVerify(advertiser, {
      email: `ads-${randomUUID()}@example.test`,
      password: 'correct horse battery',
    });
    // The site's own domain: the automatic check approves an https link there at once.
    const domain = `brightsuds-${randomUUID().slice(0, 8)}.example`;
    const profile = await advertiser.post('/api/advertisers', {
      data: {
        businessName: 'Bright Suds Laundromat',
        industry: 'laundromat',
        description: 'Coin laundry open late',
        website: `https://${domain}`,
        contactEmail: `owner@${domain}`,
      },
    });
    expect(profile.status(), await profile.text()).toBe(201);
    // A $9 click is beyond the trial credit: only an account with a payment method is served it.
    await saveTestCard(advertiser);
    const targetUrl = `https://${domain}/offers`;
    const uploaded = await advertiser.post('/api/photos/ad-image', {
      multipart: {
        file: {
          name: 'ad.png',
          mimeType: 'image/png',
          buffer: await sharp(Buffer.from(adImage)).png().toBuffer(),
        },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    campaigns = [];
    for (const offer of ['Half-price drying', 'Free soap Sundays', 'Student wash deal']) {
      const title = `${offer} ${randomUUID().slice(0, 4)}`;
      const created = await advertiser.post('/api/campaigns', {
        data: {
          title,
          description: 'Fresh towels and free wifi while you wait.',
          imageUrl,
          targetUrl,
          // Three of them within the $500 an unverified business may budget in all.
          totalBudget: 150,
          dailyBudget: 50,
          // Worth far more than any other test's campaign, so these win the decisions in their city.
          costPerClick: 9,
          status: 'active',
          targetLatitude: place.latitude,
          targetLongitude: place.longitude,
          radiusKm: 30,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      campaigns.push({ id: ((await created.json()) as { id: string }).id, title, domain, targetUrl });
    }

    // The ad service reloads its campaigns every ADS_REFRESH_MS (2 s): wait until one page view's three
    // slots are served the three, one each.
    const viewer = await playwright.request.newContext({ baseURL });
    const at = `latitude=${place.latitude}&longitude=${place.longitude}`;
    await expect
      .poll(
        async () => {
          const view = randomUUID();
          const served = [];
          for (const placement of ['home-page', 'home-sidebar', 'laundromat-detail']) {
            const response = await viewer.get(`/api/ads?placement=${placement}&${at}&view=${view}`);
            served.push(
              response.status() === 200
                ? ((await response.json()) as { campaignId: string }).campaignId
                : null,
            );
          }
          return served.sort();
        },
        { timeout: 45_000, intervals: [500] },
      )
      .toEqual(campaigns.map((campaign) => campaign.id).sort());
    await viewer.dispose();
  });

  test.afterAll(async () => {
    // Ended, so a retry (or another run against the same stack) is not served these beside its own.
    for (const campaign of campaigns)
      await advertiser.post(`/api/campaigns/${campaign.id}/status`, { data: { status: 'ended' } });
    await advertiser?.dispose();
  });

  test(
    'when a city is searched and a laundromat opened, then the three slots show three different campaigns',
    { tag: '@phone' },
    async ({ page, context }) => {
      await serveAdvertiserSite(context, campaigns[0]!);
      await searchFromHero(page, place.city);
      await expect(page.getByTestId('result-count')).toContainText(`found near ${place.city}`);

      // The list's slot, a row among the results: on a desktop at their head, wholly within the first screen
      // without scrolling; on a phone in the results sheet after the first, which the peeking sheet shows.
      const sidebar = slot(page, 'home-sidebar');
      await expect(page.getByTestId('laundromat-card').nth(1)).toBeVisible();
      expect(
        await sidebar.evaluate(
          (aside, at) => aside.closest('ul')?.children[at]?.contains(aside),
          isPhone() ? 1 : 0,
        ),
      ).toBe(true);
      expect((await sidebar.boundingBox())?.height).toBe(100);
      if (!isPhone()) {
        const { bottom, viewport } = await sidebar.evaluate((aside) => ({
          bottom: aside.getBoundingClientRect().bottom,
          viewport: window.innerHeight,
        }));
        expect(bottom).toBeLessThanOrEqual(viewport);
      }
      await sidebar.scrollIntoViewIfNeeded();
      const sidebarCampaign = await campaignIn(sidebar);
      const sidebarAd = sidebar.getByRole('link');
      await expect(sidebarAd).toContainText(sidebarCampaign.title);
      await expect(sidebarAd).toContainText('Fresh towels and free wifi while you wait.');
      await expect(sidebarAd).toContainText(sidebarCampaign.domain);
      await expect(sidebarAd.getByText('Ad', { exact: true })).toBeVisible();
      await expect(sidebarAd).toHaveAttribute('href', /^\/api\/ads\/click\/.+/);
      await expect(sidebarAd).toHaveAttribute('target', '_blank');
      await expect(sidebarAd).toHaveAttribute('rel', 'sponsored noopener');
      await expect(sidebar.locator('img')).toHaveJSProperty('complete', true);
      await expect(sidebar).toHaveAccessibleName('Advertisement');
      if (isPhone()) await shot(page, 'list');

      // The page's slot, under the finder.
      await closeDrawer(page);
      const pageSlot = slot(page, 'home-page');
      await pageSlot.scrollIntoViewIfNeeded();
      const pageCampaign = await campaignIn(pageSlot);
      expect(pageCampaign.id).not.toBe(sidebarCampaign.id);
      await expect(pageSlot.getByRole('link')).toContainText(pageCampaign.domain);
      // The leaderboard keeps the height reserved before its ad came: 90 px on a desktop, 100 on a phone.
      const box = await pageSlot.boundingBox();
      expect(box?.height).toBe(isPhone() ? 100 : 90);
      // The whole page from its top (the list keeps its own scroll, down at its ad).
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await shot(page, 'home', true);

      // The detail's slot, asked for with the laundromat's id.
      await openList(page);
      const detailRequest = page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname === '/api/ads' && url.searchParams.get('placement') === 'laundromat-detail';
      });
      const card = page.getByTestId('laundromat-card').first();
      const laundromatId = await card.getAttribute('data-laundromat-id');
      await card.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const detailSlot = dialog.locator('aside[data-placement="laundromat-detail"]');
      await detailSlot.scrollIntoViewIfNeeded();
      expect(new URL((await detailRequest).url()).searchParams.get('laundromatId')).toBe(laundromatId);
      // The third campaign: the dialog is part of the page view whose other two slots are still on screen.
      const detailCampaign = await campaignIn(detailSlot);
      expect([sidebarCampaign.id, pageCampaign.id]).not.toContain(detailCampaign.id);
      expect((await detailSlot.boundingBox())?.height).toBe(100);
      await shot(page, 'detail');
    },
  );

  test('when the ad is glanced at for less than a second, then no impression is sent; after a second in view, one is', async ({
    page,
    context,
  }) => {
    // The detail's slot, at the foot of the laundromat's details: out of sight until they are scrolled to
    // it, on a desktop and a phone alike (the list's slot, at the head of the results, is in view as soon as
    // its ad comes).
    const placement = 'laundromat-detail';
    await serveAdvertiserSite(context, campaigns[0]!);
    // Which of the three the slot is served is the service's choice: each one's figures before it.
    const figuresBefore = new Map(
      await Promise.all(
        campaigns.map(
          async (ours) =>
            [ours.id, placementFigures(await analyticsOf(advertiser, ours), placement)] as const,
        ),
      ),
    );
    // When the page sent each impression and for which ad, by its own clock, to compare with when the ad
    // came into view.
    await page.addInitScript(() => {
      const sent: { at: number; token: string }[] = [];
      Object.assign(window, { impressionsSent: sent });
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.endsWith('/api/ads/impressions'))
          sent.push({
            at: performance.now(),
            token: (JSON.parse(String(init?.body)) as { token: string }).token,
          });
        return original(input, init);
      };
    });
    const sentFor = (token: string) =>
      page.evaluate(
        (token) =>
          (window as unknown as { impressionsSent: { at: number; token: string }[] }).impressionsSent.filter(
            (impression) => impression.token === token,
          ),
        token,
      );
    const served = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/ads' && url.searchParams.get('placement') === placement;
    });
    await searchFromHero(page, place.city);
    await openList(page);
    await page.getByTestId('laundromat-card').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();

    // A glance: the details are scrolled to the ad, which stays 400 ms in view, and back; timed inside the
    // page.
    await page.evaluate(async (placement) => {
      const adSlot = document.querySelector(`aside[data-placement="${placement}"]`)!;
      // The box that scrolls the details (the dialog's, or the page on a layout without one).
      const scrollerOf = (element: Element): Element => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const { overflowY } = getComputedStyle(parent);
          if (/auto|scroll/.test(overflowY) && parent.scrollHeight > parent.clientHeight) return parent;
        }
        return document.scrollingElement!;
      };
      adSlot.scrollIntoView({ block: 'center', behavior: 'instant' });
      await new Promise<void>((resolve) => {
        const check = () =>
          adSlot.querySelector('a[href^="/api/ads/click/"]') ? resolve() : requestAnimationFrame(check);
        check();
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      scrollerOf(adSlot).scrollTo({ top: 0, behavior: 'instant' });
    }, placement);
    const ad = (await (await served).json()) as { token: string; campaignId: string };
    const campaign = campaigns.find((ours) => ours.id === ad.campaignId)!;
    expect(campaign).toBeDefined();
    await expect(slot(page, placement).getByRole('link')).toContainText(campaign.title);
    const before = figuresBefore.get(campaign.id)!;
    await page.waitForTimeout(2_000);
    expect(await sentFor(ad.token)).toEqual([]);
    expect(placementFigures(await analyticsOf(advertiser, campaign), placement).impressions).toBe(
      before.impressions,
    );

    // A look: the same ad in view, and left there.
    const impression = page.waitForRequest(
      (request) => isImpression(request) && request.postDataJSON()?.token === ad.token,
      { timeout: 10_000 },
    );
    const inViewAt = await page.evaluate((placement) => {
      document
        .querySelector(`aside[data-placement="${placement}"]`)!
        .scrollIntoView({ block: 'center', behavior: 'instant' });
      return performance.now();
    }, placement);
    expect((await (await impression).response())?.status()).toBe(202);
    const [sent] = await sentFor(ad.token);
    expect(sent!.at - inViewAt).toBeGreaterThanOrEqual(1_000);

    // Once per served ad: scrolled away and back, it is not sent again.
    await page.evaluate((placement) => {
      const adSlot = document.querySelector(`aside[data-placement="${placement}"]`)!;
      // The box that scrolls the details (the dialog's, or the page on a layout without one).
      const scrollerOf = (element: Element): Element => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const { overflowY } = getComputedStyle(parent);
          if (/auto|scroll/.test(overflowY) && parent.scrollHeight > parent.clientHeight) return parent;
        }
        return document.scrollingElement!;
      };
      scrollerOf(adSlot).scrollTo({ top: 0, behavior: 'instant' });
      setTimeout(() => adSlot.scrollIntoView({ block: 'center', behavior: 'instant' }), 300);
    }, placement);
    await page.waitForTimeout(1_500);
    expect(await sentFor(ad.token)).toHaveLength(1);
    await expect
      .poll(async () => placementFigures(await analyticsOf(advertiser, campaign), placement).impressions)
      .toBe(before.impressions + 1);
  });

  test('when the ad is clicked, then a new tab opens the advertiser’s page and the click shows in the analytics', async ({
    page,
    context,
  }) => {
    await serveAdvertiserSite(context, campaigns[0]!);
    // The impressions the page has had counted: a click is billed only once its ad was seen.
    const seen: string[] = [];
    page.on('requestfinished', (request) => {
      if (isImpression(request)) seen.push((request.postDataJSON() as { token: string }).token);
    });
    await searchFromHero(page, place.city);
    await closeDrawer(page);
    const pageSlot = slot(page, 'home-page');
    await pageSlot.scrollIntoViewIfNeeded();
    const link = pageSlot.getByRole('link');
    const campaign = await campaignIn(pageSlot);
    // Read before the click: only this test clicks, so the figures now are those before it.
    const before = await analyticsOf(advertiser, campaign);
    const token = (await link.getAttribute('href'))!.replace('/api/ads/click/', '');
    // In the middle of the screen for its second (on a phone, the tab bar covers the screen's foot).
    await pageSlot.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await expect.poll(() => seen.includes(token), { timeout: 10_000 }).toBe(true);

    const opened = context.waitForEvent('page');
    await link.click();
    const target = await opened;
    await target.waitForURL(campaign.targetUrl);
    await expect(target.getByRole('heading', { name: 'Bright Suds offers' })).toBeVisible();
    // The finder stays where it was.
    expect(new URL(page.url()).pathname).toBe('/');

    await expect
      .poll(async () => (await analyticsOf(advertiser, campaign)).totals.clicks)
      .toBe(before.totals.clicks + 1);
    const after = await analyticsOf(advertiser, campaign);
    expect(placementFigures(after, 'home-page').clicks).toBe(
      placementFigures(before, 'home-page').clicks + 1,
    );
  });
});

/** The stand-in for a third-party network: it draws a marker into each slot the page queues. */
const standInScript = `(function () {
  function draw(slot) {
    var ad = document.createElement('div');
    ad.setAttribute('data-testid', 'stand-in-network-ad');
    ad.textContent = 'Stand-in network ad';
    ad.style.cssText = 'display:grid;place-items:center;height:250px;background:#fef3c7;color:#78350f;font:600 16px sans-serif';
    slot.appendChild(ad);
  }
  var queued = window.adNetworkQueue || [];
  window.adNetworkQueue = { push: draw };
  for (var i = 0; i < queued.length; i++) draw(queued[i]);
})();`;

const STAND_IN_PATH = '/stand-in-ad-network/tag.js';

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
}

async function adViewerCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'lf_ad_id')?.value;
}

test.describe('the third-party ad network slot', () => {
  test('when a network is configured, then its script loads only after advertising consent, once the slot is near the screen', async ({
    page,
    context,
  }) => {
    // The gateway of the test stack has no AD_NETWORK_SCRIPT_URL: its answer is replaced by a network whose
    // script is served here (from the page's own origin, which the page's script-src allows).
    const settingAsked: Request[] = [];
    const scriptAsked: Request[] = [];
    await page.route('**/api/ad-network', (route) => {
      settingAsked.push(route.request());
      return route.fulfill({ json: { scriptUrl: STAND_IN_PATH } });
    });
    await page.route(`**${STAND_IN_PATH}`, (route) => {
      scriptAsked.push(route.request());
      return route.fulfill({ contentType: 'text/javascript', body: standInScript });
    });

    // Necessary cookies only (the tests' stored choice): no setting asked, no script, no slot, no id.
    await page.goto('/');
    await expect(page.getByTestId('result-count')).toContainText('laundromats found');
    await scrollToBottom(page);
    await page.waitForTimeout(1_500);
    expect(settingAsked).toHaveLength(0);
    expect(scriptAsked).toHaveLength(0);
    await expect(page.locator('[data-ad-network-slot]')).toHaveCount(0);
    expect(await adViewerCookie(context)).toBeUndefined();

    // Advertising allowed in the cookie settings, at the top of the page: the slot is there, far below.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Settings' }).click();
    const preferences = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await preferences.getByRole('switch', { name: 'Advertising' }).click();
    await preferences.getByRole('button', { name: 'Save Preferences' }).click();
    const networkSlot = page.locator('[data-ad-network-slot]');
    await expect(networkSlot).toHaveCount(1);
    expect(await adViewerCookie(context)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const { height } = (await networkSlot.boundingBox())!;
    expect(height).toBeGreaterThanOrEqual(250);
    const { top, viewportHeight } = await networkSlot.evaluate((element) => ({
      top: element.getBoundingClientRect().top,
      viewportHeight: window.innerHeight,
    }));
    if (top > viewportHeight + 100) {
      await page.waitForTimeout(1_000);
      expect(scriptAsked).toHaveLength(0);
    }

    // Within 100 px of the screen: the script is loaded and draws into the slot.
    await networkSlot.evaluate((element) =>
      window.scrollBy({
        top: element.getBoundingClientRect().top - window.innerHeight + 20,
        behavior: 'instant',
      }),
    );
    await expect(networkSlot.getByTestId('stand-in-network-ad')).toBeVisible();
    expect(scriptAsked).toHaveLength(1);
    await networkSlot.scrollIntoViewIfNeeded();
    await shot(page, 'network');

    // Withdrawn: the slot goes and so does the advertising id.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Settings' }).click();
    await preferences.getByRole('switch', { name: 'Advertising' }).click();
    await preferences.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(networkSlot).toHaveCount(0);
    expect(await adViewerCookie(context)).toBeUndefined();
  });

  test.describe('with advertising consent given', () => {
    test('when no network is configured, then nothing of it is loaded and no slot is shown', async ({
      page,
      context,
    }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.addInitScript(() =>
        localStorage.setItem(
          'cookie-consent',
          JSON.stringify({ necessary: true, analytics: false, advertising: true }),
        ),
      );
      const setting = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/ad-network',
      );
      await page.goto('/');
      await expect(page.getByTestId('result-count')).toContainText('laundromats found');
      // The real gateway's answer: no network.
      expect((await setting).status()).toBe(204);
      await scrollToBottom(page);
      await page.waitForTimeout(1_500);
      await expect(page.locator('[data-ad-network-slot]')).toHaveCount(0);
      await expect(page.locator('script[data-ad-network]')).toHaveCount(0);
      // Only the product's own scripts were loaded.
      expect(
        scripts.filter((path) => !/^\/(mf-finder|mf-advertiser|mf-admin)?\/?[\w.-]+\.js$/.test(path)),
      ).toEqual([]);
      // With consent the page holds its first-party advertising id, for the ad service's frequency cap.
      expect(await adViewerCookie(context)).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
