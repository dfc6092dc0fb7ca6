import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createMemoryCache } from '@laundry/platform';
import { createDeliveryRepository } from '../../src/infra/delivery-repository.ts';
import { createAdServer } from '../../src/domain/delivery/ad-server.ts';
import { createAdTestDb, insertCampaign, type AdTestDb } from '../support/ad-db.ts';

/**
 * Delivery reads one clock, the app's (injected in tests and the pacing simulation): which campaigns are
 * servable, their day's spend and their dates follow it, never the database's own now(), and agree with
 * what a charge at the same instant reads.
 */

let testDb: AdTestDb;
let campaignId: string;
const store = createDeliveryRepository();
// 2026-03-04 23:00 in Auckland (UTC+13 then), and an hour later its 5th: months away from the database's now().
const lateOn4th = new Date('2026-03-04T10:00:00Z');
const earlyOn5th = new Date('2026-03-04T11:00:00Z');

beforeAll(async () => {
  testDb = await createAdTestDb('ad_clock');
  ({ campaignId } = await insertCampaign(testDb.db, { timeZone: 'Pacific/Auckland' }));
  // Daily budget $20: $5 spent on the 4th, all of it on the 5th (Auckland days).
  await testDb.db.query(
    `UPDATE campaigns SET daily_budget = 20, start_date = '2026-03-04', end_date = '2026-03-05' WHERE id = $1`,
    [campaignId],
  );
  await testDb.db.query(
    `INSERT INTO campaign_daily_spend (campaign_id, day, spent) VALUES ($1, '2026-03-04', 5), ($1, '2026-03-05', 20)`,
    [campaignId],
  );
});

afterAll(() => testDb?.drop());

const servableAt = async (at: Date) =>
  (await store.loadServable(testDb.db, at)).filter((row) => row.id === campaignId);

describe("delivery's clock", () => {
  it("when the clock is on a campaign's day with budget left, then it is servable with that day's spend", async () => {
    const rows = await servableAt(lateOn4th);
    expect(rows.map((row) => row.spentToday)).toEqual([5]);
    expect(
      (await store.loadServableState(testDb.db, lateOn4th)).find((row) => row.id === campaignId)?.spentToday,
    ).toBe(5);
    const charge = await testDb.db.tx((tx) => store.lockForCharge(tx, campaignId, lateOn4th));
    expect({ day: charge!.day, spentTodayE4: charge!.spentTodayE4, servable: charge!.servable }).toEqual({
      day: '2026-03-04',
      spentTodayE4: 50_000,
      servable: true,
    });
  });

  it('when the clock moves to a day the campaign has spent, in its time zone, then it is not servable', async () => {
    expect(await servableAt(earlyOn5th)).toEqual([]);
    expect((await store.loadServableState(testDb.db, earlyOn5th)).some((row) => row.id === campaignId)).toBe(
      false,
    );
    const charge = await testDb.db.tx((tx) => store.lockForCharge(tx, campaignId, earlyOn5th));
    expect(charge!.spentTodayE4).toBe(charge!.dailyBudgetE4);
  });

  it("when the clock is outside the campaign's dates in its time zone, then it is not servable", async () => {
    // 2026-03-03 23:00 in Auckland: before its start date.
    expect(await servableAt(new Date('2026-03-03T10:00:00Z'))).toEqual([]);
    // 2026-03-06 00:30 in Auckland, still the 5th in UTC: past its end date there.
    expect(await servableAt(new Date('2026-03-05T11:30:00Z'))).toEqual([]);
    // The 4th has started in Auckland while it is still the 3rd in UTC: it runs.
    await testDb.db.query(`UPDATE campaign_daily_spend SET spent = 0 WHERE campaign_id = $1`, [campaignId]);
    expect((await servableAt(new Date('2026-03-03T11:30:00Z'))).length).toBe(1);
    await testDb.db.query(
      `UPDATE campaign_daily_spend SET spent = CASE day WHEN '2026-03-04' THEN 5 ELSE 20 END WHERE campaign_id = $1`,
      [campaignId],
    );
  });

  it('when the ad server runs on an injected clock, then it loads the campaigns servable at that clock', async () => {
    let at = lateOn4th;
    const server = createAdServer({
      db: testDb.db,
      store,
      cache: createMemoryCache(),
      places: { placeOf: async () => null, laundromatPoint: async () => null },
      logger: createLogger('test', 'silent'),
      tokenSecret: 'x'.repeat(64),
      houseAds: false,
      trialCreditE4: 50_000,
      now: () => at,
    });
    expect(await server.refresh()).toBe(1);
    at = earlyOn5th;
    expect(await server.refresh()).toBe(0);
  });
});
