import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedAd } from '@laundry/contracts';
import {
  addTestCard,
  caller,
  newAdvertiser,
  safeCampaign,
  startAdStack,
  untilServing,
  type TestStack,
} from '../support/ad-stack.ts';
import { liveCampaign, reportImpression, requestAd, storedEvents } from '../support/delivery.ts';
import { fileURLToPath } from 'node:url';
import { migrate } from '@laundry/platform/db';
import { eventually, silentLogger } from '../../../../test/support/servers.ts';

/**
 * The serving gate through the real services: identity verifies the address when the person follows the
 * mailed link, billing saves the test card, and the ad service hears of both through the outbox and the
 * broker. Without a card an advertiser is served, and charged, only up to the trial credit.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startAdStack({
    ADS_REFRESH_MS: '100',
    UNVERIFIED_SPENDING_CAP: '100000',
    AD_TRIAL_CREDIT: '1.00',
  });
});

afterAll(() => stack?.stop());

/** A campaign paying $0.25 per impression, the only one around its spot. */
async function cpmCampaign(
  session: Parameters<typeof liveCampaign>[1],
  spot: { latitude: number; longitude: number },
) {
  return liveCampaign(stack, session, {
    ...safeCampaign,
    costPerImpression: 0.25,
    targetLatitude: spot.latitude,
    targetLongitude: spot.longitude,
    radiusKm: 5,
  });
}

/** Asks for an ad at the spot and counts its impression, as many times as the campaign is served. */
async function viewWhileServed(
  spot: { latitude: number; longitude: number },
  campaignId: string,
  most: number,
) {
  let counted = 0;
  for (let i = 0; i < most; i++) {
    const ad: ServedAd | undefined = await requestAd(stack, { placement: 'home-page', ...spot });
    if (ad?.campaignId !== campaignId) break;
    expect((await reportImpression(stack, ad.token)).status).toBe(202);
    counted += 1;
    // The next decision reads the spend this one added (the engine reloads every 100 ms).
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return counted;
}

describe('serving gate', () => {
  it('when a verified advertiser has no payment method, then impressions are served and charged up to the trial credit and no further', async () => {
    const owner = await newAdvertiser(stack, {}, { paymentMethod: false });
    const spot = { latitude: 48.2082, longitude: 16.3738 };
    const campaign = await cpmCampaign(owner, spot);

    expect(await viewWhileServed(spot, campaign.id, 10)).toBe(4);
    const charged = (await storedEvents(stack, campaign.id)).filter((event) => event.invalidReason === null);
    expect(charged.map((event) => event.cost)).toEqual(['0.2500', '0.2500', '0.2500', '0.2500']);
    const serving = await untilServing(stack, owner, (s) => s.hold !== null);
    expect(serving).toEqual({
      hold: 'payment_method_required',
      emailVerified: true,
      hasPaymentMethod: false,
      trialCreditE4: 10_000,
      accruedE4: 10_000,
    });
  });

  it('when that advertiser then saves a card, then their campaign runs again beyond the trial credit', async () => {
    const owner = await newAdvertiser(stack, {}, { paymentMethod: false });
    const spot = { latitude: 50.0755, longitude: 14.4378 };
    const campaign = await cpmCampaign(owner, spot);
    expect(await viewWhileServed(spot, campaign.id, 10)).toBe(4);

    await addTestCard(stack, owner);
    await untilServing(stack, owner, (s) => s.hold === null && s.hasPaymentMethod);
    await eventually(
      async () => (await requestAd(stack, { placement: 'home-page', ...spot }))?.campaignId === campaign.id,
    );
    expect(await viewWhileServed(spot, campaign.id, 2)).toBe(2);
    const spent = await caller(stack, owner)<{ totalSpent: number }>('GET', `/api/campaigns/${campaign.id}`);
    expect(spent.body.totalSpent).toBe(1.5);
  });

  it('when an advertiser verified their address and saved a card before the gate existed, then their campaign serves once the upgrade migrations ran', async () => {
    const owner = await newAdvertiser(stack);
    const spot = { latitude: 52.2297, longitude: 21.0122 };
    const campaign = await cpmCampaign(owner, spot);
    // As before the upgrade: identity holds the proved address and billing the card, but neither ever told
    // the ad service, and their announcing migrations have not run yet.
    await stack.ad.db.query('DELETE FROM account_standing WHERE user_id = $1', [owner.user.id]);
    await stack.identity.db.query(`DELETE FROM schema_migrations WHERE name LIKE '0009_announce%'`);
    await stack.billing.db.query(`DELETE FROM schema_migrations WHERE name LIKE '0005_announce%'`);
    expect((await untilServing(stack, owner, (s) => s.hold !== null)).hold).toBe('email_unverified');

    const migrations = (service: string) =>
      fileURLToPath(new URL(`../../../${service}/migrations/`, import.meta.url));
    await migrate(stack.identity.db, migrations('identity'), { logger: silentLogger });
    await migrate(stack.billing.db, migrations('billing'), { logger: silentLogger });

    const upgraded = await untilServing(stack, owner, (s) => s.emailVerified && s.hasPaymentMethod);
    expect(upgraded.hold).toBeNull();
    await eventually(
      async () => (await requestAd(stack, { placement: 'home-page', ...spot }))?.campaignId === campaign.id,
    );
    // Six impressions at $0.25 go beyond the $1.00 trial credit: the card counts again.
    expect(await viewWhileServed(spot, campaign.id, 6)).toBe(6);
  });

  it('when an advertiser who spent beyond the trial credit removes their card, then their campaign stops serving', async () => {
    const owner = await newAdvertiser(stack);
    const spot = { latitude: 47.4979, longitude: 19.0402 };
    const campaign = await cpmCampaign(owner, spot);
    expect(await viewWhileServed(spot, campaign.id, 5)).toBe(5);

    const removed = await caller(stack, owner)('DELETE', '/api/billing/payment-method');
    expect(removed.status).toBe(200);

    const serving = await untilServing(stack, owner, (s) => !s.hasPaymentMethod);
    expect(serving).toMatchObject({ hold: 'payment_method_required', accruedE4: 12_500 });
    // The engine reloads what is servable every ADS_REFRESH_MS: then only the house ad is left there.
    await eventually(
      async () =>
        ((await requestAd(stack, { placement: 'home-page', ...spot }))?.campaignId ?? null) === null,
    );
  });
});
