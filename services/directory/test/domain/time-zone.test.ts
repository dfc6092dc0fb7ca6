import { describe, expect, it } from 'vitest';
import { timeZoneAt } from '../../src/domain/opening-hours.ts';

describe('timeZoneAt', () => {
  it.each([
    [35.6895, 139.69171, 'Asia/Tokyo'],
    [40.71427, -74.00597, 'America/New_York'],
    [51.50853, -0.12574, 'Europe/London'],
  ])('when the point is %f, %f, then the zone is %s', (lat, lon, zone) => {
    expect(timeZoneAt(lat, lon)).toBe(zone);
  });

  it('when the point is invalid, then the zone is UTC', () => {
    expect(timeZoneAt(123, 500)).toBe('UTC');
  });
});
