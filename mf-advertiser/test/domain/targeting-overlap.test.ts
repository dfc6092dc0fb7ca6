import { describe, expect, it } from 'vitest';
import { chosenCountryNamed, cityCountry, targetingOverlaps } from '../../src/domain/targeting-overlap.ts';

describe('targeting overlaps', () => {
  it('when a city is written with its country code, then that code is read, in any case', () => {
    expect(cityCountry('Paris, FR')).toBe('FR');
    expect(cityCountry('Lyon,fr ')).toBe('FR');
    expect(cityCountry('Paris')).toBeNull();
    expect(cityCountry('Washington, D.C.')).toBeNull();
  });

  it('when a city lies in a chosen country, then it is flagged as adding nothing', () => {
    expect(
      targetingOverlaps({
        countries: ['FR'],
        cities: ['Paris, FR', 'London, GB', 'Lyon'],
        areaCountry: null,
      }),
    ).toEqual([{ kind: 'city-in-country', city: 'Paris, FR', country: 'FR' }]);
  });

  it("when the area's centre is in a chosen country, then the area is flagged", () => {
    expect(targetingOverlaps({ countries: ['PT', 'ES'], cities: [], areaCountry: 'PT' })).toEqual([
      { kind: 'area-in-country', country: 'PT' },
    ]);
  });

  it('when countries, cities and area do not overlap, then nothing is flagged', () => {
    expect(targetingOverlaps({ countries: ['ES'], cities: ['Paris, FR'], areaCountry: null })).toEqual([]);
    expect(targetingOverlaps({ countries: [], cities: ['Paris, FR'], areaCountry: null })).toEqual([]);
  });

  it("when the geocoder names the area's country in English, then it is matched to a chosen code", () => {
    expect(chosenCountryNamed('Portugal', ['ES', 'PT'])).toBe('PT');
    expect(chosenCountryNamed('united kingdom', ['GB'])).toBe('GB');
    expect(chosenCountryNamed('France', ['ES'])).toBeNull();
    expect(chosenCountryNamed(null, ['ES'])).toBeNull();
  });
});
