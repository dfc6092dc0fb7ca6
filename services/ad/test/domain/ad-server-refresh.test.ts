import { describe, expect, it } from 'vitest';
import { createLogger, createMemoryCache, type Db } from '@laundry/platform';
import { createAdServer } from '../../src/domain/delivery/ad-server.ts';
import type { DeliveryStore, ServableCampaignRow } from '../../src/domain/delivery/delivery-store.ts';

const row = (id: string, title: string, version = '1'): ServableCampaignRow => ({
  id,
  advertiserId: 'a1',
  advertiserUserId: 'u1',
  title,
  description: null,
  imageUrl: null,
  targetUrl: 'https://example.com',
  targetCountries: [],
  targetCities: [],
  targetLatitude: null,
  targetLongitude: null,
  radiusKm: null,
  costPerClick: 0.5,
  costPerImpression: null,
  costPerClickE4: 5000,
  costPerImpressionE4: null,
  impressions: 0,
  clicks: 0,
  frequencyCap: null,
  timeZone: 'UTC',
  dailyBudget: 10,
  spentToday: 0,
  version,
});

/** A store over a list the test edits, counting the whole rows it is asked for. */
function storeOf(rows: ServableCampaignRow[]) {
  const asked: string[][] = [];
  const store = {
    async loadServable(_db: Db, _now: Date, ids?: readonly string[]) {
      asked.push(ids ? [...ids] : ['*']);
      return rows.filter((r) => !ids || ids.includes(r.id)).map((r) => ({ ...r }));
    },
    async loadServableState() {
      return rows.map(({ id, version, impressions, clicks, spentToday, costPerClickE4 }) => ({
        id,
        version,
        impressions,
        clicks,
        spentToday,
        standing: { emailVerified: true, hasPaymentMethod: true, accruedE4: 0 },
        priceE4: costPerClickE4,
      }));
    },
  } as unknown as DeliveryStore;
  return { store, asked };
}

const serverOf = (store: DeliveryStore) =>
  createAdServer({
    db: {} as Db,
    store,
    cache: createMemoryCache(),
    places: { placeOf: async () => null, laundromatPoint: async () => null },
    logger: createLogger('test', 'silent'),
    tokenSecret: 'x'.repeat(64),
    houseAds: false,
    trialCreditE4: 50_000,
  });

describe('reloading the servable campaigns', () => {
  it('when nothing was edited, then a reload reads counts and spend only; an edit or a new campaign reads its row', async () => {
    const rows = [row('c1', 'First')];
    const { store, asked } = storeOf(rows);
    const server = serverOf(store);
    expect(await server.refresh()).toBe(1);
    rows[0]!.spentToday = 4;
    await server.refresh();
    expect(asked).toEqual([['c1']]);

    rows[0] = { ...row('c1', 'First, edited', '2'), spentToday: 4 };
    rows.push(row('c2', 'Second'));
    expect(await server.refresh()).toBe(2);
    expect(asked.at(-1)).toEqual(['c1', 'c2']);
    const titles = new Set<string>();
    for (let i = 0; i < 50; i++)
      titles.add(
        (await server.decide(
          { placement: 'home-page' },
          { userId: null, viewerKey: null, clientAddress: '10.1.2.3' },
          true,
        ))!.title,
      );
    expect(titles).toEqual(new Set(['First, edited', 'Second']));
  });

  it('when a campaign is no longer servable, then the next reload drops it', async () => {
    const rows = [row('c1', 'First'), row('c2', 'Second')];
    const { store } = storeOf(rows);
    const server = serverOf(store);
    await server.refresh();
    rows.splice(0, 1);
    expect(await server.refresh()).toBe(1);
    for (let i = 0; i < 20; i++) {
      expect(
        (await server.decide(
          { placement: 'home-page' },
          { userId: null, viewerKey: null, clientAddress: '10.1.2.3' },
          true,
        ))!.title,
      ).toBe('Second');
    }
  });
});
