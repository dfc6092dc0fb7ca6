import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignAnalytics, ServedAd } from '@laundry/contracts';
import {
  caller,
  newAdvertiser,
  safeCampaign,
  startAdStack,
  type Session,
  type TestStack,
} from '../support/ad-stack.ts';
import {
  browserAgent,
  click,
  liveCampaign,
  reportImpression,
  requestAd,
  resignedToken,
  storedEvents,
} from '../support/delivery.ts';

/**
 * The click and its price belong to the decision that served the ad: the price it won at, the target it
 * showed, for the viewer it was made for, only after that viewer's impression.
 */
let stack: TestStack;
let owner: Session;

beforeAll(async () => {
  stack = await startAdStack({
    ADS_REFRESH_MS: '100',
    UNVERIFIED_SPENDING_CAP: '100000',
    AD_BURST_CLICKS_PER_MINUTE: '100000',
    AD_BURST_IMPRESSIONS_PER_MINUTE: '100000',
    // Small caps, reached only by the tests that come from addresses of their own.
    AD_DAILY_CLICKS_PER_ADDRESS: '5',
    AD_DAILY_CLICKS_PER_VIEWER: '2',
  });
  owner = await newAdvertiser(stack);
});

afterAll(() => stack?.stop());

/** A campaign alone in its own spot, and a way to be served its ad there. */
async function campaignAt(latitude: number, longitude: number, fields: Record<string, unknown> = {}) {
  const body = {
    ...safeCampaign,
    targetLatitude: latitude,
    targetLongitude: longitude,
    radiusKm: 5,
    ...fields,
  };
  const campaign = await liveCampaign(stack, owner, body);
  const serve = async (): Promise<ServedAd> => {
    const ad = await requestAd(stack, { placement: 'home-page', latitude, longitude });
    expect(ad?.campaignId).toBe(campaign.id);
    return ad!;
  };
  /** Edits the campaign as its advertiser, then waits for the decision engine to load the edit. */
  const edit = async (changes: Record<string, unknown>) => {
    const { status: _status, ...content } = body;
    const answer = await caller(stack, owner)('PUT', `/api/campaigns/${campaign.id}`, {
      ...content,
      ...changes,
    });
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
  };
  return { id: campaign.id, serve, edit };
}

describe('the price of a click', () => {
  it('when the bid is lowered after the ad was served, then its click is charged the price it was served at', async () => {
    const campaign = await campaignAt(-8.8383, 13.2344, { costPerClick: 5 });
    const ad = await campaign.serve();
    await campaign.edit({ costPerClick: 0.1 });
    expect((await reportImpression(stack, ad.token)).status).toBe(202);
    expect((await click(stack, ad.clickUrl)).status).toBe(302);
    expect(
      (await storedEvents(stack, campaign.id)).map((e) => [e.eventType, e.invalidReason, e.cost]),
    ).toEqual([
      ['impression', null, '0.0000'],
      ['click', null, '5.0000'],
    ]);
  });

  it('when the bid is raised after the ad was served, then its click is charged the lower price it won at', async () => {
    const campaign = await campaignAt(-4.4419, 15.2663, { costPerClick: 0.1 });
    const ad = await campaign.serve();
    await campaign.edit({ costPerClick: 5 });
    await reportImpression(stack, ad.token);
    await click(stack, ad.clickUrl);
    const [totals] = await stack.ad.db.query<{ spent: string; clicks: number }>(
      'SELECT total_spent::text AS spent, total_clicks::int AS clicks FROM campaigns WHERE id = $1',
      [campaign.id],
    );
    expect(totals).toEqual({ spent: '0.1000', clicks: 1 });
  });

  it('when the budget left no longer holds the price served, then the click is not charged at all', async () => {
    const campaign = await campaignAt(-15.3875, 28.3228, { costPerClick: 5 });
    const ad = await campaign.serve();
    await campaign.edit({ costPerClick: 0.5, dailyBudget: 4 });
    await reportImpression(stack, ad.token);
    await click(stack, ad.clickUrl);
    expect(
      (await storedEvents(stack, campaign.id)).map((e) => [e.eventType, e.invalidReason, e.cost]),
    ).toEqual([
      ['impression', null, '0.0000'],
      ['click', 'budget_exhausted', '0.0000'],
    ]);
  });
});

/** A click as a browser in `language` sends it: status, where it goes, and the page it shows. */
async function follow(clickUrl: string, language = 'en') {
  const answer = await fetch(`${stack.baseUrl}${clickUrl}`, {
    redirect: 'manual',
    headers: { 'user-agent': browserAgent, 'accept-language': language },
  });
  return { status: answer.status, location: answer.headers.get('location'), page: await answer.text() };
}

describe('where a click goes', () => {
  it('when the target is moved to another domain after serving, then the change waits for review and every click still goes to the approved target', async () => {
    const campaign = await campaignAt(-6.7924, 39.2083);
    const ad = await campaign.serve();
    await campaign.edit({ targetUrl: 'https://elsewhere.example/win' });
    const read = await caller(stack, owner)<{
      moderationStatus: string;
      targetUrl: string;
      pendingChange: { targetUrl: string; status: string } | null;
    }>('GET', `/api/campaigns/${campaign.id}`);
    // The approved version keeps serving while the other domain waits for an admin.
    expect(read.body).toMatchObject({
      moderationStatus: 'approved',
      targetUrl: safeCampaign.targetUrl,
      pendingChange: { targetUrl: 'https://elsewhere.example/win', status: 'pending' },
    });
    await reportImpression(stack, ad.token);
    expect(await follow(ad.clickUrl)).toMatchObject({ status: 302, location: safeCampaign.targetUrl });
    const next = await campaign.serve();
    await reportImpression(stack, next.token);
    expect(await follow(next.clickUrl)).toMatchObject({ status: 302, location: safeCampaign.targetUrl });
    expect((await storedEvents(stack, campaign.id)).map((e) => [e.eventType, e.invalidReason])).toEqual([
      ['impression', null],
      ['click', null],
      ['impression', null],
      ['click', null],
    ]);
  });

  it('when the campaign has ended, or the link is 30 days old, then the click shows our page, never a redirect', async () => {
    const campaign = await campaignAt(-1.9441, 30.0619);
    const ad = await campaign.serve();
    const old = resignedToken(stack, ad.token, { issuedAt: Math.floor(Date.now() / 1000) - 30 * 86_400 });
    const stale = await follow(`/api/ads/click/${old}`, 'es');
    expect(stale).toMatchObject({ status: 410, location: null });
    expect(stale.page).toContain('Este anuncio ya no está disponible');

    await caller(stack, owner)('POST', `/api/campaigns/${campaign.id}/status`, { status: 'ended' });
    const ended = await follow(ad.clickUrl, 'fr-FR,fr;q=0.9');
    expect(ended).toMatchObject({ status: 410, location: null });
    expect(ended.page).toContain('<html lang="fr">');
    expect(ended.page).toContain('Cette annonce n’est plus disponible');
    expect(ended.page).toContain('<a class="button" href="/">Trouver une laverie</a>');
    // A client asking for JSON is told so in the API's error shape.
    const asJson = await fetch(`${stack.baseUrl}${ad.clickUrl}`, {
      redirect: 'manual',
      headers: { 'user-agent': browserAgent, accept: 'application/json' },
    });
    expect([asJson.status, await asJson.json()]).toEqual([
      410,
      { message: 'This ad is no longer available.', code: 'AD_NO_LONGER_AVAILABLE' },
    ]);
    expect((await storedEvents(stack, campaign.id)).map((e) => e.invalidReason)).toEqual([
      'expired',
      'no_impression',
      'no_impression',
    ]);
  });

  it('when the link is past its counting time but within its life, then it still goes to the target served, unbilled', async () => {
    const campaign = await campaignAt(0.3476, 32.5825);
    const ad = await campaign.serve();
    const hourOld = resignedToken(stack, ad.token, { issuedAt: Math.floor(Date.now() / 1000) - 3600 });
    expect(await follow(`/api/ads/click/${hourOld}`)).toMatchObject({
      status: 302,
      location: safeCampaign.targetUrl,
    });
    expect((await storedEvents(stack, campaign.id)).map((e) => [e.invalidReason, e.cost])).toEqual([
      ['expired', '0.0000'],
    ]);
  });
});

/** A viewer at a client address of its own (and with a consented advertising id, if given). */
function viewerAt(address: string, adViewerId?: string) {
  const headers = {
    'user-agent': browserAgent,
    'x-forwarded-for': address,
    ...(adViewerId ? { cookie: `lf_ad_id=${adViewerId}` } : {}),
  };
  return {
    async serve(spot: { latitude: number; longitude: number }): Promise<ServedAd> {
      const query = new URLSearchParams({ placement: 'home-page', ...spotParams(spot) });
      const answer = await fetch(`${stack.baseUrl}/api/ads?${query}`, { headers });
      expect(answer.status).toBe(200);
      return (await answer.json()) as ServedAd;
    },
    async see(ad: ServedAd) {
      const answer = await fetch(`${stack.baseUrl}/api/ads/impressions`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ token: ad.token }),
      });
      expect(answer.status).toBe(202);
    },
    async click(ad: ServedAd) {
      const answer = await fetch(`${stack.baseUrl}${ad.clickUrl}`, { redirect: 'manual', headers });
      return { status: answer.status, location: answer.headers.get('location') };
    },
  };
}

const spotParams = (spot: { latitude: number; longitude: number }) => ({
  latitude: String(spot.latitude),
  longitude: String(spot.longitude),
});

const clickReasons = async (campaignId: string) =>
  (await storedEvents(stack, campaignId)).filter((e) => e.eventType === 'click').map((e) => e.invalidReason);

describe('which clicks are billed', () => {
  it('when a client fetches 15 ads and clicks each without any impression, then none is billed and each still goes to its target', async () => {
    const spot = { latitude: 9.0579, longitude: 7.4951 };
    const campaign = await campaignAt(spot.latitude, spot.longitude);
    const client = viewerAt('198.51.100.31');
    for (let i = 0; i < 15; i++) {
      const ad = await client.serve(spot);
      expect(await client.click(ad)).toEqual({ status: 302, location: safeCampaign.targetUrl });
    }
    expect(await clickReasons(campaign.id)).toEqual(Array(15).fill('no_impression'));
    const [totals] = await stack.ad.db.query<{ clicks: number; spent: string }>(
      'SELECT total_clicks::int AS clicks, total_spent::text AS spent FROM campaigns WHERE id = $1',
      [campaign.id],
    );
    expect(totals).toEqual({ clicks: 0, spent: '0.0000' });
    // The advertiser sees them as invalid traffic.
    const report = await caller(stack, owner)<CampaignAnalytics>(
      'GET',
      `/api/campaigns/${campaign.id}/analytics`,
    );
    expect(report.body.totals).toMatchObject({ clicks: 0, spend: 0, invalid: 15 });
  });

  it('when the impression or the click comes from another address than the one served, then it is not billed, yet the click goes to the target', async () => {
    const spot = { latitude: 5.6037, longitude: -0.187 };
    const campaign = await campaignAt(spot.latitude, spot.longitude);
    const served = viewerAt('198.51.100.41');
    const elsewhere = viewerAt('203.0.113.41');
    // Seen elsewhere: that impression is not the viewer's, so its click has none either.
    const first = await served.serve(spot);
    await elsewhere.see(first);
    expect(await served.click(first)).toMatchObject({ status: 302 });
    // Seen by the viewer, clicked elsewhere.
    const second = await served.serve(spot);
    await served.see(second);
    expect(await elsewhere.click(second)).toEqual({ status: 302, location: safeCampaign.targetUrl });
    // Seen and clicked by the viewer: billed.
    const third = await served.serve(spot);
    await served.see(third);
    await served.click(third);
    expect(
      (await storedEvents(stack, campaign.id)).map((e) => [e.eventType, e.invalidReason, e.cost]),
    ).toEqual([
      ['impression', 'other_viewer', '0.0000'],
      ['click', 'no_impression', '0.0000'],
      ['impression', null, '0.0000'],
      ['click', 'other_viewer', '0.0000'],
      ['impression', null, '0.0000'],
      ['click', null, '0.5000'],
    ]);
  });

  it('when one address, or one viewer across addresses, clicks past the day’s cap across campaigns, then the rest are not billed', async () => {
    const spots = [
      { latitude: 3.848, longitude: 11.5021 },
      { latitude: 0.4162, longitude: 9.4673 },
    ];
    const campaigns = await Promise.all(spots.map((spot) => campaignAt(spot.latitude, spot.longitude)));
    const office = viewerAt('198.51.100.51');
    for (let i = 0; i < 6; i++) {
      const ad = await office.serve(spots[i % 2]!);
      await office.see(ad);
      expect(await office.click(ad)).toMatchObject({ status: 302 });
    }
    const byAddress = [...(await clickReasons(campaigns[0]!.id)), ...(await clickReasons(campaigns[1]!.id))];
    // Five a day from one address (this stack's setting), the sixth kept as invalid.
    expect(byAddress.filter((reason) => reason === null)).toHaveLength(5);
    expect(byAddress.filter((reason) => reason === 'daily_click_cap')).toHaveLength(1);

    // One consented browser id from three addresses: two a day (this stack's setting).
    const spot = { latitude: -0.2298, longitude: 15.8277 };
    const campaign = await campaignAt(spot.latitude, spot.longitude);
    const id = randomUUID();
    for (const address of ['198.51.100.61', '198.51.100.62', '198.51.100.63']) {
      const viewer = viewerAt(address, id);
      const ad = await viewer.serve(spot);
      await viewer.see(ad);
      await viewer.click(ad);
    }
    expect(await clickReasons(campaign.id)).toEqual([null, null, 'daily_click_cap']);
  });
});

describe("a promoted laundromat's conversions", () => {
  const conversion = (body: unknown) =>
    fetch(`${stack.baseUrl}/api/ads/conversions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': browserAgent },
      body: JSON.stringify(body),
    });
  const conversions = async (campaignId: string) =>
    stack.ad.db.query<{ kind: string }>(
      'SELECT kind FROM ad_conversions WHERE campaign_id = $1 ORDER BY kind',
      [campaignId],
    );

  it('when the visitor taps directions twice and calls after a click, then each kind is counted once', async () => {
    const spot = { latitude: 14.6928, longitude: -17.4467 };
    const campaign = await campaignAt(spot.latitude, spot.longitude);
    const laundromatId = randomUUID();
    await stack.ad.db.query('UPDATE campaigns SET promoted_laundromat_id = $2 WHERE id = $1', [
      campaign.id,
      laundromatId,
    ]);
    const viewer = viewerAt('198.51.100.71');
    const ad = await viewer.serve(spot);

    // Before the click nothing is counted, though the answer is the same.
    expect((await conversion({ token: ad.token, kind: 'directions' })).status).toBe(202);
    expect(await conversions(campaign.id)).toEqual([]);

    await viewer.see(ad);
    const clicked = await viewer.click(ad);
    expect(clicked.status).toBe(302);
    // The click lands on the target with its token, for the page to report what the visitor does.
    const landing = new URL(clicked.location!);
    expect(landing.searchParams.get('adClick')).toBe(ad.token);

    for (const kind of ['directions', 'directions', 'call']) {
      expect((await conversion({ token: ad.token, kind })).status).toBe(202);
    }
    expect(await conversions(campaign.id)).toEqual([{ kind: 'call' }, { kind: 'directions' }]);

    expect((await conversion({ token: `${ad.token}x`, kind: 'call' })).status).toBe(400);
    expect((await conversion({ token: ad.token, kind: 'dance' })).status).toBe(400);
    expect(await conversions(campaign.id)).toHaveLength(2);

    // The advertiser's report counts them by kind, in the totals and in the day's row, and nothing more.
    const report = await caller(stack, owner)<CampaignAnalytics>(
      'GET',
      `/api/campaigns/${campaign.id}/analytics`,
    );
    const counted = { directions: 1, call: 1, website: 0 };
    expect(report.body.totals).toMatchObject({ clicks: 1, conversions: counted });
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00Z`;
    expect(report.body.series.find((row) => row.period === today)).toMatchObject({
      clicks: 1,
      conversions: counted,
    });
    expect(Object.keys(report.body.totals.conversions).sort()).toEqual(['call', 'directions', 'website']);
    // By hour, the same counts in the hour's row.
    const hourly = await caller(stack, owner)<CampaignAnalytics>(
      'GET',
      `/api/campaigns/${campaign.id}/analytics?granularity=hour`,
    );
    expect(hourly.body.totals.conversions).toEqual(counted);
    expect(hourly.body.series.filter((row) => row.conversions.call > 0)).toHaveLength(1);
  });

  it('when a campaign promotes no laundromat, then its click goes to the target as given, without the token', async () => {
    const spot = { latitude: 12.6392, longitude: -8.0029 };
    await campaignAt(spot.latitude, spot.longitude);
    const viewer = viewerAt('198.51.100.72');
    const ad = await viewer.serve(spot);
    await viewer.see(ad);
    const clicked = await viewer.click(ad);
    expect(clicked.location).toBe(safeCampaign.targetUrl);
  });
});
