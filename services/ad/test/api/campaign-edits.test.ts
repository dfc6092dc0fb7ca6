import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPricingResponse, Campaign, ModerationQueueItem } from '@laundry/contracts';
import {
  caller,
  newAdvertiser,
  safeCampaign,
  signUpAdmin,
  startAdStack,
  type ErrorBody,
  type Session,
  type TestStack,
} from '../support/ad-stack.ts';
import { liveCampaign, reportImpression, requestAd, storedEvents } from '../support/delivery.ts';

let stack: TestStack;
let owner: Session;
let admin: Session;

beforeAll(async () => {
  stack = await startAdStack({
    ADS_REFRESH_MS: '100',
    UNVERIFIED_SPENDING_CAP: '100000',
    AD_BURST_IMPRESSIONS_PER_MINUTE: '100000',
  });
  [owner, admin] = await Promise.all([newAdvertiser(stack), signUpAdmin(stack)]);
});

afterAll(() => stack?.stop());

/** A campaign around its own point, so each test's ads are the only ones served there. */
let spots = 0;
function spot() {
  spots += 1;
  return { latitude: 10 + spots, longitude: 20 + spots };
}
const around = (at: { latitude: number; longitude: number }) => ({
  ...safeCampaign,
  targetLatitude: at.latitude,
  targetLongitude: at.longitude,
  radiusKm: 5,
});
const refreshed = () => new Promise((resolve) => setTimeout(resolve, 400));
const put = (id: string, body: unknown) =>
  caller(stack, owner)<Campaign & ErrorBody>('PUT', `/api/campaigns/${id}`, body);
const get = async (id: string) => (await caller(stack, owner)<Campaign>('GET', `/api/campaigns/${id}`)).body;
const served = (at: { latitude: number; longitude: number }) =>
  requestAd(stack, { placement: 'home-sidebar', ...at });
const reviewsOf = async (campaignId: string) =>
  stack.ad.db.query<{ status: string }>(
    'SELECT status FROM moderation_reviews WHERE campaign_id = $1 ORDER BY created_at, id',
    [campaignId],
  );
const queueItem = async (campaignId: string) =>
  (
    await caller(stack, admin)<ModerationQueueItem[]>('GET', '/api/admin/moderation?status=pending')
  ).body.find((item) => item.campaignId === campaignId);

describe('edits that keep an ad running', () => {
  it('when only the budgets, bid and dates change, then the approved ad keeps serving and nothing goes to review', async () => {
    const at = spot();
    const campaign = await liveCampaign(stack, owner, around(at));
    expect((await served(at))?.campaignId).toBe(campaign.id);

    const edited = await put(campaign.id, {
      ...around(at),
      dailyBudget: 25,
      totalBudget: 300,
      costPerClick: 0.8,
      endDate: '2999-12-31',
      frequencyCap: 3,
    });

    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      moderationStatus: 'approved',
      dailyBudget: 25,
      costPerClick: 0.8,
      pendingChange: null,
    });
    expect(await reviewsOf(campaign.id)).toEqual([{ status: 'approved' }]);
    await refreshed();
    for (let i = 0; i < 5; i++) expect((await served(at))?.campaignId).toBe(campaign.id);
  });

  it('when the title changes to one a person must check, then the approved version serves until an admin approves the change', async () => {
    const at = spot();
    const campaign = await liveCampaign(stack, owner, around(at));

    const edited = await put(campaign.id, {
      ...around(at),
      title: 'Casino night drying deals',
      dailyBudget: 12,
    });

    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: safeCampaign.title,
      moderationStatus: 'approved',
      dailyBudget: 12,
      pendingChange: {
        title: 'Casino night drying deals',
        status: 'pending',
        findings: [{ field: 'title', code: 'prohibitedTerm', params: { term: 'casino' } }],
      },
    });
    await refreshed();
    expect(await served(at)).toMatchObject({ campaignId: campaign.id, title: safeCampaign.title });
    const item = (await queueItem(campaign.id))!;
    expect(item).toMatchObject({ title: 'Casino night drying deals', reviewType: 'edit' });

    const approved = await caller(stack, admin)('POST', `/api/admin/moderation/${item.reviewId}`, {
      decision: 'approve',
    });

    expect(approved.status).toBe(200);
    expect(await get(campaign.id)).toMatchObject({
      title: 'Casino night drying deals',
      moderationStatus: 'approved',
      dailyBudget: 12,
      pendingChange: null,
    });
    await refreshed();
    expect(await served(at)).toMatchObject({ campaignId: campaign.id, title: 'Casino night drying deals' });
  });

  it('when an approved campaign is edited, then its queue item shows each changed field with its old and new value, creatives too', async () => {
    const at = spot();
    const campaign = await liveCampaign(stack, owner, around(at));
    const creative = {
      title: 'Free soap on Sundays',
      description: null,
      imageUrl: null,
      targetUrl: 'https://brightsuds.example/soap',
    };
    expect((await put(campaign.id, { ...around(at), creatives: [creative] })).status).toBe(200);
    const withCreative = await get(campaign.id);
    const creativeId = (withCreative.pendingChange?.creatives ?? withCreative.creatives)[0]?.id;
    const firstReview = await queueItem(campaign.id);
    if (firstReview) {
      await caller(stack, admin)('POST', `/api/admin/moderation/${firstReview.reviewId}`, {
        decision: 'approve',
      });
    }

    await put(campaign.id, {
      ...around(at),
      title: 'Casino night drying deals',
      description: '',
      targetUrl: 'https://brightsuds.example/casino',
      creatives: [{ ...creative, id: creativeId, title: 'Free soap and casino chips' }],
    });
    const item = (await queueItem(campaign.id))!;

    expect(item.reviewType).toBe('edit');
    expect(item.changes).toEqual([
      { field: 'title', creative: null, before: safeCampaign.title, after: 'Casino night drying deals' },
      { field: 'description', creative: null, before: safeCampaign.description, after: null },
      {
        field: 'targetUrl',
        creative: null,
        before: safeCampaign.targetUrl,
        after: 'https://brightsuds.example/casino',
      },
      { field: 'title', creative: 1, before: 'Free soap on Sundays', after: 'Free soap and casino chips' },
    ]);
  });

  it('when an admin refuses a change, then the approved version keeps serving and the advertiser sees why', async () => {
    const at = spot();
    const campaign = await liveCampaign(stack, owner, around(at));
    await put(campaign.id, { ...around(at), targetUrl: 'http://bit.ly/deal' });
    const item = (await queueItem(campaign.id))!;

    await caller(stack, admin)('POST', `/api/admin/moderation/${item.reviewId}`, {
      decision: 'request_changes',
      reason: 'Link to your own website',
    });

    const read = await get(campaign.id);
    expect(read).toMatchObject({
      targetUrl: safeCampaign.targetUrl,
      moderationStatus: 'approved',
      pendingChange: {
        targetUrl: 'http://bit.ly/deal',
        status: 'changes_requested',
        note: 'Link to your own website',
      },
    });
    expect(read.pendingChange!.findings.map((finding) => finding.code)).toEqual(
      expect.arrayContaining(['notHttps', 'shortener', 'foreignTargetDomain']),
    );
    await refreshed();
    expect((await served(at))?.campaignId).toBe(campaign.id);

    // Fixed to a low-risk link: approved at once, no second wait.
    const fixed = await put(campaign.id, { ...around(at), targetUrl: 'https://brightsuds.example/deal' });
    expect(fixed.body).toMatchObject({ targetUrl: 'https://brightsuds.example/deal', pendingChange: null });
  });

  it('when a held change is changed again, then the same review waits with the new content; withdrawn, it is gone and the approved version stays', async () => {
    const at = spot();
    const campaign = await liveCampaign(stack, owner, around(at));
    await put(campaign.id, { ...around(at), title: 'Casino towels' });
    const again = await put(campaign.id, { ...around(at), title: 'Betting on clean towels' });
    expect(again.body.pendingChange).toMatchObject({ title: 'Betting on clean towels', status: 'pending' });
    expect(await reviewsOf(campaign.id)).toEqual([{ status: 'approved' }, { status: 'pending' }]);
    expect((await queueItem(campaign.id))?.title).toBe('Betting on clean towels');

    const withdrawn = await caller(stack, owner)<Campaign>(
      'POST',
      `/api/campaigns/${campaign.id}/withdraw-change`,
    );

    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({
      title: safeCampaign.title,
      moderationStatus: 'approved',
      pendingChange: null,
    });
    expect(await queueItem(campaign.id)).toBeUndefined();
    expect(await reviewsOf(campaign.id)).toEqual([{ status: 'approved' }, { status: 'withdrawn' }]);
    const twice = await caller(stack, owner)<ErrorBody>(
      'POST',
      `/api/campaigns/${campaign.id}/withdraw-change`,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('No change of this campaign waits for review.');
    await refreshed();
    expect(await served(at)).toMatchObject({ campaignId: campaign.id, title: safeCampaign.title });
  });

  it('when another advertiser withdraws or duplicates the campaign, then it is not found and nothing changes', async () => {
    const at = spot();
    const campaign = await liveCampaign(stack, owner, around(at));
    await put(campaign.id, { ...around(at), title: 'Casino socks' });
    const stranger = await newAdvertiser(stack, {}, { paymentMethod: false });
    expect(
      (await caller(stack, stranger)('POST', `/api/campaigns/${campaign.id}/withdraw-change`)).status,
    ).toBe(404);
    expect((await caller(stack, stranger)('POST', `/api/campaigns/${campaign.id}/duplicate`)).status).toBe(
      404,
    );
    expect((await get(campaign.id)).pendingChange?.status).toBe('pending');
  });

  it('when a campaign has ended, then it cannot be edited but its Duplicate is a draft with the same content and no dates', async () => {
    const at = spot();
    const campaign = await liveCampaign(stack, owner, {
      ...around(at),
      endDate: '2999-01-01',
      targetCountries: ['FR'],
    });
    await caller(stack, owner)('POST', `/api/campaigns/${campaign.id}/status`, { status: 'ended' });

    const edit = await put(campaign.id, around(at));
    const copy = await caller(stack, owner)<Campaign>('POST', `/api/campaigns/${campaign.id}/duplicate`);

    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('Duplicate it');
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(campaign.id);
    expect(copy.body).toMatchObject({
      title: safeCampaign.title,
      status: 'draft',
      moderationStatus: 'approved',
      targetCountries: ['FR'],
      radiusKm: 5,
      totalBudget: safeCampaign.totalBudget,
      costPerClick: safeCampaign.costPerClick,
      startDate: null,
      endDate: null,
      totalSpent: 0,
    });
  });
});

describe('the price told up front', () => {
  it('when anyone asks for the pricing, then it is the platform fee and each placement’s factor, in basis points', async () => {
    const response = await fetch(`${stack.baseUrl}/api/ads/pricing`);
    const pricing = (await response.json()) as AdPricingResponse;
    expect(response.status).toBe(200);
    expect(pricing.feeRateBp).toBe(1500);
    expect(pricing.placements).toEqual(
      expect.arrayContaining([
        { key: 'home-sidebar', factorBp: 10_000 },
        { key: 'home-page', factorBp: 10_000 },
        { key: 'laundromat-detail', factorBp: 12_000 },
      ]),
    );
  });

  it('when an ad is shown in the detail slot, then it costs the bid times that slot’s factor, as the pricing says', async () => {
    const at = spot();
    const campaign = await liveCampaign(stack, owner, { ...around(at), costPerImpression: 0.01 });
    const home = (await requestAd(stack, { placement: 'home-sidebar', ...at }))!;
    const detail = (await requestAd(stack, { placement: 'laundromat-detail', ...at }))!;
    expect((await reportImpression(stack, home.token)).status).toBe(202);
    expect((await reportImpression(stack, detail.token)).status).toBe(202);
    expect((await storedEvents(stack, campaign.id)).map((event) => event.cost).sort()).toEqual([
      '0.0100',
      '0.0120',
    ]);
  });
});
