import type { Db } from '@laundry/platform/db';
import type { BillingCurrency } from '@laundry/contracts';
import type { CompetingBids } from './reach-estimate.ts';

/** One cell's requests of a day: cells are a tenth of a degree (about 11 km north to south). */
export interface RequestCount {
  day: string;
  cellLat: number;
  cellLng: number;
  requests: number;
  filled: number;
}

/** The aggregate of ad requests; infra/request-count-repository.ts keeps it in SQL. */
export interface RequestCountStore {
  /** Adds the counts to what each cell's day holds. */
  add(db: Db, counts: readonly RequestCount[]): Promise<void>;
  /** Each day's totals in the cells whose centre is within `radiusKm` of the point (all cells without one). */
  dailyTotals(
    db: Db,
    area: { latitude: number; longitude: number; radiusKm: number } | null,
    since: string,
  ): Promise<{ day: string; requests: number; filled: number }[]>;
  /**
   * The campaigns serving now, by their advertiser's currency and what they are charged for, with their
   * average price; and the period's impressions and clicks (its click rate).
   */
  market(
    db: Db,
    since: string,
  ): Promise<{ competitors: CompetingBids[]; impressions: number; clicks: number }>;
  /** The billing currency of the account the person works on (their own, else their team's): the estimate's. */
  billingCurrencyOfUser(db: Db, userId: string): Promise<BillingCurrency>;
}

export const cellOf = (degrees: number) => Math.floor(degrees * 10);

/**
 * The cell a request without a position is counted in: outside the world's cells (latitudes -900 to 900,
 * longitudes -1800 to 1800), so the 'everywhere' estimate sums it with the others and no area ever reaches it.
 */
export const unplacedCell = { cellLat: -32768, cellLng: -32768 } as const;
export const isWorldCell = (cellLat: number) => cellLat >= -900 && cellLat <= 900;

/**
 * Counts requests in memory and writes them in one statement now and then (the job's flush): a request
 * costs no database write of its own, and what a crash loses is an estimate's few seconds.
 */
export function createRequestCounter(now: () => Date = () => new Date()) {
  let pending = new Map<string, RequestCount>();
  return {
    count(position: { latitude?: number | undefined; longitude?: number | undefined }, filled: boolean) {
      const day = now().toISOString().slice(0, 10);
      // A request without the viewer's position (they did not share it) is still traffic an untargeted
      // campaign could have had, so the 'everywhere' estimate counts it. An area's estimate cannot: a cell is
      // a point's, and such a request has none, so counting it in any area would credit that area with
      // requests that may have come from anywhere.
      const placed = position.latitude !== undefined && position.longitude !== undefined;
      const { cellLat, cellLng } = placed
        ? { cellLat: cellOf(position.latitude!), cellLng: cellOf(position.longitude!) }
        : unplacedCell;
      const key = `${day}|${cellLat}|${cellLng}`;
      const entry = pending.get(key) ?? { day, cellLat, cellLng, requests: 0, filled: 0 };
      entry.requests += 1;
      if (filled) entry.filled += 1;
      pending.set(key, entry);
    },
    /** Takes what was counted since the last call. */
    take(): RequestCount[] {
      const taken = [...pending.values()];
      pending = new Map();
      return taken;
    },
  };
}
export type RequestCounter = ReturnType<typeof createRequestCounter>;
