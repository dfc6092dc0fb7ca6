import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createMemoryBus, createMemoryCache, createOutbox } from '@laundry/platform';
import { createDeliveryRepository } from '../../src/infra/delivery-repository.ts';
import { createNoticeRepository } from '../../src/infra/notice-repository.ts';
import { createAccountStandingRepository } from '../../src/infra/account-standing-repository.ts';
import { createAdServer } from '../../src/domain/delivery/ad-server.ts';
import { countEvent } from '../../src/domain/delivery/ad-counting.ts';
import { createAdTestDb, insertCampaign, type AdTestDb } from '../support/ad-db.ts';
import { browserAgent } from '../support/delivery.ts';

/**
 * A frequency cap is per viewer, campaign and day, and the day is the campaign's own, in its target time
 * zone, as its budget and pacing run: a new day there lifts the cap, a new UTC day alone does not.
 */

let testDb: AdTestDb;
const logger = createLogger('test', 'silent');
const store = createDeliveryRepository();
const tokenSecret = 'f'.repeat(64);

beforeAll(async () => {
  testDb = await createAdTestDb('ad_cap_day');
});

afterAll(() => testDb?.drop());

/** The ad server and the counting path on one clock the test moves, over one capped campaign. */
async function capped(timeZone: string, start: Date) {
  const { campaignId } = await insertCampaign(testDb.db, { timeZone, frequencyCap: 1 });
  let clock = start;
  const now = () => clock;
  const cache = createMemoryCache(() => clock.getTime());
  const server = createAdServer({
    db: testDb.db,
    store,
    cache,
    places: { placeOf: async () => null, laundromatPoint: async () => null },
    logger,
    tokenSecret,
    houseAds: false,
    trialCreditE4: 50_000,
    random: () => 0.5,
    now,
  });
  const placements = await store.placements(testDb.db);
  const counting = {
    db: testDb.db,
    store,
    outbox: createOutbox({ db: testDb.db, bus: createMemoryBus(), producer: 'ad', logger }),
    cache,
    isBot: () => false,
    tokenSecret,
    tokenTtlSeconds: 3600,
    linkTtlSeconds: 14_400,
    burstLimits: { impression: 100, click: 100 },
    dailyClickCaps: { perAddress: 100, perViewer: 100 },
    placementIds: new Map(placements.map((p) => [p.key, p.id])),
    standing: createAccountStandingRepository(),
    trialCreditE4: 50_000,
    notices: createNoticeRepository(),
    now,
  };
  const viewer = { userId: null, viewerKey: `c:${campaignId}`, clientAddress: '10.1.2.3' };
  // Worldwide (no targeting) and alone in its schema's refresh only when its campaign is the one asked for.
  const serve = async () => {
    await server.refresh();
    const ad = await server.decide({ placement: 'home-page' }, viewer, true);
    return ad?.campaignId === campaignId ? ad : undefined;
  };
  const seeOnce = async () => {
    const ad = await serve();
    expect(ad).toBeDefined();
    const counted = await countEvent(counting, 'impression', {
      token: ad!.token,
      userAgent: browserAgent,
      ipAddress: '10.1.2.3',
      userId: null,
      referrerUrl: null,
      pageUrl: null,
    });
    expect(counted.invalidReason).toBeNull();
  };
  return {
    serve,
    seeOnce,
    moveTo(at: Date) {
      clock = at;
    },
    async done() {
      await testDb.db.query(`UPDATE campaigns SET status = 'paused' WHERE id = $1`, [campaignId]);
    },
  };
}

describe('frequency caps by the campaign’s day', () => {
  it('when midnight passes in the campaign’s time zone ahead of UTC, then the viewer sees it again', async () => {
    // 23:30 on the 4th in Auckland (UTC+13), then 00:30 on its 5th, still the 4th in UTC.
    const campaign = await capped('Pacific/Auckland', new Date('2026-03-04T10:30:00Z'));
    await campaign.seeOnce();
    expect(await campaign.serve()).toBeUndefined();
    campaign.moveTo(new Date('2026-03-04T11:30:00Z'));
    expect(await campaign.serve()).toBeDefined();
    await campaign.done();
  });

  it('when only the UTC day changes, not the campaign’s, then the cap still holds', async () => {
    // 15:30 on the 4th in Los Angeles (UTC−8), then 16:30 there, already the 5th in UTC.
    const campaign = await capped('America/Los_Angeles', new Date('2026-03-04T23:30:00Z'));
    await campaign.seeOnce();
    expect(await campaign.serve()).toBeUndefined();
    campaign.moveTo(new Date('2026-03-05T00:30:00Z'));
    expect(await campaign.serve()).toBeUndefined();
    // Its own midnight: seen again.
    campaign.moveTo(new Date('2026-03-05T08:30:00Z'));
    expect(await campaign.serve()).toBeDefined();
    await campaign.done();
  });
});
