import { randomUUID } from 'node:crypto';
import type { Db, Outbox } from '@laundry/platform';
import { dayElapsedIn } from '../../services/ad/src/domain/delivery/ad-pacing.ts';
import type {
  AdEventRow,
  ChargeableCampaign,
  DeliveryStore,
  PlacementRow,
  ServableCampaignRow,
} from '../../services/ad/src/domain/delivery/delivery-store.ts';
import { dollarsToE4 as e4, e4ToDollars } from '@laundry/contracts/money';
import type { AccountStandingStore } from '../../services/ad/src/domain/account-standing-store.ts';
import { chargePriceE4 } from '../../services/ad/src/domain/ad-eligibility.ts';

/** A campaign of the pacing simulation: all of them approved, active and without dates. */
export interface SimulatedCampaign {
  id: string;
  advertiserId: string;
  advertiserUserId: string;
  title: string;
  targetUrl: string;
  dailyBudget: number;
  totalBudget: number;
  costPerClick: number;
  costPerImpression: number | null;
  timeZone: string;
}

interface Ledger {
  totalSpentE4: number;
  impressions: number;
  clicks: number;
  /** Spend per day of the campaign's time zone (YYYY-MM-DD). */
  spentByDayE4: Map<string, number>;
  /** Spend per UTC hour (the hour's start, in ms), as ad_stats_hourly keeps it. */
  spentByHourE4: Map<number, number>;
}

const HOUR_MS = 3_600_000;

/** What one charged event costs: a CPM campaign pays per impression, the others per click (as the SQL's `price`). */
const priceE4 = (c: SimulatedCampaign) =>
  c.costPerImpression !== null && c.costPerImpression > 0 ? e4(c.costPerImpression) : e4(c.costPerClick);

/**
 * The delivery store in memory, with the rules of infra/delivery-repository.ts: servable while the total and
 * the day's spend leave room for one more charge at its price (the day the server's injected clock falls on
 * in the campaign's time zone, as the SQL reads it); one valid impression and one valid click per decision; a
 * valid event adds its cost to the campaign, its day and its hour. Events are handled one at a time, so no
 * lock is needed; the budget check itself is countEvent's own.
 */
export function createMemoryDeliveryStore(campaigns: readonly SimulatedCampaign[]) {
  const byId = new Map(campaigns.map((c) => [c.id, c]));
  const ledgers = new Map<string, Ledger>(
    campaigns.map((c) => [
      c.id,
      { totalSpentE4: 0, impressions: 0, clicks: 0, spentByDayE4: new Map(), spentByHourE4: new Map() },
    ]),
  );
  const counted = new Set<string>();
  const invalid = new Map<string, number>();
  const placements: PlacementRow[] = ['home-sidebar', 'home-page', 'laundromat-detail'].map((key, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i + 1}`,
    key,
    isActive: true,
    // As the placements table sets them: the detail slot charges the bid times 1.2.
    factorBp: key === 'laundromat-detail' ? 12_000 : 10_000,
  }));
  const spentOn = (ledger: Ledger, day: string) => ledger.spentByDayE4.get(day) ?? 0;
  /** What is left of the campaign's total budget and of its day's, whichever is smaller, in E4. */
  const roomOf = (id: string, at: Date) => {
    const c = byId.get(id)!;
    const ledger = ledgers.get(id)!;
    return Math.min(
      e4(c.totalBudget) - ledger.totalSpentE4,
      e4(c.dailyBudget) - spentOn(ledger, dayElapsedIn(c.timeZone, at).day),
    );
  };

  const store: DeliveryStore = {
    async loadServable(_db, at, ids) {
      const wanted = ids ? new Set(ids) : undefined;
      const rows: ServableCampaignRow[] = [];
      for (const c of campaigns) {
        if (wanted && !wanted.has(c.id)) continue;
        const ledger = ledgers.get(c.id)!;
        const today = spentOn(ledger, dayElapsedIn(c.timeZone, at).day);
        const price = priceE4(c);
        if (ledger.totalSpentE4 + price > e4(c.totalBudget) || today + price > e4(c.dailyBudget)) continue;
        rows.push({
          id: c.id,
          advertiserId: c.advertiserId,
          advertiserUserId: c.advertiserUserId,
          // The simulated advertisers are all billed in US dollars.
          currency: 'USD',
          title: c.title,
          description: null,
          imageUrl: null,
          targetUrl: c.targetUrl,
          targetCountries: [],
          targetCities: [],
          targetLatitude: null,
          targetLongitude: null,
          radiusKm: null,
          costPerClick: c.costPerClick,
          costPerImpression: c.costPerImpression,
          costPerClickE4: e4(c.costPerClick),
          costPerImpressionE4: c.costPerImpression === null ? null : e4(c.costPerImpression),
          impressions: ledger.impressions,
          clicks: ledger.clicks,
          frequencyCap: null,
          creatives: [],
          schedule: null,
          creativeCounts: {},
          timeZone: c.timeZone,
          dailyBudget: c.dailyBudget,
          spentToday: e4ToDollars(today),
          // Nobody edits a simulated campaign.
          version: '1',
        });
      }
      return rows;
    },
    async loadServableState(db, at) {
      // The simulated advertisers verified their addresses and saved a card: the serving rule lets all run.
      return (await store.loadServable(db, at)).map(
        ({
          id,
          version,
          currency,
          impressions,
          clicks,
          spentToday,
          costPerClickE4,
          costPerImpressionE4,
        }) => ({
          id,
          version,
          currency,
          impressions,
          clicks,
          spentToday,
          creativeCounts: {},
          standing: { emailVerified: true, hasPaymentMethod: true, accruedE4: 0 },
          priceE4: chargePriceE4({ costPerClickE4, costPerImpressionE4 }),
          roomE4: roomOf(id, at),
        }),
      );
    },
    async placements() {
      return placements;
    },
    async lockForCharge(_tx, campaignId, at): Promise<ChargeableCampaign | undefined> {
      const c = byId.get(campaignId);
      if (!c) return undefined;
      const ledger = ledgers.get(c.id)!;
      const day = dayElapsedIn(c.timeZone, at).day;
      return {
        id: c.id,
        advertiserId: c.advertiserId,
        advertiserUserId: c.advertiserUserId,
        currency: 'USD',
        targetUrl: c.targetUrl,
        creatives: [],
        servable: true,
        owner: { emailVerified: true, hasPaymentMethod: true },
        costPerClickE4: e4(c.costPerClick),
        costPerImpressionE4: c.costPerImpression === null ? null : e4(c.costPerImpression),
        totalBudgetE4: e4(c.totalBudget),
        totalSpentE4: ledger.totalSpentE4,
        dailyBudgetE4: e4(c.dailyBudget),
        spentTodayE4: spentOn(ledger, day),
        day,
      };
    },
    async insertEvent(_tx, event: AdEventRow) {
      const key = `${event.decisionId}:${event.eventType}`;
      if (event.invalidReason === null) {
        if (counted.has(key)) return undefined;
        counted.add(key);
      }
      return randomUUID();
    },
    async impressionCounted(_db, decisionId: string) {
      return counted.has(`${decisionId}:impression`);
    },
    async insertForgedClick() {
      invalid.set('forged_token', (invalid.get('forged_token') ?? 0) + 1);
    },
    async applyEvent(_tx, event: AdEventRow, day: string) {
      if (event.invalidReason !== null) {
        invalid.set(event.invalidReason, (invalid.get(event.invalidReason) ?? 0) + 1);
        return;
      }
      const ledger = ledgers.get(event.campaignId)!;
      ledger.totalSpentE4 += event.costE4;
      if (event.eventType === 'impression') ledger.impressions += 1;
      else ledger.clicks += 1;
      ledger.spentByDayE4.set(day, spentOn(ledger, day) + event.costE4);
      const hour = Math.floor(event.createdAt.getTime() / HOUR_MS) * HOUR_MS;
      ledger.spentByHourE4.set(hour, (ledger.spentByHourE4.get(hour) ?? 0) + event.costE4);
    },
    async targetUrl(_db, campaignId) {
      return byId.get(campaignId)?.targetUrl;
    },
  };

  return {
    store,
    /** The campaign's spend per UTC hour from `from` on, in dollars. */
    hourlySpend(campaignId: string, from: Date, hours: number): number[] {
      const ledger = ledgers.get(campaignId)!;
      return Array.from(
        { length: hours },
        (_, h) => (ledger.spentByHourE4.get(from.getTime() + h * HOUR_MS) ?? 0) / 10_000,
      );
    },
    spentOnDay(campaignId: string, day: string): number {
      return spentOn(ledgers.get(campaignId)!, day) / 10_000;
    },
    counts(campaignId: string) {
      const { impressions, clicks } = ledgers.get(campaignId)!;
      return { impressions, clicks };
    },
    invalidByReason: () => Object.fromEntries(invalid),
  };
}

/** countEvent's transaction, for a store that keeps no connection: the function runs as it is. */
/** Owners who all verified their addresses and saved a card (account_standing, without the table). */
export const verifiedWithCard: AccountStandingStore = {
  markEmailVerified: async () => {},
  setPaymentMethod: async () => true,
  read: async () => ({ emailVerified: true, hasPaymentMethod: true, accruedE4: 0 }),
  lockForCharge: async () => ({ emailVerified: true, hasPaymentMethod: true, accruedE4: 0 }),
};

export const memoryDb = {
  schema: 'memory',
  kind: 'postgres',
  tx: <T>(fn: (tx: Db) => Promise<T>) => fn(memoryDb as unknown as Db),
  afterCommit: (fn: () => void) => fn(),
} as unknown as Db;

/** An outbox that counts what it is given: nobody consumes the simulation's events. */
export function countingOutbox(): Outbox & { recorded: () => number } {
  let recorded = 0;
  return {
    producer: 'ad',
    async record(_tx, event) {
      recorded += 1;
      return event;
    },
    relay: async () => 0,
    purgePublished: async () => 0,
    start: () => undefined,
    stop: async () => undefined,
    recorded: () => recorded,
  };
}
