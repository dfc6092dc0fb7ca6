import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ServedAd } from '@laundry/contracts';
import {
  caller,
  newAdvertiser,
  safeCampaign,
  startAdStack,
  type Session,
  type TestStack,
} from '../../services/ad/test/support/ad-stack.ts';
import {
  click,
  liveCampaign,
  reportImpression,
  requestAd,
  storedEvents,
} from '../../services/ad/test/support/delivery.ts';

/**
 * The ad click path attacked as it was found open: a served ad's click repriced by the advertiser, sent
 * somewhere the ad never showed, and billed without the ad ever being seen. One case each, on one stack.
 */
let stack: TestStack;
let advertiser: Session;

beforeAll(async () => {
  stack = await startAdStack({ ADS_REFRESH_MS: '100', UNVERIFIED_SPENDING_CAP: '100000' });
  advertiser = await newAdvertiser(stack);
});

afterAll(() => stack?.stop());

/** A campaign of the advertiser alone in its spot, served there, and edited as the advertiser. */
async function campaignAt(latitude: number, longitude: number, fields: Record<string, unknown> = {}) {
  const body = {
    ...safeCampaign,
    targetLatitude: latitude,
    targetLongitude: longitude,
    radiusKm: 5,
    ...fields,
  };
  const { id } = await liveCampaign(stack, advertiser, body);
  return {
    id,
    async serve(): Promise<ServedAd> {
      const ad = await requestAd(stack, { placement: 'home-page', latitude, longitude });
      expect(ad?.campaignId).toBe(id);
      return ad!;
    },
    async edit(changes: Record<string, unknown>) {
      const { status: _status, ...content } = body;
      const answer = await caller(stack, advertiser)('PUT', `/api/campaigns/${id}`, {
        ...content,
        ...changes,
      });
      expect(answer.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
  };
}

describe('the ad click path', () => {
  test('an advertiser who lowers the bid after the ad was served still pays the price it won at', async () => {
    const campaign = await campaignAt(12.6392, -8.0029, { costPerClick: 5 });
    const ad = await campaign.serve();
    await campaign.edit({ costPerClick: 0.1 });
    await reportImpression(stack, ad.token);
    await click(stack, ad.clickUrl);
    const clicks = (await storedEvents(stack, campaign.id)).filter((event) => event.eventType === 'click');
    expect(clicks).toEqual([{ eventType: 'click', invalidReason: null, cost: '5.0000' }]);
  });

  test('an advertiser who moves a served ad’s link to another domain gets no approval: clicks keep the approved link', async () => {
    const campaign = await campaignAt(14.7167, -17.4677);
    const ad = await campaign.serve();
    await campaign.edit({ targetUrl: 'https://phish.example/login' });
    await reportImpression(stack, ad.token);
    // The new link waits for an admin beside the approved version, which keeps serving.
    const answer = await click(stack, ad.clickUrl);
    expect([answer.status, answer.headers.get('location')]).toEqual([302, safeCampaign.targetUrl]);
    const next = await click(stack, (await campaign.serve()).clickUrl);
    expect([next.status, next.headers.get('location')]).toEqual([302, safeCampaign.targetUrl]);
  });

  test('a client that fetches 15 ads and clicks each without ever seeing one is billed nothing, and still lands', async () => {
    const campaign = await campaignAt(13.5116, 2.1254);
    for (let i = 0; i < 15; i++) {
      const answer = await click(stack, (await campaign.serve()).clickUrl);
      expect([answer.status, answer.headers.get('location')]).toEqual([302, safeCampaign.targetUrl]);
    }
    const clicks = (await storedEvents(stack, campaign.id)).filter((event) => event.eventType === 'click');
    expect(clicks).toHaveLength(15);
    expect(clicks.filter((event) => event.invalidReason === null || event.cost !== '0.0000')).toEqual([]);
  });
});
