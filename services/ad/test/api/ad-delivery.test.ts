import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignAnalytics, ReachEstimate } from '@laundry/contracts';
import {
  caller,
  count,
  newAdvertiser,
  safeCampaign,
  signUp,
  startAdStack,
  validProfile,
  type ErrorBody,
  type Session,
  type TestStack,
} from '../support/ad-stack.ts';
import {
  browserAgent,
  click,
  forgeSignedToken,
  liveCampaign,
  reportImpression,
  requestAd,
  storedEvents,
} from '../support/delivery.ts';
import { eventually } from '../../../../test/support/servers.ts';

let stack: TestStack;
let owner: Session;

const paris = { latitude: 48.8566, longitude: 2.3522 };
const tokyo = { latitude: 35.6762, longitude: 139.6503 };
const lyon = { latitude: 45.764, longitude: 4.8357 };

beforeAll(async () => {
  stack = await startAdStack({
    ADS_REFRESH_MS: '100',
    UNVERIFIED_SPENDING_CAP: '100000',
    AD_BURST_CLICKS_PER_MINUTE: '100000',
    AD_BURST_IMPRESSIONS_PER_MINUTE: '100000',
    AD_DAILY_CLICKS_PER_ADDRESS: '100000',
    AD_REQUEST_FLUSH_MS: '100',
  });
  owner = await newAdvertiser(stack);
});

afterAll(() => stack?.stop());

describe('choosing an ad', () => {
  it('when a campaign targets a radius around Paris, then it is served in Paris and never in Tokyo', async () => {
    const campaign = await liveCampaign(stack, owner, {
      ...safeCampaign,
      title: 'Paris radius',
      targetLatitude: paris.latitude,
      targetLongitude: paris.longitude,
      radiusKm: 20,
    });
    for (let i = 0; i < 10; i++) {
      const inParis = await requestAd(stack, { placement: 'home-sidebar', ...paris });
      expect(inParis?.campaignId).toBe(campaign.id);
      const inTokyo = await requestAd(stack, { placement: 'home-sidebar', ...tokyo });
      expect(inTokyo?.campaignId).not.toBe(campaign.id);
    }
  });

  it('when a campaign targets a city or a country, then only places there get it', async () => {
    const city = await liveCampaign(stack, owner, {
      ...safeCampaign,
      title: 'Lyon only',
      targetCities: ['Lyon'],
    });
    const country = await liveCampaign(stack, owner, {
      ...safeCampaign,
      title: 'Japan',
      targetCountries: ['JP'],
    });
    const inLyon = await requestAd(stack, { placement: 'home-page', ...lyon });
    expect(inLyon?.campaignId).toBe(city.id);
    const inTokyo = await requestAd(stack, { placement: 'home-page', ...tokyo });
    expect(inTokyo?.campaignId).toBe(country.id);
  });

  it('when nothing fits, then the house ad is served, never counted', async () => {
    const ad = await requestAd(stack, { placement: 'laundromat-detail', latitude: -75, longitude: 0 });
    expect(ad).toMatchObject({ house: true, campaignId: null, clickUrl: '/advertiser/setup' });
  });

  it('when a campaign is draft, paused, waiting for moderation or not started, then it is not served', async () => {
    const spot = { latitude: -33.8688, longitude: 151.2093 };
    const target = { targetLatitude: spot.latitude, targetLongitude: spot.longitude, radiusKm: 5 };
    const draft = await liveCampaign(stack, owner, { ...safeCampaign, ...target, status: 'draft' });
    const future = await liveCampaign(stack, owner, { ...safeCampaign, ...target, startDate: '2099-01-01' });
    const risky = await liveCampaign(stack, owner, {
      ...safeCampaign,
      ...target,
      targetUrl: 'http://bit.ly/x',
    });
    expect(risky.moderationStatus).toBe('pending');
    const served = new Set<string | null>();
    for (let i = 0; i < 10; i++)
      served.add((await requestAd(stack, { placement: 'home-page', ...spot }))!.campaignId);
    expect(served).toEqual(new Set([null]));

    await caller(stack, owner)('POST', `/api/campaigns/${draft.id}/status`, { status: 'active' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await requestAd(stack, { placement: 'home-page', ...spot }))?.campaignId).toBe(draft.id);
    await caller(stack, owner)('POST', `/api/campaigns/${draft.id}/status`, { status: 'paused' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await requestAd(stack, { placement: 'home-page', ...spot }))?.campaignId).toBeNull();
    expect(future.id).toBeDefined();
  });

  it('when the query is wrong, then it is 400', async () => {
    const bad = await fetch(`${stack.baseUrl}/api/ads?placement=footer`);
    expect(bad.status).toBe(400);
    const half = await fetch(`${stack.baseUrl}/api/ads?placement=home-page&latitude=10`);
    expect(half.status).toBe(400);
  });
});

describe('counting impressions and clicks', () => {
  it('when an impression is reported twice, then it counts once and the replay is kept as invalid', async () => {
    const spot = { latitude: 64.1466, longitude: -21.9426 };
    const campaign = await liveCampaign(stack, owner, {
      ...safeCampaign,
      targetLatitude: spot.latitude,
      targetLongitude: spot.longitude,
      radiusKm: 5,
      costPerImpression: 0.01,
    });
    const ad = (await requestAd(stack, { placement: 'home-sidebar', ...spot }))!;
    expect((await reportImpression(stack, ad.token)).status).toBe(202);
    expect((await reportImpression(stack, ad.token)).status).toBe(202);
    expect(await storedEvents(stack, campaign.id)).toEqual([
      { eventType: 'impression', invalidReason: null, cost: '0.0100' },
      { eventType: 'impression', invalidReason: 'replayed', cost: '0.0000' },
    ]);
    const read = await caller(stack, owner)<{ totalImpressions: number; totalSpent: number }>(
      'GET',
      `/api/campaigns/${campaign.id}`,
    );
    expect(read.body).toMatchObject({ totalImpressions: 1, totalSpent: 0.01 });
  });

  it('when bots, agentless clients, old tokens or the advertiser report, then it is kept with the reason and not billed', async () => {
    const spot = { latitude: -41.2865, longitude: 174.7762 };
    const campaign = await liveCampaign(stack, owner, {
      ...safeCampaign,
      targetLatitude: spot.latitude,
      targetLongitude: spot.longitude,
      radiusKm: 5,
      costPerImpression: 0.02,
    });
    const token = async () => (await requestAd(stack, { placement: 'home-page', ...spot }))!.token;
    await reportImpression(stack, await token(), 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await reportImpression(stack, await token(), null);
    await reportImpression(
      stack,
      forgeSignedToken(stack, { campaignId: campaign.id, issuedAt: Math.floor(Date.now() / 1000) - 7200 }),
    );
    const own = (await requestAd(stack, { placement: 'home-page', ...spot }, owner))!;
    await reportImpression(stack, own.token, browserAgent, owner);
    expect((await storedEvents(stack, campaign.id)).map((e) => [e.invalidReason, e.cost])).toEqual([
      ['bot', '0.0000'],
      ['no_user_agent', '0.0000'],
      ['expired', '0.0000'],
      ['own_ad', '0.0000'],
    ]);
  });

  it('when an impression’s token was not signed by the service, then it is 400 and nothing is stored', async () => {
    const before = (await stack.ad.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_events'))[0]!.n;
    expect((await reportImpression(stack, 'eyJ4IjoxfQ.c2lnbmF0dXJl')).status).toBe(400);
    expect((await reportImpression(stack, '')).status).toBe(400);
    const after = (await stack.ad.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_events'))[0]!.n;
    expect(after).toBe(before);
  });

  it('when a click’s token was not signed by the service, then it is 400, kept as forged and never billed', async () => {
    // Tórshavn: no other test's campaign is near, so the ad served (whose token is forged) is this one's.
    const spot = { latitude: 62.0097, longitude: -6.7716 };
    const campaign = await liveCampaign(stack, owner, {
      ...safeCampaign,
      targetLatitude: spot.latitude,
      targetLongitude: spot.longitude,
      radiusKm: 5,
    });
    const ad = (await requestAd(stack, { placement: 'home-page', ...spot }))!;
    expect(ad.campaignId).toBe(campaign.id);
    // The served token's claims under a signature the service never made.
    const forged = `${ad.token.split('.')[0]}.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXI`;
    expect((await click(stack, `/api/ads/click/${forged}`)).status).toBe(400);
    expect(
      (await storedEvents(stack, campaign.id)).map((e) => [e.eventType, e.invalidReason, e.cost]),
    ).toEqual([['click', 'forged_token', '0.0000']]);
    const [stored] = await stack.ad.db.query<Record<string, unknown>>(
      `SELECT decision_id <> $2 AS "ownDecision", placement_id AS "placementId", user_city AS city,
              laundromat_id AS "laundromatId", user_agent AS "userAgent"
       FROM ad_events WHERE campaign_id = $1`,
      [campaign.id, JSON.parse(Buffer.from(ad.token.split('.')[0]!, 'base64url').toString())[0]],
    );
    expect(stored).toEqual({
      ownDecision: true,
      placementId: null,
      city: null,
      laundromatId: null,
      userAgent: browserAgent,
    });
    // Nothing counted or charged: the campaign's totals and its report are untouched.
    const [totals] = await stack.ad.db.query<{ clicks: number; spent: string }>(
      'SELECT total_clicks::int AS clicks, total_spent::text AS spent FROM campaigns WHERE id = $1',
      [campaign.id],
    );
    expect(totals).toEqual({ clicks: 0, spent: '0.0000' });
    const report = await caller(stack, owner)<CampaignAnalytics>(
      'GET',
      `/api/campaigns/${campaign.id}/analytics`,
    );
    expect(report.body.totals).toMatchObject({ clicks: 0, spend: 0 });

    // A token naming no campaign at all is kept too, under none.
    const before = await count(stack, 'ad_events', "campaign_id IS NULL AND invalid_reason = 'forged_token'");
    expect((await click(stack, '/api/ads/click/not-a-token')).status).toBe(400);
    expect(await count(stack, 'ad_events', "campaign_id IS NULL AND invalid_reason = 'forged_token'")).toBe(
      before + 1,
    );
  });

  it('when an ad is clicked, then it redirects to the target, charges the cost per click times the slot’s factor once, and the report shows it', async () => {
    const spot = { latitude: 1.3521, longitude: 103.8198 };
    const campaign = await liveCampaign(stack, owner, {
      ...safeCampaign,
      targetLatitude: spot.latitude,
      targetLongitude: spot.longitude,
      radiusKm: 5,
      costPerClick: 0.35,
    });
    const ad = (await requestAd(stack, { placement: 'laundromat-detail', ...spot }))!;
    await reportImpression(stack, ad.token);
    const first = await click(stack, ad.clickUrl);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(safeCampaign.targetUrl);
    const again = await click(stack, ad.clickUrl);
    expect(again.status).toBe(302);
    expect(
      (await storedEvents(stack, campaign.id)).map((e) => [e.eventType, e.invalidReason, e.cost]),
    ).toEqual([
      ['impression', null, '0.0000'],
      // The detail slot's price factor is ×1.2: a $0.35 bid is charged $0.42 there.
      ['click', null, '0.4200'],
      ['click', 'replayed', '0.0000'],
    ]);
    const report = await caller(stack, owner)<CampaignAnalytics>(
      'GET',
      `/api/campaigns/${campaign.id}/analytics?granularity=hour`,
    );
    expect(report.body.totals).toMatchObject({
      impressions: 1,
      clicks: 1,
      spend: 0.42,
      spendE4: 4200,
      ctr: 1,
      invalid: 1,
    });
    expect(report.body.byPlacement).toEqual([
      { placement: 'laundromat-detail', impressions: 1, clicks: 1, spend: 0.42, spendE4: 4200, ctr: 1 },
    ]);
    const csv = await fetch(`${stack.baseUrl}/api/campaigns/${campaign.id}/analytics?format=csv`, {
      headers: { cookie: owner.cookie },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).split('\r\n')[0]).toBe('period,impressions,clicks,ctr,spend');

    const stranger = await signUp(stack.baseUrl);
    expect((await caller(stack, stranger)('GET', `/api/campaigns/${campaign.id}/analytics`)).status).toBe(
      404,
    );
  });
});

describe('creatives and the weekly schedule', () => {
  it('when a campaign has two creatives, then ads rotate between them, a click goes to its own link, and the report counts each', async () => {
    const spot = { latitude: -33.8688, longitude: 151.2093 };
    const second = {
      title: 'Free wifi while you wait',
      description: 'And fresh towels',
      imageUrl: '/objects/ad-images/ab/abcdef01-2345-4678-9abc-def012345678.webp',
      targetUrl: 'https://brightsuds.example/wifi',
    };
    const campaign = await liveCampaign(stack, owner, {
      ...safeCampaign,
      targetLatitude: spot.latitude,
      targetLongitude: spot.longitude,
      radiusKm: 5,
      creatives: [second],
    });
    const ads = await Promise.all(
      Array.from({ length: 30 }, () => requestAd(stack, { placement: 'home-sidebar', ...spot })),
    );
    const ours = ads.filter((ad) => ad?.campaignId === campaign.id);
    expect(ours.length).toBeGreaterThan(20);
    const byTitle = new Map(ours.map((ad) => [ad!.title, ad!]));
    // While it learns, each creative is as likely as the other: thirty ads of one alone is a 1 in 10^9 chance.
    expect([...byTitle.keys()].sort()).toEqual([second.title, safeCampaign.title].sort());
    const other = byTitle.get(second.title)!;
    expect(other).toMatchObject({
      campaignId: campaign.id,
      description: second.description,
      displayUrl: 'brightsuds.example',
    });
    // Our own uploaded image is served; the advertiser's host is never handed to a visitor's browser.
    expect(other.imageUrl).toBe(second.imageUrl);
    expect(byTitle.get(safeCampaign.title)!.imageUrl).toBeNull();

    await reportImpression(stack, other.token);
    await reportImpression(stack, byTitle.get(safeCampaign.title)!.token);
    const clicked = await click(stack, other.clickUrl);
    expect(clicked.status).toBe(302);
    expect(clicked.headers.get('location')).toBe(second.targetUrl);

    const report = await caller(stack, owner)<CampaignAnalytics>(
      'GET',
      `/api/campaigns/${campaign.id}/analytics`,
    );
    const stored = await caller(stack, owner)<{ creatives: Array<{ id: string }> }>(
      'GET',
      `/api/campaigns/${campaign.id}`,
    );
    expect(report.body.byCreative).toEqual([
      { creativeId: campaign.id, title: safeCampaign.title, impressions: 1, clicks: 0, ctr: 0 },
      { creativeId: stored.body.creatives[0]!.id, title: second.title, impressions: 1, clicks: 1, ctr: 1 },
    ]);
  });

  it('when the weekly schedule leaves out the present hour, then the campaign is not served until it is in it', async () => {
    const spot = { latitude: -41.2865, longitude: 174.7762 };
    const hour = new Date().getUTCHours();
    const outside = { fromHour: (hour + 2) % 22, toHour: ((hour + 2) % 22) + 2 };
    const campaign = await liveCampaign(stack, owner, {
      ...safeCampaign,
      targetLatitude: spot.latitude,
      targetLongitude: spot.longitude,
      radiusKm: 5,
      schedule: { timeZone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], ...outside },
    });
    for (let i = 0; i < 5; i++) {
      expect((await requestAd(stack, { placement: 'home-sidebar', ...spot }))?.campaignId).not.toBe(
        campaign.id,
      );
    }
    const edit = await caller(stack, owner)('PUT', `/api/campaigns/${campaign.id}`, {
      ...safeCampaign,
      targetLatitude: spot.latitude,
      targetLongitude: spot.longitude,
      radiusKm: 5,
      schedule: { timeZone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], fromHour: 0, toHour: 24 },
    });
    expect(edit.status).toBe(200);
    // Served once the edit reaches what serving reads (at once, or after its short cache on a slow machine).
    await eventually(async () => {
      const served = await Promise.all(
        Array.from({ length: 5 }, () => requestAd(stack, { placement: 'home-sidebar', ...spot })),
      );
      return served.some((ad) => ad?.campaignId === campaign.id);
    });
  });
});

describe('budgets that hold', () => {
  /**
   * One campaign of each currency, clicked at the same moment: 150 clicks each, of which 33 are what the
   * budget allows ($9.90 of $10 at $0.30, ¥1,485 of ¥1,500 at ¥45); a 34th would pass it in either.
   */
  const cases = [
    {
      currency: 'USD',
      spot: { latitude: -22.9068, longitude: -43.1729 },
      budget: 10,
      cpc: 0.3,
      billed: '9.9000',
    },
    {
      currency: 'JPY',
      spot: { latitude: -12.0464, longitude: -77.0428 },
      budget: 1_500,
      cpc: 45,
      billed: '1485.0000',
    },
  ] as const;
  const clicks = 150;

  async function clickAtOnce({ currency, spot, budget, cpc }: (typeof cases)[number]) {
    const advertiser = currency === 'USD' ? owner : await newAdvertiser(stack, { billingCurrency: currency });
    const campaign = await liveCampaign(stack, advertiser, {
      ...safeCampaign,
      targetLatitude: spot.latitude,
      targetLongitude: spot.longitude,
      radiusKm: 5,
      totalBudget: budget,
      dailyBudget: budget,
      costPerClick: cpc,
    });
    // Served once what serving reads has the new campaign (at once, or after its short cache when busy).
    await eventually(
      async () => (await requestAd(stack, { placement: 'home-page', ...spot }))?.campaignId === campaign.id,
    );
    const ads = await Promise.all(
      Array.from({ length: clicks }, () => requestAd(stack, { placement: 'home-page', ...spot })),
    );
    expect(ads.every((ad) => ad?.campaignId === campaign.id)).toBe(true);
    // Each seen first: a click is billable only after its impression.
    await Promise.all(ads.map((ad) => reportImpression(stack, ad!.token)));
    const answers = await Promise.all(ads.map((ad) => click(stack, ad!.clickUrl)));
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    return campaign;
  }

  it('when a dollar and a yen campaign are clicked at once, then in each exactly what its budget allows is billed, in its currency', async () => {
    const campaigns = await Promise.all(cases.map(clickAtOnce));
    for (const [i, { currency, spot, cpc, billed }] of cases.entries()) {
      const campaign = campaigns[i]!;
      const [sums] = await stack.ad.db.query<Record<string, string>>(
        `SELECT SUM(cost)::text AS billed, count(*) FILTER (WHERE invalid_reason IS NULL)::text AS counted,
                count(*) FILTER (WHERE invalid_reason = 'budget_exhausted')::text AS refused,
                (SELECT total_spent::text FROM campaigns WHERE id = $1) AS spent,
                (SELECT spent::text FROM campaign_daily_spend WHERE campaign_id = $1) AS today
         FROM ad_events WHERE campaign_id = $1 AND event_type = 'click'`,
        [campaign.id],
      );
      expect(sums, currency).toEqual({
        billed,
        counted: '33',
        refused: String(clicks - 33),
        spent: billed,
        today: billed,
      });

      // Billing is told of each billed click once, in the campaign's currency, at its exact price.
      const published = await stack.ad.db.query<{ currency: string; costE4: number }>(
        `SELECT envelope->'data'->>'currency' AS currency, (envelope->'data'->>'costE4')::int AS "costE4"
         FROM outbox WHERE type = 'ad.click-recorded.v2' AND envelope->'data'->>'campaignId' = $1`,
        [campaign.id],
      );
      expect(published).toHaveLength(33);
      expect(new Set(published.map((event) => `${event.currency} ${event.costE4}`))).toEqual(
        new Set([`${currency} ${Math.round(cpc * 10_000)}`]),
      );
      const impressions = await stack.ad.db.query<{ currency: string }>(
        `SELECT DISTINCT envelope->'data'->>'currency' AS currency
         FROM outbox WHERE type = 'ad.impression-recorded.v2' AND envelope->'data'->>'campaignId' = $1`,
        [campaign.id],
      );
      expect(impressions).toEqual([{ currency }]);
      // The 80 % and 100 % notices name the currency too.
      const notices = await stack.ad.db.query<{ kind: string; currency: string }>(
        `SELECT envelope->'data'->>'kind' AS kind, envelope->'data'->>'currency' AS currency
         FROM outbox WHERE type = 'advertiser.notice-raised.v1' AND envelope->'data'->>'campaignId' = $1
           AND envelope->'data'->>'kind' LIKE 'budget-%' ORDER BY 1`,
        [campaign.id],
      );
      expect(notices).toEqual([
        { kind: 'budget-100', currency },
        { kind: 'budget-80', currency },
      ]);

      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await requestAd(stack, { placement: 'home-page', ...spot }))?.campaignId).toBeNull();
    }
  }, 120_000);
});

describe('the reach estimate against a scripted day', () => {
  it('when an area had four weeks of steady requests, then a day of the same traffic delivers within the estimated range', async () => {
    // Ushuaia: no other campaign of this file reaches it, and nothing was asked there before.
    const spot = { latitude: -54.8019, longitude: -68.303 };
    const area = { targetLatitude: spot.latitude, targetLongitude: spot.longitude, radiusKm: 20 };
    // 28 days of 280 to 320 requests a day in its cell, none filled (nothing targeted it).
    await stack.ad.db.query(
      `INSERT INTO ad_request_counts (day, cell_lat, cell_lng, requests, filled)
       SELECT current_date - n, -549, -684, 280 + (n % 5) * 10, 0 FROM generate_series(1, 28) AS n`,
    );
    // $5 a thousand impressions (0.005 a piece, 50 E4) and a budget that does not hold it back.
    const bid = { costPerImpressionE4: 50, dailyBudgetE4: 5_000_000 };
    const asked = await caller(stack, owner)<ReachEstimate>('POST', '/api/campaigns/reach-estimate', {
      ...area,
      ...bid,
    });
    expect(asked.status).toBe(200);
    const estimate = asked.body;
    // The middle half of the days: 290 to 310 a day. The product has served too little to know its own click
    // rate, so the estimate assumes one click in a hundred impressions.
    expect(estimate).toEqual({
      enough: true,
      basis: 'area',
      impressions: { low: 290, high: 310 },
      clicks: { low: 2, high: 4 },
      currency: 'USD',
      // 310 impressions at $0.005 are $1.55.
      suggestedDailyBudget: 2,
      limitedByBudget: false,
    });
    // A $1 day buys 200 of them at that price, and says so.
    const dollar = await caller(stack, owner)<ReachEstimate>('POST', '/api/campaigns/reach-estimate', {
      ...area,
      ...bid,
      dailyBudgetE4: 10_000,
    });
    expect(dollar.body).toMatchObject({
      impressions: { low: 200, high: 200 },
      clicks: { low: 2, high: 2 },
      limitedByBudget: true,
    });

    // The campaign as estimated, then a day of the same traffic: 300 requests there, each ad seen, and the
    // viewers clicking one in a hundred.
    const campaign = await liveCampaign(stack, owner, {
      ...safeCampaign,
      ...area,
      totalBudget: 1000,
      dailyBudget: 500,
      costPerImpression: 0.005,
    });
    const served: string[] = [];
    for (let batch = 0; batch < 3; batch++) {
      const ads = await Promise.all(
        Array.from({ length: 100 }, () => requestAd(stack, { placement: 'home-page', ...spot })),
      );
      const ours = ads.filter((ad) => ad?.campaignId === campaign.id);
      await Promise.all(ours.map((ad) => reportImpression(stack, ad!.token)));
      served.push(...ours.map((ad) => ad!.clickUrl));
    }
    expect(served).toHaveLength(300);
    const clicks = await Promise.all(
      served.filter((_, i) => i % 100 === 50).map((clickUrl) => click(stack, clickUrl)),
    );
    expect(clicks.map((answer) => answer.status)).toEqual([302, 302, 302]);

    const delivered = await caller(stack, owner)<{ totalImpressions: number; totalClicks: number }>(
      'GET',
      `/api/campaigns/${campaign.id}`,
    );
    const { totalImpressions, totalClicks } = delivered.body;
    expect(totalImpressions).toBe(300);
    expect(totalImpressions).toBeGreaterThanOrEqual(estimate.enough ? estimate.impressions.low : Infinity);
    expect(totalImpressions).toBeLessThanOrEqual(estimate.enough ? estimate.impressions.high : -1);
    expect(totalClicks).toBeGreaterThanOrEqual(estimate.enough ? estimate.clicks.low : Infinity);
    expect(totalClicks).toBeLessThanOrEqual(estimate.enough ? estimate.clicks.high : -1);

    // The day's requests were counted in the area too, every one of them filled.
    await eventually(async () => {
      const [today] = await stack.ad.db.query<{ requests: number; filled: number }>(
        `SELECT requests, filled FROM ad_request_counts
         WHERE day = current_date AND cell_lat = -549 AND cell_lng = -684`,
      );
      return today?.requests === 300 && today.filled === 300;
    });
    // 300 requests and impressions through the gateway: a loaded machine takes a while.
  }, 120_000);

  it('when the advertiser is billed in yen, then the bid is checked against the yen minimum and the suggestion is whole yen', async () => {
    const session = await signUp(stack.baseUrl);
    const profile = await caller(stack, session)('POST', '/api/advertisers', {
      ...validProfile,
      billingCurrency: 'JPY',
    });
    expect(profile.status).toBe(201);
    const ask = (bid: object) =>
      caller(stack, session)<ReachEstimate & ErrorBody>('POST', '/api/campaigns/reach-estimate', {
        targetLatitude: -54.8019,
        targetLongitude: -68.303,
        radiusKm: 20,
        ...bid,
      });
    // ¥10 a click is 100,000 E4: over the dollar minimum's 1,000, under the yen one's ¥15.
    const low = await ask({ costPerClickE4: 100_000 });
    expect(low.status).toBe(400);
    expect(low.body.errors).toEqual([{ path: 'costPerClickE4', message: 'Minimum cost per click is ¥15' }]);
    // ¥75 a click with the area's four weeks: a whole number of yen, at least the ¥150 daily minimum.
    const yen = await ask({ costPerClickE4: 750_000, dailyBudgetE4: 15_000_000 });
    expect(yen.status).toBe(200);
    expect(yen.body).toMatchObject({ enough: true, currency: 'JPY', limitedByBudget: false });
    if (yen.body.enough) {
      expect(Number.isInteger(yen.body.suggestedDailyBudget)).toBe(true);
      expect(yen.body.suggestedDailyBudget).toBeGreaterThanOrEqual(150);
      expect(yen.body.suggestedDailyBudget).toBe(Math.max(150, yen.body.clicks.high * 75));
    }
  });

  it('when a request gives no position, then it counts toward the estimate for all traffic and no area', async () => {
    const unplaced = async () => {
      const [row] = await stack.ad.db.query<{ requests: number }>(
        'SELECT requests FROM ad_request_counts WHERE day = current_date AND cell_lat = -32768 AND cell_lng = -32768',
      );
      return row?.requests ?? 0;
    };
    const before = await unplaced();
    for (let i = 0; i < 3; i++) await requestAd(stack, { placement: 'home-page' });
    await eventually(async () => (await unplaced()) === before + 3);
    // Four weeks of them are traffic for all, and for no area: not even the one their cell's number would
    // be on the globe (-3276.75° is -36.75°, in the South Atlantic).
    await stack.ad.db.query(
      `INSERT INTO ad_request_counts (day, cell_lat, cell_lng, requests, filled)
       SELECT current_date - n, -32768, -32768, 1000, 0 FROM generate_series(1, 28) AS n`,
    );
    const ask = (area: object) =>
      caller(stack, owner)<ReachEstimate>('POST', '/api/campaigns/reach-estimate', {
        costPerClickE4: 5000,
        ...area,
      });
    expect((await ask({})).body).toMatchObject({ enough: true, basis: 'everywhere' });
    const atSea = await ask({ targetLatitude: -36.75, targetLongitude: -36.75, radiusKm: 50 });
    expect(atSea.body).toEqual({ enough: false, basis: 'area' });
  });
});
