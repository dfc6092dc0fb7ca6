import { beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters } from '../../src/domain/geo.ts';
import { createGazetteer } from '../../src/infra/geocoding/gazetteer.ts';

/**
 * Names as travellers type them: English exonyms, old names and names with a country or state after them
 * find the place meant (within 25 km), a capital or major city before its small namesakes, and a named
 * country or region is never dropped.
 */

const gazetteer = createGazetteer();

beforeAll(() => {
  gazetteer.load();
}, 120_000);

const km = (a: { latitude: number; longitude: number }, b: [number, number]) =>
  haversineMeters(a, { latitude: b[0], longitude: b[1] }) / 1000;

// [typed, country, centre of the place meant].
const TRAVELLER_NAMES: [string, string, [number, number]][] = [
  ['Munich', 'Germany', [48.1351, 11.582]],
  ['Vienna', 'Austria', [48.2082, 16.3738]],
  ['Florence', 'Italy', [43.7696, 11.2558]],
  ['Cologne', 'Germany', [50.9375, 6.9603]],
  ['Lisbon', 'Portugal', [38.7223, -9.1393]],
  ['Mumbai', 'India', [19.076, 72.8777]],
  ['Bombay', 'India', [19.076, 72.8777]],
  ['Peking', 'China', [39.9042, 116.4074]],
  ['Beijing', 'China', [39.9042, 116.4074]],
  ['Geneva', 'Switzerland', [46.2044, 6.1432]],
  ['Hanover', 'Germany', [52.3759, 9.732]],
  ['Lucerne', 'Switzerland', [47.0502, 8.3093]],
  ['Bruges', 'Belgium', [51.2093, 3.2247]],
  ['Nuremberg', 'Germany', [49.4521, 11.0767]],
  ['Seville', 'Spain', [37.3891, -5.9845]],
  ['Gothenburg', 'Sweden', [57.7089, 11.9746]],
  ['Antwerp', 'Belgium', [51.2194, 4.4025]],
  ['Ghent', 'Belgium', [51.0543, 3.7174]],
  ['Basle', 'Switzerland', [47.5596, 7.5886]],
  ['Zurich', 'Switzerland', [47.3769, 8.5417]],
  ['Prague', 'Czechia', [50.0755, 14.4378]],
  ['Warsaw', 'Poland', [52.2297, 21.0122]],
  ['Krakow', 'Poland', [50.0647, 19.945]],
  ['Moscow', 'Russia', [55.7558, 37.6173]],
  ['Kiev', 'Ukraine', [50.4501, 30.5234]],
  ['Athens', 'Greece', [37.9838, 23.7275]],
  ['Naples', 'Italy', [40.8518, 14.2681]],
  ['Venice', 'Italy', [45.4408, 12.3155]],
  ['Turin', 'Italy', [45.0703, 7.6869]],
  ['Rome', 'Italy', [41.9028, 12.4964]],
  ['Cairo', 'Egypt', [30.0444, 31.2357]],
  ['Canton', 'China', [23.1291, 113.2644]],
  ['Rangoon', 'Myanmar (Burma)', [16.8409, 96.1735]],
  ['Calcutta', 'India', [22.5726, 88.3639]],
  ['Bangalore', 'India', [12.9716, 77.5946]],
  ['Saigon', 'Vietnam', [10.8231, 106.6297]],
  ['Marseilles', 'France', [43.2965, 5.3698]],
  ['Paris, Texas', 'United States', [33.6609, -95.5555]],
  ['Paris TX', 'United States', [33.6609, -95.5555]],
  ['Paris, France', 'France', [48.8566, 2.3522]],
  ['Cambridge UK', 'United Kingdom', [52.2053, 0.1218]],
  ['Cambridge, MA', 'United States', [42.3736, -71.1097]],
  ['London, Ontario', 'Canada', [42.9849, -81.2453]],
  ['Birmingham, Alabama', 'United States', [33.5186, -86.8104]],
  ['Valencia Venezuela', 'Venezuela', [10.162, -68.0077]],
  ['Cordoba, Argentina', 'Argentina', [-31.4201, -64.1888]],
  ['Santiago, Chile', 'Chile', [-33.4489, -70.6693]],
  ['Portland, Maine', 'United States', [43.6591, -70.2568]],
];

describe('names as travellers type them', () => {
  it.each(TRAVELLER_NAMES)(
    'when %j is typed, then the first place is in %s within 25 km',
    (typed, country, at) => {
      const [first] = gazetteer.search(typed);
      expect(first?.country).toBe(country);
      expect(km(first!, at)).toBeLessThan(25);
    },
  );

  it('agrees on every listed name, over thirty of them', () => {
    const agreeing = TRAVELLER_NAMES.filter(([typed, country, at]) => {
      const [first] = gazetteer.search(typed);
      return first?.country === country && km(first, at) < 25;
    });
    expect(TRAVELLER_NAMES.length).toBeGreaterThanOrEqual(30);
    expect(agreeing.map(([typed]) => typed)).toEqual(TRAVELLER_NAMES.map(([typed]) => typed));
  });

  it.each([
    ['Paris, Germany', 'Germany'],
    ['Paris Germany', 'Germany'],
    ['Cambridge, Japan', 'Japan'],
    ['Munich, USA', 'United States'],
  ])('when %j names a country the town is not in, then no place elsewhere is answered', (typed, country) => {
    expect(gazetteer.search(typed).every((r) => r.country === country)).toBe(true);
  });

  it('when a state is named, then only places in that state are answered, even for a partly typed name', () => {
    const results = gazetteer.search('Spring, Texas');
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.state === 'Texas')).toBe(true);
  });

  it('when the asker is in the US, then a bare name favours the US namesake', () => {
    expect(gazetteer.search('Paris', { country: 'US' })[0]).toMatchObject({
      city: 'Paris',
      country: 'United States',
    });
    expect(gazetteer.search('Paris')[0]).toMatchObject({ city: 'Paris', country: 'France' });
  });
});
