import type { BackgroundWork } from '@laundry/platform/service';
import type { Logger } from '@laundry/platform/logging';

/** How often the counted appearances go to the database. */
export const APPEARANCES_FLUSH_MS = 5_000;

export interface SearchAppearances extends BackgroundWork {
  /** Counts one appearance of each laundromat of a list or search answer; never waits, never throws. */
  count(ids: readonly string[]): void;
  /** Writes what was counted so far (one upsert), for the timer, the stop and a reader who wants it now. */
  flush(): Promise<void>;
}

/**
 * Appearances in search answers, counted in memory and written every few seconds as one upsert of the
 * summed counts. A search answer adds no database round trip this way: with an upsert per answer, every
 * search would also write up to a page of rows and wait for them, on the path the search benchmark holds
 * to its throughput and p99. The cost is that a process killed without its stop loses at most the last
 * few seconds of counts, which is acceptable for a count of appearances; a stop (deploys) flushes.
 */
export function createSearchAppearances(deps: {
  write: (counts: ReadonlyMap<string, number>) => Promise<void>;
  logger: Logger;
  intervalMs?: number;
}): SearchAppearances {
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let writing = Promise.resolve();

  const flush = () => {
    const batch = pending;
    if (batch.size === 0) return writing;
    pending = new Map();
    // One write at a time, in the order counted.
    writing = writing.then(() =>
      deps.write(batch).catch((error: unknown) => {
        deps.logger.warn({ err: error, laundromats: batch.size }, 'search appearances not written');
      }),
    );
    return writing;
  };

  return {
    count(ids) {
      for (const id of ids) pending.set(id, (pending.get(id) ?? 0) + 1);
    },
    flush,
    start() {
      timer = setInterval(() => void flush(), deps.intervalMs ?? APPEARANCES_FLUSH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
