import { describe, expect, it } from 'vitest';
import { dayElapsedIn, minimumThrottle, nextThrottle } from '../../src/domain/delivery/ad-pacing.ts';

describe('pacing', () => {
  it('when spend is ahead of the even line, then the throttle goes down; behind it, up; at the budget, 0', () => {
    expect(nextThrottle({ throttle: 1, spentToday: 8, dailyBudget: 10, dayElapsed: 0.5 })).toBeLessThan(1);
    expect(nextThrottle({ throttle: 0.2, spentToday: 2, dailyBudget: 10, dayElapsed: 0.5 })).toBeGreaterThan(
      0.2,
    );
    expect(nextThrottle({ throttle: 0.5, spentToday: 10, dailyBudget: 10, dayElapsed: 0.5 })).toBe(0);
    expect(nextThrottle({ throttle: 0.01, spentToday: 9.9, dailyBudget: 10, dayElapsed: 0.1 })).toBe(
      minimumThrottle,
    );
  });

  it('when the day is read in a time zone, then midnight there starts it; an unknown zone is UTC', () => {
    const now = new Date('2026-11-24T23:00:00Z');
    expect(dayElapsedIn('UTC', now)).toEqual({ day: '2026-11-24', elapsed: 23 / 24 });
    expect(dayElapsedIn('Asia/Tokyo', now)).toEqual({ day: '2026-11-25', elapsed: 8 / 24 });
    expect(dayElapsedIn('Not/AZone', now)).toEqual({ day: '2026-11-24', elapsed: 23 / 24 });
  });
});
