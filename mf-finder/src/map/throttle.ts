export interface ThrottleClock {
  now: () => number;
  setTimeout: (run: () => void, delayMs: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realClock: ThrottleClock = {
  now: () => Date.now(),
  setTimeout: (run, delayMs) => globalThis.setTimeout(run, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Throttled<Args extends unknown[]> {
  (...args: Args): void;
  /** Drops a pending trailing call (on unmount). */
  cancel: () => void;
}

/**
 * Calls `run` at most once per `intervalMs`. A call inside the interval is not lost: the latest one runs when
 * the interval ends, so the page always hears where the map finally came to rest.
 */
export function throttle<Args extends unknown[]>(
  run: (...args: Args) => void,
  intervalMs: number,
  clock: ThrottleClock = realClock,
): Throttled<Args> {
  let lastRunAt: number | null = null;
  let pending: { args: Args; handle: unknown } | null = null;

  const fire = (args: Args) => {
    lastRunAt = clock.now();
    run(...args);
  };

  const throttled = (...args: Args) => {
    const now = clock.now();
    if (pending) {
      pending.args = args;
      return;
    }
    if (lastRunAt === null || now - lastRunAt >= intervalMs) {
      fire(args);
      return;
    }
    const entry: { args: Args; handle: unknown } = { args, handle: undefined };
    const runWhenDue = () => {
      const waited = clock.now() - (lastRunAt ?? 0);
      // Browsers may fire a timer a millisecond early by the wall clock.
      if (waited < intervalMs) {
        entry.handle = clock.setTimeout(runWhenDue, intervalMs - waited);
        return;
      }
      pending = null;
      fire(entry.args);
    };
    entry.handle = clock.setTimeout(runWhenDue, intervalMs - (now - lastRunAt));
    pending = entry;
  };
  throttled.cancel = () => {
    if (pending) clock.clearTimeout(pending.handle);
    pending = null;
  };
  return throttled;
}
