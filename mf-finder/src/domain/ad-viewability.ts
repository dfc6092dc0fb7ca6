/**
 * MRC display viewability: an ad counts as seen once at least half of it has been on screen for one
 * continuous second, in a page the visitor is looking at. The tracker is told what the browser observes
 * (how much of the ad is visible, whether the page is hidden) and calls `onViewable` once, when the rule is
 * met; the slot then reports the impression. No DOM here, so the timing is tested with a fake clock.
 */

/** At least this share of the ad's area in view (IntersectionObserver's intersectionRatio). */
export const VIEWABLE_RATIO = 0.5;
/** For this long without a break. */
export const VIEWABLE_DWELL_MS = 1000;

export interface ViewabilityTimers {
  setTimeout: (run: () => void, delayMs: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface ViewabilityTracker {
  /** The share of the ad in view now (0 to 1). */
  visibleRatio(ratio: number): void;
  /** Whether the page itself is shown (document.visibilityState === 'visible'). */
  pageVisible(visible: boolean): void;
  /** Stops the count (the slot unmounted or its ad changed); nothing is reported after. */
  stop(): void;
  /** True once onViewable has been called. */
  readonly viewed: boolean;
}

export interface ViewabilityOptions {
  onViewable: () => void;
  /** Whether the page is shown when tracking starts. */
  pageVisible?: boolean;
  /**
   * Asked when the second is up: whether the ad is really on top (not under a dialog or a drawer, which the
   * intersection figures do not see). When it is not, the second starts again.
   */
  unobscured?: () => boolean;
  timers?: ViewabilityTimers;
}

const globalTimers: ViewabilityTimers = {
  setTimeout: (run, delayMs) => globalThis.setTimeout(run, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The second runs while the ad is at least half in view and the page is shown. Any break (scrolled below
 * half, the tab hidden) cancels the running second, and the next stretch in view starts a new one: the
 * second must be continuous, so time seen before a break does not carry over.
 */
export function createViewabilityTracker({
  onViewable,
  pageVisible = true,
  unobscured = () => true,
  timers = globalTimers,
}: ViewabilityOptions): ViewabilityTracker {
  let ratio = 0;
  let shown = pageVisible;
  let timer: unknown = null;
  let viewed = false;
  let stopped = false;

  const cancel = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  const update = () => {
    if (viewed || stopped) return;
    const counting = shown && ratio >= VIEWABLE_RATIO;
    if (!counting) {
      cancel();
      return;
    }
    if (timer !== null) return;
    timer = timers.setTimeout(() => {
      timer = null;
      if (viewed || stopped) return;
      if (!unobscured()) {
        update();
        return;
      }
      viewed = true;
      onViewable();
    }, VIEWABLE_DWELL_MS);
  };

  return {
    visibleRatio(next) {
      ratio = next;
      update();
    },
    pageVisible(visible) {
      shown = visible;
      update();
    },
    stop() {
      stopped = true;
      cancel();
    },
    get viewed() {
      return viewed;
    },
  };
}
