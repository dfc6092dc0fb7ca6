/**
 * How busy a laundromat usually is: the rules' numbers, without a schema, so the page's chart reads them
 * without zod. A file of its own, apart from the live badge's limits, keeps them out of the first load.
 */
export const busynessLimits = {
  /** Weeks of history the grid is drawn from; each older week counts less. */
  weeks: 8,
  /** Each week back weighs this much of the week after it. */
  weeklyDecay: 0.8,
  /** Below this many observed hours in the whole grid the answer says enoughData: false. */
  minObservedHours: 12,
  /** An hour at or above this occupancy is 'usually busy'; at or below the quiet one, 'usually quiet'. */
  busyAt: 0.6,
  quietAt: 0.3,
} as const;

export const busynessLevels = ['quiet', 'moderate', 'busy'] as const;
export type BusynessLevel = (typeof busynessLevels)[number];
