import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLogger, createMemoryCache, type Db } from '@laundry/platform';
import { createAdServer } from '../../src/domain/delivery/ad-server.ts';
import type {
  DeliveryStore,
  ServableCampaignRow,
  ServableCampaignState,
} from '../../src/domain/delivery/delivery-store.ts';

const row = (id: string, title: string, version = '1'): ServableCampaignRow => ({
  id,
  advertiserId: 'a1',
  advertiserUserId: 'u1',
  currency: 'USD',
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
  creatives: [],
  schedule: null,
  creativeCounts: {},
  timeZone: 'UTC',
  dailyBudget: 10,
  spentToday: 0,
  version,
});

type StateOf = Pick<ServableCampaignState, 'standing' | 'roomE4'>;
const carded: StateOf = {
  standing: { emailVerified: true, hasPaymentMethod: true, accruedE4: 0 },
  roomE4: Number.MAX_SAFE_INTEGER,
};

/** A store over a list the test edits, counting the whole rows it is asked for; `states` by campaign id. */
function storeOf(rows: ServableCampaignRow[], states: Record<string, StateOf> = {}) {
  const asked: string[][] = [];
  const store = {
    async loadServable(_db: Db, _now: Date, ids?: readonly string[]) {
      asked.push(ids ? [...ids] : ['*']);
      return rows.filter((r) => !ids || ids.includes(r.id)).map((r) => ({ ...r }));
    },
    async loadServableState() {
      return rows.map(({ id, version, currency, impressions, clicks, spentToday, costPerClickE4 }) => ({
        id,
        version,
        currency,
        impressions,
        clicks,
        spentToday,
        priceE4: costPerClickE4,
        ...(states[id] ?? carded),
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
    placementFactorsBp: new Map([['laundromat-detail', 12_000]]),
  });

const anyone = { userId: null, viewerKey: null, clientAddress: '10.1.2.3' };

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

  it("when a placement's factor would make a click cost more than the room or the trial left, then it is not shown there but is shown where the bid fits", async () => {
    // $5.00 per click: $6.00 in the ×1.2 detail slot.
    const bid = { ...row('trial', 'Trial'), costPerClick: 5, costPerClickE4: 50_000 };
    const budget = { ...row('budget', 'Budget'), costPerClick: 5, costPerClickE4: 50_000 };
    const { store } = storeOf([bid, budget], {
      // No card, nothing accrued: the $5.00 trial credit fits the bid but not $6.00.
      trial: { standing: { emailVerified: true, hasPaymentMethod: false, accruedE4: 0 }, roomE4: 1_000_000 },
      // $5.50 left of the day's budget.
      budget: { ...carded, roomE4: 55_000 },
    });
    const server = serverOf(store);
    expect(await server.refresh()).toBe(2);

    const titlesIn = async (placement: 'home-page' | 'laundromat-detail') => {
      const titles = new Set<string | undefined>();
      for (let i = 0; i < 30; i++) titles.add((await server.decide({ placement }, anyone, true))?.title);
      return titles;
    };
    expect(await titlesIn('home-page')).toEqual(new Set(['Trial', 'Budget']));
    expect(await titlesIn('laundromat-detail')).toEqual(new Set([undefined]));
  });

  it('when the slots of one page view ask, then no campaign fills two of them, and a slot asking again keeps its own', async () => {
    const { store } = storeOf([row('c1', 'First'), row('c2', 'Second')]);
    const server = serverOf(store);
    await server.refresh();
    const ask = async (placement: 'home-page' | 'home-sidebar' | 'laundromat-detail', view: string) =>
      (await server.decide({ placement, view }, anyone, true))?.title;

    for (let i = 0; i < 20; i++) {
      const view = randomUUID();
      // Asked at the same moment, as a page's slots are.
      const [page, sidebar] = await Promise.all([ask('home-page', view), ask('home-sidebar', view)]);
      expect(new Set([page, sidebar])).toEqual(new Set(['First', 'Second']));
      expect(await ask('home-page', view)).toBe(page);
      // A third slot finds both taken: no ad rather than a campaign twice.
      expect(await ask('laundromat-detail', view)).toBeUndefined();
    }
    // Without a page view, nothing is claimed: one campaign may fill every slot.
    const { store: single } = storeOf([row('c1', 'Only')]);
    const alone = serverOf(single);
    await alone.refresh();
    expect((await alone.decide({ placement: 'home-page' }, anyone, true))?.title).toBe('Only');
    expect((await alone.decide({ placement: 'home-sidebar' }, anyone, true))?.title).toBe('Only');
  });
});
