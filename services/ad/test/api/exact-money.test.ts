import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignAnalytics } from '@laundry/contracts';
import {
  caller,
  newAdvertiser,
  safeCampaign,
  startAdStack,
  type ErrorBody,
  type Session,
  type TestStack,
} from '../support/ad-stack.ts';
import { click, liveCampaign, reportImpression, requestAd, storedEvents } from '../support/delivery.ts';

// Amounts that binary floats cannot hold: 0.29 * 4 and 1.15 * 100 are off in the last bit, 10.15 + 10.3 is
// 20.450000000000003 and three impressions at 0.0001 are 0.00030000000000000003. Money must come out exact.
let stack: TestStack;

beforeAll(async () => {
  stack = await startAdStack({
    ADS_REFRESH_MS: '100',
    UNVERIFIED_SPENDING_CAP: '20.45',
    AD_BURST_CLICKS_PER_MINUTE: '100000',
    AD_BURST_IMPRESSIONS_PER_MINUTE: '100000',
  });
});

afterAll(() => stack?.stop());

/** A campaign of its own in a spot no other test of this file serves. */
const at = (latitude: number, longitude: number) => ({
  spot: { latitude, longitude },
  target: { targetLatitude: latitude, targetLongitude: longitude, radiusKm: 5 },
});

const stored = (campaignId: string) =>
  stack.ad.db.query<Record<string, string>>(
    `SELECT total_budget::text AS "totalBudget", daily_budget::text AS "dailyBudget",
            cost_per_click::text AS "costPerClick", cost_per_impression::text AS "costPerImpression",
            total_spent::text AS "totalSpent",
            (SELECT spent::text FROM campaign_daily_spend WHERE campaign_id = $1) AS "spentToday"
     FROM campaigns WHERE id = $1`,
    [campaignId],
  );

describe('money that round-trips exactly', () => {
  it('when a campaign of $11.15 a day $1.16 at $0.29 a click is created, read and clicked, then every amount is exact and the fifth click is refused', async () => {
    const owner = await newAdvertiser(stack);
    const { spot, target } = at(-34.6037, -58.3816);
    const created = await liveCampaign(stack, owner, {
      ...safeCampaign,
      ...target,
      totalBudget: 11.15,
      dailyBudget: 1.16,
      costPerClick: 0.29,
    });
    const read = await caller(stack, owner)<Campaign>('GET', `/api/campaigns/${created.id}`);
    expect(read.body).toMatchObject({
      totalBudget: 11.15,
      dailyBudget: 1.16,
      costPerClick: 0.29,
      totalSpent: 0,
    });
    expect(await stored(created.id)).toEqual([
      {
        totalBudget: '11.15',
        dailyBudget: '1.16',
        costPerClick: '0.29',
        costPerImpression: null,
        totalSpent: '0.0000',
        spentToday: null,
      },
    ]);

    // What the outbox announces: campaign.created.v2 with integers of E4, never v1's dollars.
    const announced = await stack.ad.db.query<{ type: string; data: Record<string, unknown> }>(
      `SELECT type, envelope->'data' AS data FROM outbox
       WHERE type LIKE 'campaign.created.%' AND envelope->'data'->>'campaignId' = $1`,
      [created.id],
    );
    expect(announced).toEqual([
      {
        type: 'campaign.created.v2',
        data: expect.objectContaining({
          totalBudgetE4: 111500,
          dailyBudgetE4: 11600,
          costPerClickE4: 2900,
          currency: 'USD',
        }),
      },
    ]);

    const ads = [];
    for (let i = 0; i < 5; i++) ads.push((await requestAd(stack, { placement: 'home-page', ...spot }))!);
    expect(ads.every((ad) => ad.campaignId === created.id)).toBe(true);
    for (const ad of ads) {
      expect((await reportImpression(stack, ad.token)).status).toBe(202);
      expect((await click(stack, ad.clickUrl)).status).toBe(302);
    }
    const clicks = (await storedEvents(stack, created.id)).filter((e) => e.eventType === 'click');
    expect(clicks.map((e) => [e.invalidReason, e.cost])).toEqual([
      [null, '0.2900'],
      [null, '0.2900'],
      [null, '0.2900'],
      [null, '0.2900'],
      ['budget_exhausted', '0.0000'],
    ]);
    // What billing is told, through the outbox: v2 events whose cost is an integer of E4, never v1's dollars.
    const published = await stack.ad.db.query<{ type: string; costE4: unknown; revenueE4: unknown }>(
      `SELECT type, envelope->'data'->'costE4' AS "costE4", envelope->'data'->'revenueE4' AS "revenueE4"
       FROM outbox WHERE type LIKE 'ad.%-recorded.%' AND envelope->'data'->>'campaignId' = $1
       ORDER BY type, seq`,
      [created.id],
    );
    expect(published.filter((event) => event.type === 'ad.click-recorded.v2')).toEqual(
      Array.from({ length: 4 }, () => ({ type: 'ad.click-recorded.v2', costE4: 2900, revenueE4: 2900 })),
    );
    expect(published.map((event) => event.type).filter((type) => !type.endsWith('.v2'))).toEqual([]);
    const spent = await caller(stack, owner)<Campaign>('GET', `/api/campaigns/${created.id}`);
    // 4 × 0.29 is exactly the daily budget: spent to the cent, never beyond.
    expect(spent.body).toMatchObject({ totalSpent: 1.16, totalClicks: 4, dailyBudget: 1.16 });
    expect(await stored(created.id)).toMatchObject([{ totalSpent: '1.1600', spentToday: '1.1600' }]);
    const list = await caller(stack, owner)<Campaign[]>('GET', '/api/campaigns');
    expect(list.body.find((c) => c.id === created.id)).toMatchObject({
      totalBudget: 11.15,
      dailyBudget: 1.16,
      costPerClick: 0.29,
      totalSpent: 1.16,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await requestAd(stack, { placement: 'home-page', ...spot }))?.campaignId).toBeNull();
  });

  it('when three impressions are charged at $0.0001, then the spend, the report and the CSV say $0.0003', async () => {
    const owner = await newAdvertiser(stack);
    const { spot, target } = at(59.9139, 10.7522);
    const created = await liveCampaign(stack, owner, {
      ...safeCampaign,
      ...target,
      totalBudget: 10,
      dailyBudget: 1.15,
      costPerImpression: 0.0001,
    });
    for (let i = 0; i < 3; i++) {
      const ad = (await requestAd(stack, { placement: 'home-sidebar', ...spot }))!;
      expect(ad.campaignId).toBe(created.id);
      expect((await reportImpression(stack, ad.token)).status).toBe(202);
    }
    const read = await caller(stack, owner)<Campaign>('GET', `/api/campaigns/${created.id}`);
    expect(read.body).toMatchObject({ costPerImpression: 0.0001, dailyBudget: 1.15, totalSpent: 0.0003 });
    const report = await caller(stack, owner)<CampaignAnalytics>(
      'GET',
      `/api/campaigns/${created.id}/analytics?granularity=hour`,
    );
    expect(report.body.totals).toMatchObject({ impressions: 3, spend: 0.0003 });
    const csv = await fetch(`${stack.baseUrl}/api/campaigns/${created.id}/analytics?format=csv`, {
      headers: { cookie: owner.cookie },
    });
    const [, row] = (await csv.text()).split('\r\n');
    expect(row!.split(',').slice(1)).toEqual(['3', '0', '0.0000', '0.0003']);
  });

  it('when a budget is edited below what was spent by a fraction of a cent, then it is refused with the exact spend', async () => {
    const owner = await newAdvertiser(stack);
    const { spot, target } = at(-1.2921, 36.8219);
    const body = { ...safeCampaign, ...target, totalBudget: 20, dailyBudget: 20, costPerImpression: 10.0005 };
    const created = await liveCampaign(stack, owner, body);
    const ad = (await requestAd(stack, { placement: 'home-page', ...spot }))!;
    expect((await reportImpression(stack, ad.token)).status).toBe(202);

    const { status: _status, ...edit } = body;
    const below = await caller(stack, owner)<ErrorBody>('PUT', `/api/campaigns/${created.id}`, {
      ...edit,
      totalBudget: 10,
      dailyBudget: 10,
    });
    expect(below.status).toBe(400);
    expect(below.body.message).toBe(
      'The total budget cannot be less than what the campaign has already spent ($10.0005).',
    );
    const above = await caller(stack, owner)<Campaign>('PUT', `/api/campaigns/${created.id}`, {
      ...edit,
      totalBudget: 10.01,
      dailyBudget: 10.01,
    });
    expect(above.status).toBe(200);
    expect(above.body).toMatchObject({ totalBudget: 10.01, totalSpent: 10.0005 });
  });
});

describe('the spending cap, to the cent', () => {
  let owner: Session;
  beforeAll(async () => {
    owner = await newAdvertiser(stack);
  });

  it('when $10.15 and $10.30 fill a $20.45 cap exactly, then both are accepted and a cent more is refused', async () => {
    const first = await caller(stack, owner)('POST', '/api/campaigns', {
      ...safeCampaign,
      totalBudget: 10.15,
    });
    expect(first.status).toBe(201);
    const second = await caller(stack, owner)('POST', '/api/campaigns', {
      ...safeCampaign,
      totalBudget: 10.3,
      dailyBudget: 1.15,
    });
    expect(second.status).toBe(201);
    const third = await caller(stack, owner)<ErrorBody>('POST', '/api/campaigns', {
      ...safeCampaign,
      totalBudget: 10,
    });
    expect(third.status).toBe(400);
    expect(third.body.message).toContain('at most $20.45 in all ($0.00 left)');
    const profile = await caller(stack, owner)<{ spendingCap: number }>('GET', '/api/advertisers/me');
    expect(profile.body.spendingCap).toBe(20.45);
  });
});
