import { describe, expect, it } from 'vitest';
import { nextBoundary, parsePeriodLength, periodFloor } from '../../src/domain/billing-period.ts';

const at = (iso: string) => new Date(iso);

describe('billing periods', () => {
  it.each([
    ['1m', { count: 1, unit: 'm' }],
    ['3m', { count: 3, unit: 'm' }],
    ['1d', { count: 1, unit: 'd' }],
    ['7d', { count: 7, unit: 'd' }],
    ['12h', { count: 12, unit: 'h' }],
    ['0d', undefined],
    ['1w', undefined],
    ['m', undefined],
    ['1.5d', undefined],
  ])('when BILLING_PERIOD is %s, then it reads as %j', (text, length) => {
    expect(parsePeriodLength(text)).toEqual(length);
  });

  it.each([
    ['1m', '2026-03-15T10:00:00Z', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['1m', '2026-12-31T23:59:59Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['1m', '2026-03-01T00:00:00Z', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['3m', '2026-05-20T00:00:00Z', '2026-04-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'],
    ['1d', '2026-02-28T23:00:00Z', '2026-02-28T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['12h', '2026-02-28T13:00:00Z', '2026-02-28T12:00:00.000Z', '2026-03-01T00:00:00.000Z'],
  ])('when the period is %s, then %s lies in [%s, %s) (UTC)', (period, moment, start, end) => {
    const length = parsePeriodLength(period)!;
    expect(periodFloor(length, at(moment)).toISOString()).toBe(start);
    expect(nextBoundary(length, at(moment)).toISOString()).toBe(end);
  });

  it('when a moment is mid-period after an admin closed early, then the next boundary is the calendar one', () => {
    expect(nextBoundary(parsePeriodLength('1m')!, at('2026-03-15T10:42:07Z')).toISOString()).toBe(
      '2026-04-01T00:00:00.000Z',
    );
  });
});
