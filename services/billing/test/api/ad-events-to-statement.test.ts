import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutDetail, PayoutListItem, RevenueAnalyticsResponse, ServedAd } from '@laundry/contracts';
import {
  admin,
  caller,
  eventually,
  ledgerTotals,
  signUp,
  startBillingStack,
  type Session,
  type TestStack,
} from '../support/billing-stack.ts';

let stack: TestStack;
let adminSession: Session;

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const lisbon = { latitude: 38.7223, longitude: -9.1393 };
const tokyo = { latitude: 35.6762, longitude: 139.6503 };

beforeAll(async () => {
  stack = await startBillingStack({
    ADS_REFRESH_MS: '100',
    HOUSE_ADS: 'false',
    UNVERIFIED_SPENDING_CAP: '100000',
    AD_BURST_CLICKS_PER_MINUTE: '100000',
    AD_BURST_IMPRESSIONS_PER_MINUTE: '100000',
  });
  adminSession = await admin(stack);
});
afterAll(() => stack?.stop());

async function serve(at: { latitude: number; longitude: number } = lisbon): Promise<ServedAd> {
  const query = new URLSearchParams({
    placement: 'home-sidebar',
    ...Object.fromEntries(Object.entries(at).map(([k, v]) => [k, String(v)])),
  });
  const answer = await fetch(`${stack.baseUrl}/api/ads?${query}`, { headers: { 'user-agent': browser } });
  expect(answer.status).toBe(200);
  return (await answer.json()) as ServedAd;
}

describe('from the ad service to a statement', () => {
  it('when the ad service counts impressions and clicks, then billing bills exactly them to the advertiser’s owner', async () => {
    const owner = await signUp(stack.baseUrl);
    const asOwner = caller(stack, owner);
    const profile = await asOwner<{ id: string }>('POST', '/api/advertisers', {
      businessName: 'Tagus Wash',
      contactEmail: 'owner@tagus-wash.example',
      website: 'https://tagus-wash.example',
    });
    const campaign = await asOwner<{ id: string }>('POST', '/api/campaigns', {
      title: 'Lisbon washes',
      targetUrl: 'https://tagus-wash.example/offers',
      totalBudget: 100,
      dailyBudget: 50,
      costPerClick: 0.35,
      status: 'active',
      targetLatitude: lisbon.latitude,
      targetLongitude: lisbon.longitude,
      radiusKm: 10,
    });
    expect([profile.status, campaign.status]).toEqual([201, 201]);
    await new Promise((resolve) => setTimeout(resolve, 400));

    for (let i = 0; i < 6; i++) {
      const ad = await serve();
      expect(ad.campaignId).toBe(campaign.body.id);
      const impression = await fetch(`${stack.baseUrl}/api/ads/impressions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': browser },
        body: JSON.stringify({ token: ad.token }),
      });
      expect(impression.status).toBeLessThan(300);
      if (i < 4) {
        const clicked = await fetch(`${stack.baseUrl}${ad.clickUrl}`, {
          redirect: 'manual',
          headers: { 'user-agent': browser },
        });
        expect(clicked.status).toBe(302);
      }
    }

    // 6 free impressions and 4 clicks at $0.35 = $1.40, as the ad service charged them.
    await eventually(async () => (await ledgerTotals(stack, profile.body.id)).entries === 10, 20_000);
    expect(await ledgerTotals(stack, profile.body.id)).toEqual({
      entries: 10,
      impressions: 6,
      clicks: 4,
      amountE4: 14_000,
    });
    const revenue = await asOwner<RevenueAnalyticsResponse>('GET', '/api/analytics/revenue');
    expect(revenue.body.totalRevenue).toBe(1.4);

    await caller(stack, adminSession)('POST', '/api/admin/billing/close-period');

    const list = await asOwner<PayoutListItem[]>('GET', '/api/payouts');
    expect(list.body).toEqual([
      expect.objectContaining({ totalImpressions: 6, totalClicks: 4, totalRevenue: 1.4 }),
    ]);
    const detail = await asOwner<PayoutDetail>('GET', `/api/payouts/${list.body[0]!.id}`);
    expect(detail.body).toMatchObject({
      advertiserId: profile.body.id,
      platformFee: 0.21,
      advertiserCharge: 1.61,
    });
  });
  it('when a yen advertiser’s ads are clicked, then billing bills them in whole yen, never as dollars', async () => {
    const owner = await signUp(stack.baseUrl);
    const asOwner = caller(stack, owner);
    const profile = await asOwner<{ id: string }>('POST', '/api/advertisers', {
      businessName: 'Shibuya Coin Laundry',
      contactEmail: 'owner@shibuya-laundry.example',
      website: 'https://shibuya-laundry.example',
      billingCurrency: 'JPY',
    });
    const campaign = await asOwner<{ id: string }>('POST', '/api/campaigns', {
      title: 'Tokyo washes',
      targetUrl: 'https://shibuya-laundry.example/offers',
      totalBudget: 15_000,
      dailyBudget: 1_500,
      costPerClick: 75,
      status: 'active',
      targetLatitude: tokyo.latitude,
      targetLongitude: tokyo.longitude,
      radiusKm: 10,
    });
    expect([profile.status, campaign.status]).toEqual([201, 201]);
    await new Promise((resolve) => setTimeout(resolve, 400));

    for (let i = 0; i < 3; i++) {
      const ad = await serve(tokyo);
      expect(ad.campaignId).toBe(campaign.body.id);
      const impression = await fetch(`${stack.baseUrl}/api/ads/impressions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': browser },
        body: JSON.stringify({ token: ad.token }),
      });
      expect(impression.status).toBeLessThan(300);
      const clicked = await fetch(`${stack.baseUrl}${ad.clickUrl}`, {
        redirect: 'manual',
        headers: { 'user-agent': browser },
      });
      expect(clicked.status).toBe(302);
    }

    // 3 free impressions and 3 clicks at ¥75 = ¥225, in the ledger in yen; fee 15 % ¥33.75 → ¥34; ¥259.
    await eventually(async () => (await ledgerTotals(stack, profile.body.id)).entries === 6, 20_000);
    const ledger = await stack.billing.db.query<{ currency: string; e4: string }>(
      `SELECT currency, sum(amount_e4)::text AS e4 FROM ledger_entries WHERE advertiser_id = $1
       GROUP BY currency`,
      [profile.body.id],
    );
    expect(ledger).toEqual([{ currency: 'JPY', e4: String(3 * 750_000) }]);

    await caller(stack, adminSession)('POST', '/api/admin/billing/close-period');

    const list = await asOwner<PayoutListItem[]>('GET', '/api/payouts');
    expect(list.body).toEqual([
      expect.objectContaining({
        currency: 'JPY',
        totalImpressions: 3,
        totalClicks: 3,
        totalRevenue: 225,
        platformFeeCents: 34,
        advertiserChargeCents: 259,
      }),
    ]);
  });
});
