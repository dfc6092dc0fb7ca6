import { countryCodes } from '@laundry/contracts';
import { describe, expect, it } from 'vitest';
import { addCountry, countryName, countryOptions, matchCountries } from '../../src/domain/countries.ts';

describe('the country picker', () => {
  it('when the options are listed, then every ISO code the contract accepts is there once, named in the language', () => {
    const options = countryOptions('en');
    expect(options).toHaveLength(countryCodes.length);
    expect(new Set(options.map((option) => option.code)).size).toBe(countryCodes.length);
    expect(options.find((option) => option.code === 'GB')?.name).toBe('United Kingdom');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('JP', 'zh')).toBe('日本');
  });

  it("when the options are listed, then they are in the language's alphabetical order", () => {
    const names = countryOptions('fr').map((option) => option.name);
    const sorted = [...names].sort(new Intl.Collator('fr').compare);
    expect(names).toEqual(sorted);
  });

  it('when a code is typed, then that country comes first; then names starting with the text, then containing it', () => {
    const options = countryOptions('en');
    expect(matchCountries(options, 'gb', [])[0]?.code).toBe('GB');
    const united = matchCountries(options, 'united', [], 20).map((option) => option.code);
    expect(united).toEqual(expect.arrayContaining(['GB', 'US', 'AE']));
    const land = matchCountries(options, 'land', [], 50).map((option) => option.name);
    const firstContaining = land.findIndex((name) => !name.toLowerCase().startsWith('land'));
    expect(land.slice(firstContaining).every((name) => !name.toLowerCase().startsWith('land'))).toBe(true);
  });

  it('when accents differ, then they do not matter', () => {
    expect(matchCountries(countryOptions('en'), 'cote', [])[0]?.code).toBe('CI');
  });

  it('when a country is already chosen, then it is not offered again; nothing is offered for blank text', () => {
    const options = countryOptions('en');
    expect(matchCountries(options, 'france', ['FR'])).toEqual([]);
    expect(matchCountries(options, '   ', [])).toEqual([]);
    expect(matchCountries(options, 'a', []).length).toBeLessThanOrEqual(8);
  });

  it('when a country is added twice, then it is listed once', () => {
    expect(addCountry(['FR'], 'FR')).toEqual(['FR']);
    expect(addCountry(['FR'], 'DE')).toEqual(['FR', 'DE']);
  });
});
