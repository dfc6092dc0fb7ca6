/**
 * BILLING_PERIOD: a count and a unit, `1m` (a calendar month, the default), `1d`, `7d` or `12h`. Periods are
 * aligned in UTC: months count from January 1970, days and hours from the epoch, so `3m` are quarters.
 */
export interface PeriodLength {
  count: number;
  unit: 'h' | 'd' | 'm';
}

export function parsePeriodLength(text: string): PeriodLength | undefined {
  const match = /^([1-9]\d{0,3})([hdm])$/.exec(text.trim());
  if (!match) return undefined;
  return { count: Number(match[1]), unit: match[2] as PeriodLength['unit'] };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const monthIndex = (at: Date) => at.getUTCFullYear() * 12 + at.getUTCMonth() - 1970 * 12;
const monthStart = (index: number) => new Date(Date.UTC(1970, index, 1));

/** The last period boundary at or before `at`. */
export function periodFloor(length: PeriodLength, at: Date): Date {
  if (length.unit === 'm') {
    const index = monthIndex(at);
    return monthStart(index - (((index % length.count) + length.count) % length.count));
  }
  const step = length.count * (length.unit === 'h' ? HOUR_MS : DAY_MS);
  return new Date(Math.floor(at.getTime() / step) * step);
}

/** The first period boundary strictly after `at`. */
export function nextBoundary(length: PeriodLength, at: Date): Date {
  const floor = periodFloor(length, at);
  if (length.unit === 'm') return monthStart(monthIndex(floor) + length.count);
  return new Date(floor.getTime() + length.count * (length.unit === 'h' ? HOUR_MS : DAY_MS));
}
