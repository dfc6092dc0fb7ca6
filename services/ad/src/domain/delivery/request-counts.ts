import type { Db } from '@laundry/platform/db';

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
  /** The average cost per click of the campaigns serving now, and the click rate of the period (E4, ratio). */
  market(
    db: Db,
    since: string,
  ): Promise<{ averageCpcE4: number | null; impressions: number; clicks: number }>;
}

export const cellOf = (degrees: number) => Math.floor(degrees * 10);

/**
 * Counts requests in memory and writes them in one statement now and then (the job's flush): a request
 * costs no database write of its own, and what a crash loses is an estimate's few seconds.
 */
export function createRequestCounter(now: () => Date = () => new Date()) {
  let pending = new Map<string, RequestCount>();
  return {
    count(position: { latitude?: number | undefined; longitude?: number | undefined }, filled: boolean) {
      if (position.latitude === undefined || position.longitude === undefined) return;
      const day = now().toISOString().slice(0, 10);
      const cellLat = cellOf(position.latitude);
      const cellLng = cellOf(position.longitude);
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
