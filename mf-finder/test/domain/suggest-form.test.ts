import { describe, expect, it } from 'vitest';
import { laundromatBooleanDefaults, type Laundromat } from '@laundry/contracts';
import { checkSuggestion, initialSuggestValues, laundromatIdIn } from '../../src/domain/suggest-form.ts';

const laundromat = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Fjord Wash',
  latitude: 64.1466,
  longitude: -21.9426,
  phone: '+354 555 0100',
  website: null,
  openingHours: 'Mo-Su 08:00-20:00',
  currency: 'ISK',
  washPriceSmall: 500,
  washPriceLarge: null,
  dryPrice15min: null,
  dryPrice30min: null,
  detergentPrice: null,
  ...laundromatBooleanDefaults,
} as unknown as Laundromat;

const start = () => initialSuggestValues(laundromat);

describe('the Suggest an edit form', () => {
  it('when nothing differs from what the laundromat says, then it asks for a change and sends nothing', () => {
    expect(checkSuggestion(start(), laundromat)).toEqual({
      ok: false,
      errors: { form: 'suggest.errors.nothingChanged' },
    });
    expect(checkSuggestion({ ...start(), kind: 'amenities' }, laundromat).ok).toBe(false);
  });

  it('when the pin is at 0, 0, then it says so rather than sending it', () => {
    const values = { ...start(), kind: 'location' as const, latitude: '0', longitude: '0' };
    expect(checkSuggestion(values, laundromat)).toEqual({
      ok: false,
      errors: { latitude: 'suggest.errors.pinAtZero' },
    });
  });

  it('when the website is not http(s) or the note is too long, then the field says so', () => {
    expect(
      checkSuggestion({ ...start(), kind: 'website', website: 'ftp://wash.example' }, laundromat),
    ).toEqual({
      ok: false,
      errors: { website: 'suggest.errors.website' },
    });
    expect(checkSuggestion({ ...start(), kind: 'closed', note: 'x'.repeat(1001) }, laundromat)).toEqual({
      ok: false,
      errors: { note: 'suggest.errors.noteTooLong' },
    });
  });

  it('when some prices change, then only those are sent, an emptied one as none', () => {
    const values = start();
    values.kind = 'prices';
    values.prices = { ...values.prices, washPriceSmall: '', dryPrice30min: '2,5' };
    expect(checkSuggestion(values, laundromat)).toEqual({
      ok: true,
      request: { kind: 'prices', prices: { washPriceSmall: null, dryPrice30min: 2.5 } },
    });
  });

  it('when a shared link of the other laundromat is pasted, then its id is what is sent', () => {
    const other = '22222222-2222-4222-8222-222222222222';
    expect(laundromatIdIn(`https://finder.example/?l=${other}`)).toBe(other);
    expect(
      checkSuggestion({ ...start(), kind: 'duplicate', duplicateOf: `/?l=${other}` }, laundromat),
    ).toEqual({
      ok: true,
      request: { kind: 'duplicate', duplicateOfId: other },
    });
  });
});
