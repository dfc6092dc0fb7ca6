import { describe, expect, it } from 'vitest';
import { dayOf, nextStatus, todayOf } from '../../src/domain/campaign-lifecycle.ts';

const today = '2026-11-24';

describe('campaign status changes', () => {
  it('when the change is one the life cycle allows, then it is the new status', () => {
    expect(nextStatus('draft', 'active', null, today)).toBe('active');
    expect(nextStatus('active', 'paused', null, today)).toBe('paused');
    expect(nextStatus('paused', 'active', null, today)).toBe('active');
    for (const from of ['draft', 'active', 'paused'] as const)
      expect(nextStatus(from, 'ended', null, today)).toBe('ended');
    expect(nextStatus('active', 'active', null, today)).toBe('active');
  });

  it('when a draft is paused, an ended campaign changed, or an expired one activated, then it is a 409', () => {
    expect(() => nextStatus('draft', 'paused', null, today)).toThrow(
      /draft campaign is started with Activate/,
    );
    expect(() => nextStatus('ended', 'active', null, today)).toThrow(/has ended/);
    expect(() => nextStatus('paused', 'active', '2026-11-23', today)).toThrow(/end date has passed/);
    // The end date itself is still a running day.
    expect(nextStatus('paused', 'active', today, today)).toBe('active');
  });

  it('when dates arrive as date-times, then the day is what counts', () => {
    expect(dayOf('2026-12-01T23:30:00-05:00')).toBe('2026-12-01');
    expect(dayOf(undefined)).toBeNull();
    expect(todayOf(new Date('2026-11-24T23:59:59Z'))).toBe('2026-11-24');
  });
});
