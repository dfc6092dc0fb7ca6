import { describe, expect, it } from 'vitest';
import { initialAddFormValues, withPlace } from '../../src/add/add-form-values.ts';

const paris = { city: 'Paris', country: 'France', street: '12 Rue Cler' };

describe('withPlace (the add form after "Use My Current Location")', () => {
  it('when the boxes are empty, then city, country and the street fill them', () => {
    const values = withPlace(initialAddFormValues(), paris);
    expect([values.address, values.city, values.country]).toEqual(['12 Rue Cler', 'Paris', 'France']);
  });

  it('when the person typed a city or address already, then those stay as typed and only the empty box fills', () => {
    const typed = { ...initialAddFormValues(), address: '5 Avenue Rapp', city: 'Paris 7e' };
    const values = withPlace(typed, paris);
    expect([values.address, values.city, values.country]).toEqual(['5 Avenue Rapp', 'Paris 7e', 'France']);
  });

  it('when the lookup knows no street (the gazetteer), then the address stays empty', () => {
    const values = withPlace(initialAddFormValues(), { city: 'Lagos', country: 'Nigeria', street: null });
    expect([values.address, values.city, values.country]).toEqual(['', 'Lagos', 'Nigeria']);
  });

  it('when a box holds only spaces, then it counts as empty; a blank answer fills nothing', () => {
    const spaced = { ...initialAddFormValues(), city: '   ' };
    expect(withPlace(spaced, paris).city).toBe('Paris');
    expect(withPlace(spaced, { city: ' ', country: '' }).city).toBe('   ');
  });

  it('when there is no place, then the form is unchanged', () => {
    const values = initialAddFormValues();
    expect(withPlace(values, null)).toBe(values);
  });
});
