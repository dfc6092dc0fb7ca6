import { describe, expect, it } from 'vitest';
import type { Laundromat } from '@laundry/contracts';
import { ApiRequestError } from '../../src/domain/api-errors.ts';
import {
  currencyDecimals,
  listingErrorsOf,
  listingFormFrom,
  listingRequest,
  openingHoursOfForm,
  priceText,
} from '../../src/domain/listing-form.ts';
import { english } from '../support/english.ts';

const listing = (change: Partial<Laundromat> = {}): Laundromat =>
  ({
    id: 'l-1',
    name: 'Bubbles',
    currency: 'USD',
    openingHours: 'Mo-Fr 08:00-20:00; Su off',
    washPriceSmall: 4.25,
    washPriceLarge: null,
    dryPrice15min: null,
    dryPrice30min: 1.5,
    detergentPrice: null,
    numWashers: 10,
    numDryers: null,
    phone: '+1 555 0100',
    website: null,
    description: null,
    isWashAndFold: false,
    isDryCleaning: false,
    isSelfService: true,
    acceptsCoin: true,
    acceptsCard: false,
    acceptsNfc: false,
    hasChangeMachine: false,
    hasDetergentVending: false,
    hasWifi: false,
    hasSeating: false,
    hasFoldingTables: false,
    hasRestroom: false,
    hasParking: false,
    hasAc: false,
    isWheelchairAccessible: false,
    isWellLit: false,
    hasStaff: false,
    hasCctv: false,
    hasBigDrums: false,
    hasHotWater: false,
    ...change,
  }) as Laundromat;

describe('the listing form', () => {
  it('when a listing is read, then prices are exact text in its currency and the hours are in the editor', () => {
    const form = listingFormFrom(listing());
    expect(form.prices.washPriceSmall).toBe('4.25');
    expect(form.prices.dryPrice30min).toBe('1.50');
    expect(form.prices.washPriceLarge).toBe('');
    expect(form.hoursMode).toBe('editor');
    expect(form.hours.days.sunday.closed).toBe(true);
    expect(openingHoursOfForm(form)).toBe('Mo-Fr 08:00-20:00; Su off');
    expect(currencyDecimals('JPY')).toBe(0);
    expect(priceText(500, currencyDecimals('JPY'))).toBe('500');
  });

  it('when hours the editor cannot hold are read, then they are kept as text and unchanged they are not sent', () => {
    const initial = listingFormFrom(listing({ openingHours: 'Mo-Fr 08:00-18:00 "by appointment"' }));
    expect(initial.hoursMode).toBe('text');
    const check = listingRequest(initial, { ...initial, phone: '+1 555 0199' }, 'USD');
    expect(check).toEqual({ ok: true, request: { phone: '+1 555 0199' } });
  });

  it('when Saturday runs past midnight, holidays close and a price changes, then only those are sent', () => {
    const initial = listingFormFrom(listing());
    const values = structuredClone(initial);
    values.hours.days.saturday = { closed: false, ranges: [{ from: '18:00', to: '02:00' }] };
    values.specials = [{ when: 'PH', closed: true, ranges: [] }];
    values.prices.washPriceLarge = '6,75';
    values.prices.washPriceSmall = '';
    values.flags.acceptsCard = true;
    values.numDryers = '4';

    const check = listingRequest(initial, values, 'USD');

    expect(check).toEqual({
      ok: true,
      request: {
        openingHours: 'Su off; Mo-Fr 08:00-20:00, Sa 18:00-02:00; PH off',
        washPriceLarge: '6.75',
        washPriceSmall: null,
        acceptsCard: true,
        numDryers: 4,
      },
    });
  });

  it('when nothing changed, then nothing is sent', () => {
    const initial = listingFormFrom(listing());
    expect(listingRequest(initial, structuredClone(initial), 'USD')).toEqual({
      ok: false,
      errors: {},
      nothingChanged: true,
    });
  });

  it('when fields are wrong, then each says why under itself and nothing is sent', () => {
    const initial = listingFormFrom(listing({ currency: 'JPY', washPriceSmall: 500 }));
    const values = structuredClone(initial);
    values.prices.washPriceSmall = '500.50';
    values.prices.dryPrice15min = '-3';
    values.numWashers = 'ten';
    values.website = 'example.com';
    values.hours.days.monday.ranges = [{ from: '08:00', to: '' }];
    values.specials = [{ when: 'PH', closed: false, ranges: [{ from: '', to: '12:00' }] }];

    const check = listingRequest(initial, values, 'JPY');

    expect(check.ok).toBe(false);
    const errors = check.ok ? {} : check.errors;
    expect(Object.keys(errors).sort()).toEqual([
      'dryPrice15min',
      'numWashers',
      'openingHours',
      'washPriceSmall',
      'website',
    ]);
    expect(english(errors.washPriceSmall)).toBe('JPY has no cents: enter a whole amount.');
    expect(english(errors.numWashers)).toBe('Enter a whole number, or leave it empty.');
    expect(english(errors.openingHours)).toMatch(/not finished/);
  });

  it('when the directory refuses the hours or a field, then its message is shown under that field', () => {
    const hours = new ApiRequestError(
      400,
      JSON.stringify({ message: 'Opening hours: Unexpected token "Xx"', code: 'INVALID_OPENING_HOURS' }),
    );
    expect(english(listingErrorsOf(hours)?.openingHours)).toBe(
      'These hours were not accepted: Unexpected token "Xx"',
    );
    const phone = new ApiRequestError(
      400,
      JSON.stringify({
        message: 'Validation failed',
        errors: [{ path: 'phone', message: 'A phone number has digits, spaces and + ( ) - . / only' }],
      }),
    );
    expect(english(listingErrorsOf(phone)?.phone)).toBe(
      'A phone number has digits, spaces and + ( ) - . / only',
    );
    expect(listingErrorsOf(new ApiRequestError(403, '{"message":"no"}'))).toBeNull();
  });
});
