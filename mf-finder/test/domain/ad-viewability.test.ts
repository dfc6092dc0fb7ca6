import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createViewabilityTracker, VIEWABLE_DWELL_MS } from '../../src/domain/ad-viewability.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function tracked(pageVisible = true, unobscured?: () => boolean) {
  const onViewable = vi.fn();
  const tracker = createViewabilityTracker({ onViewable, pageVisible, unobscured });
  return { tracker, onViewable };
}

describe('ad viewability (at least 50 % in view for one continuous second)', () => {
  it('when the ad is fully in view for a second, then it is reported once', () => {
    const { tracker, onViewable } = tracked();
    tracker.visibleRatio(1);
    vi.advanceTimersByTime(VIEWABLE_DWELL_MS - 1);
    expect(onViewable).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onViewable).toHaveBeenCalledTimes(1);
    expect(tracker.viewed).toBe(true);
  });

  it('when exactly half of the ad is in view for a second, then it counts', () => {
    const { tracker, onViewable } = tracked();
    tracker.visibleRatio(0.5);
    vi.advanceTimersByTime(VIEWABLE_DWELL_MS);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('when less than half is in view, however long, then it never counts', () => {
    const { tracker, onViewable } = tracked();
    tracker.visibleRatio(0.49);
    vi.advanceTimersByTime(60_000);
    expect(onViewable).not.toHaveBeenCalled();
  });

  it('when the ad is scrolled out before the second is up, then nothing is reported', () => {
    const { tracker, onViewable } = tracked();
    tracker.visibleRatio(1);
    vi.advanceTimersByTime(600);
    tracker.visibleRatio(0);
    vi.advanceTimersByTime(10_000);
    expect(onViewable).not.toHaveBeenCalled();
  });

  it('when the view is broken, then the second starts again: time seen before the break does not carry over', () => {
    const { tracker, onViewable } = tracked();
    tracker.visibleRatio(0.8);
    vi.advanceTimersByTime(700);
    tracker.visibleRatio(0.3);
    vi.advanceTimersByTime(100);
    tracker.visibleRatio(0.9);
    vi.advanceTimersByTime(700);
    // 1,400 ms in view in all, but never 1,000 ms in a row.
    expect(onViewable).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('when the ratio changes while staying at half or more, then the running second is not restarted', () => {
    const { tracker, onViewable } = tracked();
    tracker.visibleRatio(0.6);
    vi.advanceTimersByTime(500);
    tracker.visibleRatio(1);
    vi.advanceTimersByTime(500);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('when the page is hidden (another tab) mid-second, then the count stops and starts anew once shown', () => {
    const { tracker, onViewable } = tracked();
    tracker.visibleRatio(1);
    vi.advanceTimersByTime(900);
    tracker.pageVisible(false);
    vi.advanceTimersByTime(5_000);
    expect(onViewable).not.toHaveBeenCalled();
    tracker.pageVisible(true);
    vi.advanceTimersByTime(999);
    expect(onViewable).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('when tracking starts in a hidden page, then an ad in view counts only from when the page is shown', () => {
    const { tracker, onViewable } = tracked(false);
    tracker.visibleRatio(1);
    vi.advanceTimersByTime(3_000);
    expect(onViewable).not.toHaveBeenCalled();
    tracker.pageVisible(true);
    vi.advanceTimersByTime(VIEWABLE_DWELL_MS);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('when the ad stays in view, scrolls away and comes back after counting, then it is still reported only once', () => {
    const { tracker, onViewable } = tracked();
    tracker.visibleRatio(1);
    vi.advanceTimersByTime(VIEWABLE_DWELL_MS);
    tracker.visibleRatio(0);
    tracker.visibleRatio(1);
    vi.advanceTimersByTime(10_000);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('when tracking is stopped (the slot went away) mid-second, then nothing is reported and no timer is left', () => {
    const { tracker, onViewable } = tracked();
    tracker.visibleRatio(1);
    vi.advanceTimersByTime(500);
    tracker.stop();
    expect(vi.getTimerCount()).toBe(0);
    tracker.visibleRatio(1);
    vi.advanceTimersByTime(10_000);
    expect(onViewable).not.toHaveBeenCalled();
  });

  it('when the ad is under a dialog as a second ends, then it does not count, and counts at the first second that ends uncovered', () => {
    let covered = true;
    const { tracker, onViewable } = tracked(true, () => !covered);
    tracker.visibleRatio(1);
    vi.advanceTimersByTime(5 * VIEWABLE_DWELL_MS);
    expect(onViewable).not.toHaveBeenCalled();
    covered = false;
    vi.advanceTimersByTime(VIEWABLE_DWELL_MS);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });
});
