import { countries, type TCountryCode } from 'countries-list';
import { describe, expect, it } from 'vitest';
import { currencies, parseDayHours, weekdays } from '@laundry/contracts';
import { demoCities, generateDemoLaundromats } from '../src/demo-data.ts';

const rows = generateDemoLaundromats({ count: 20_000, seed: 1 });

describe('generateDemoLaundromats', () => {
  it('when generated twice with the same seed, then the rows are identical', () => {
    expect(generateDemoLaundromats({ count: 20_000, seed: 1 })).toEqual(rows);
  });

  it('when generated with another seed, then the rows differ', () => {
    const other = generateDemoLaundromats({ count: 500, seed: 2 });
    expect(other.map((r) => r.name)).not.toEqual(
      generateDemoLaundromats({ count: 500, seed: 1 }).map((r) => r.name),
    );
  });

  it('when the default count is asked for, then at least 20,000 demo rows with unique refs come back', () => {
    expect(generateDemoLaundromats()).toHaveLength(20_000);
    expect(new Set(rows.map((r) => r.sourceRef)).size).toBe(rows.length);
    expect(rows.every((r) => r.isDemo === true && r.source === 'demo' && r.status === 'approved')).toBe(true);
    expect(rows.every((r) => r.address?.includes('(demo)'))).toBe(true);
  });

  it('when placed, then every laundromat has valid coordinates near a city on each inhabited continent', () => {
    expect(rows.every((r) => Math.abs(r.latitude) <= 90 && Math.abs(r.longitude) <= 180)).toBe(true);
    const continentOfCountry = new Map(
      Object.entries(countries).map(([code, country]) => [
        regionName(code as TCountryCode),
        country.continent,
      ]),
    );
    const continents = new Set(rows.map((r) => continentOfCountry.get(r.country ?? '')));
    expect([...continents].sort()).toEqual(['AF', 'AS', 'EU', 'NA', 'OC', 'SA']);
    expect(new Set(demoCities().map((c) => c.continent)).size).toBe(6);
  });

  it('when priced, then every supported currency occurs and yen prices are whole', () => {
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(currencies));
    const yen = rows.filter((r) => r.currency === 'JPY' && r.washPriceSmall != null);
    expect(yen.length).toBeGreaterThan(0);
    expect(yen.every((r) => Number.isInteger(r.washPriceSmall) && Number.isInteger(r.dryPrice15min))).toBe(
      true,
    );
  });

  it('when hours are generated, then the mix has 24/7, split weekdays, closed days and missing hours, all valid', () => {
    const withHours = rows.flatMap((r) => (r.hours ? [r.hours] : []));
    const share = (n: number) => n / rows.length;
    expect(share(withHours.filter((h) => h.monday === '24/7').length)).toBeGreaterThan(0.1);
    expect(withHours.some((h) => h.monday === '0:00-24:00')).toBe(true);
    expect(withHours.some((h) => h.monday !== h.saturday && h.saturday !== 'closed')).toBe(true);
    expect(withHours.some((h) => h.sunday === 'closed')).toBe(true);
    expect(share(rows.length - withHours.length)).toBeGreaterThan(0.05);
    expect(withHours.filter((h) => Object.keys(h).join() !== weekdays.join())).toEqual([]);
    expect(
      withHours.flatMap((h) => Object.values(h)).filter((value) => parseDayHours(value) === null),
    ).toEqual([]);
  });

  it('when rated, then about a fifth have no reviews and the rest, mostly well rated, have sub-scores', () => {
    const unrated = rows.filter((r) => r.totalReviews === 0);
    expect(unrated.every((r) => r.averageRating === 0)).toBe(true);
    expect(unrated.length / rows.length).toBeGreaterThan(0.15);
    expect(unrated.length / rows.length).toBeLessThan(0.25);
    const rated = rows.filter((r) => (r.totalReviews ?? 0) > 0);
    // Averages of their demo reviews (1–5 stars each) drawn around a quality between 2.5 and 5.
    expect(rated.every((r) => r.averageRating! >= 1 && r.averageRating! <= 5)).toBe(true);
    const mean = rated.reduce((sum, r) => sum + r.averageRating!, 0) / rated.length;
    expect(mean).toBeGreaterThan(3.3);
    expect(mean).toBeLessThan(4.2);
    expect(rated.every((r) => r.safetyScore! >= 1 && r.safetyScore! <= 5)).toBe(true);
  });
});

function regionName(code: TCountryCode): string {
  return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
}
