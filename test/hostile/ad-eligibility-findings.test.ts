import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Campaign, ModerationQueueItem, ServedAd } from '@laundry/contracts';
import {
  caller,
  newAdvertiser,
  safeCampaign,
  signUpAdmin,
  startAdStack,
  untilServing,
  type Session,
  type TestStack,
} from '../../services/ad/test/support/ad-stack.ts';
import {
  liveCampaign,
  reportImpression,
  requestAd,
  storedEvents,
} from '../../services/ad/test/support/delivery.ts';
import { eventually } from '../support/servers.ts';

/**
 * What decides whether an ad may run, attacked as it was found open: a banned word written with hidden or
 * look-alike characters; an account without a payment method accruing delivery nobody can charge. One case
 * each, on one stack.
 */
let stack: TestStack;
let advertiser: Session;
let admin: Session;

beforeAll(async () => {
  stack = await startAdStack({ UNVERIFIED_SPENDING_CAP: '100000', ADS_REFRESH_MS: '100' });
  [advertiser, admin] = await Promise.all([newAdvertiser(stack), signUpAdmin(stack)]);
});

afterAll(() => stack?.stop());

describe('ad eligibility', () => {
  test('a banned word disguised with a Cyrillic letter, a zero-width space and a soft hyphen waits for an admin', async () => {
    const title = 'Win at the c\u0430sino, ca\u200bsino or cas\u00adino tonight';
    const created = await caller(stack, advertiser)<Campaign>('POST', '/api/campaigns', {
      ...safeCampaign,
      title,
    });
    expect(created.body.moderationStatus).toBe('pending');
    const queue = await caller(stack, admin)<ModerationQueueItem[]>(
      'GET',
      '/api/admin/moderation?status=pending',
    );
    const item = queue.body.find((entry) => entry.campaignId === created.body.id);
    expect(item?.flaggedContent.map((finding) => finding.reason)).toEqual([
      "Contains the prohibited term 'casino'",
      "The word 'c\u0430sino' mixes letters of different scripts",
    ]);
  });

  test('an account without a payment method, its campaign budgeted at $500, is charged no more than the $5.00 trial however many impressions arrive at once', async () => {
    const owner = await newAdvertiser(stack, {}, { paymentMethod: false });
    const spot = { latitude: 41.3874, longitude: 2.1686 };
    const campaign = await liveCampaign(stack, owner, {
      ...safeCampaign,
      totalBudget: 500,
      dailyBudget: 500,
      costPerImpression: 1,
      targetLatitude: spot.latitude,
      targetLongitude: spot.longitude,
      radiusKm: 5,
    });
    // Twelve decisions taken while nothing is accrued yet, their impressions all sent together.
    const ads: ServedAd[] = [];
    for (let i = 0; i < 12; i++) {
      const ad = await requestAd(stack, { placement: 'home-page', ...spot });
      expect(ad?.campaignId).toBe(campaign.id);
      ads.push(ad!);
    }
    const answers = await Promise.all(ads.map((ad) => reportImpression(stack, ad.token)));
    expect(answers.map((answer) => answer.status)).toEqual(ads.map(() => 202));

    const events = await storedEvents(stack, campaign.id);
    expect(events.filter((event) => event.invalidReason === null).map((event) => event.cost)).toEqual(
      Array.from({ length: 5 }, () => '1.0000'),
    );
    expect(events.filter((event) => event.invalidReason === 'not_servable')).toHaveLength(7);
    expect((await untilServing(stack, owner, (s) => s.hold !== null)).hold).toBe('payment_method_required');
    // The decision engine reloads what is servable every ADS_REFRESH_MS: within a reload it stops offering it.
    await eventually(
      async () =>
        ((await requestAd(stack, { placement: 'home-page', ...spot }))?.campaignId ?? null) === null,
    );
  });
});
