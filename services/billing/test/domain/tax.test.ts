import { describe, expect, it } from 'vitest';
import { billingDetailsRequestSchema, checkTaxId } from '@laundry/contracts';
import { taxCents, taxRatesBp, taxTreatment } from '../../src/domain/tax.ts';
import { allocateCents } from '../../src/domain/invoice.ts';

describe('tax id formats', () => {
  it.each([
    ['FR', 'FR 40 303 265 045', 'FR40303265045'],
    ['FR', '40303265045', 'FR40303265045'],
    ['DE', 'de-123.456.789', 'DE123456789'],
    ['AT', 'ATU12345678', 'ATU12345678'],
    ['NL', 'NL123456789B01', 'NL123456789B01'],
    ['GR', '123456789', 'EL123456789'],
    ['GR', 'EL123456789', 'EL123456789'],
    ['ES', 'ESX1234567X', 'ESX1234567X'],
    ['ES', '12345678Z', 'ES12345678Z'],
    ['IE', 'IE1234567WA', 'IE1234567WA'],
    ['SE', 'SE123456789001', 'SE123456789001'],
    ['GB', 'GB 123 4567 89', 'GB123456789'],
    ['GB', 'GBGD123', 'GBGD123'],
  ])('a VAT number of %s written as %s is read as %s', (country, written, read) => {
    expect(checkTaxId(country, written)).toEqual({ ok: true, taxId: read, vat: true });
  });

  it.each([
    ['FR', 'FR4030326504'], // a digit short
    ['DE', 'DE12345678A'],
    ['AT', 'AT12345678'], // no U
    ['NL', 'NL123456789A01'],
    ['GR', 'GR123456789'], // Greece's prefix is EL
    ['SE', 'SE123456789002'],
    ['GB', 'GB12345678'],
    ['IT', 'DE12345678901'], // another state's prefix
  ])('%s rejects %s', (country, written) => {
    expect(checkTaxId(country, written)).toEqual({ ok: false });
  });

  it('keeps another country’s tax id as written, within 40 characters', () => {
    expect(checkTaxId('US', '  12-3456789 ')).toEqual({ ok: true, taxId: '12-3456789', vat: false });
    expect(checkTaxId('IN', '22AAAAA0000A1Z5')).toMatchObject({ ok: true, vat: false });
    expect(checkTaxId('US', 'x'.repeat(41))).toEqual({ ok: false });
    expect(checkTaxId('US', '<script>')).toEqual({ ok: false });
  });

  it('the billing details form stores the VAT number read, and refuses one of the wrong shape', () => {
    const base = {
      legalName: 'Laverie SARL',
      addressLine1: '3 rue de la Paix',
      city: 'Paris',
      country: 'fr',
    };
    expect(billingDetailsRequestSchema.parse({ ...base, taxId: 'fr 40 303265045' })).toMatchObject({
      country: 'FR',
      taxId: 'FR40303265045',
      language: 'en',
      addressLine2: '',
    });
    const wrong = billingDetailsRequestSchema.safeParse({ ...base, taxId: 'FR123' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]).toMatchObject({ path: ['taxId'] });
    expect(billingDetailsRequestSchema.safeParse({ ...base, legalName: ' ' }).success).toBe(false);
    expect(billingDetailsRequestSchema.safeParse({ ...base, country: 'France' }).success).toBe(false);
  });
});

describe('tax by the buyer’s country', () => {
  it('a verified EU business in another state than the seller’s is reverse charged', () => {
    expect(taxTreatment('IE', { country: 'FR', taxIdStatus: 'verified' })).toEqual({
      kind: 'reverse_charge',
      rateBp: 0,
    });
  });

  it.each(['pending', 'rejected', 'none'] as const)(
    'an EU buyer whose VAT number is %s is charged its country’s VAT, never reverse charged',
    (taxIdStatus) => {
      expect(taxTreatment('IE', { country: 'FR', taxIdStatus })).toEqual({
        kind: 'vat',
        rateBp: 2000,
        country: 'FR',
      });
    },
  );

  it('a verified business in the seller’s own state is charged domestic VAT', () => {
    expect(taxTreatment('IE', { country: 'IE', taxIdStatus: 'verified' })).toEqual({
      kind: 'vat',
      rateBp: 2300,
      country: 'IE',
    });
  });

  it('outside the EU: the configured rate, or no tax for a country without one', () => {
    expect(taxTreatment('IE', { country: 'GB', taxIdStatus: 'recorded' })).toMatchObject({
      kind: 'vat',
      rateBp: 2000,
    });
    expect(taxTreatment('IE', { country: 'US', taxIdStatus: 'recorded' })).toEqual({
      kind: 'none',
      rateBp: 0,
    });
    expect(taxTreatment('IE', undefined)).toEqual({ kind: 'none', rateBp: 0 });
  });

  it('has a standard rate for each of the 27 member states', () => {
    for (const country of [
      'AT',
      'BE',
      'BG',
      'CY',
      'CZ',
      'DE',
      'DK',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'HU',
    ]) {
      expect(taxRatesBp[country]).toBeGreaterThan(0);
    }
    for (const country of ['IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']) {
      expect(taxRatesBp[country]).toBeGreaterThan(0);
    }
  });

  it.each([
    { net: 166, rateBp: 2000, tax: 33 }, // 33.2 cents
    { net: 1150, rateBp: 2000, tax: 230 },
    { net: 25, rateBp: 2000, tax: 5 },
    { net: 5, rateBp: 2100, tax: 1 }, // 1.05 cents
    { net: 1, rateBp: 2000, tax: 0 }, // 0.2 cents
    { net: 1, rateBp: 5000, tax: 1 }, // half a cent rounds up
    { net: 99_999_999_999, rateBp: 2550, tax: 25_500_000_000 }, // 25,499,999,999.745 cents
    { net: 0, rateBp: 2000, tax: 0 },
  ])('$rateBp bp of $net cents is $tax cents, exactly', ({ net, rateBp, tax }) => {
    expect(taxCents(net, rateBp)).toBe(tax);
  });

  it('of a yen statement is whole yen, half up', () => {
    // 10 % of ¥14,198 is ¥1,419.8; 10 % of ¥14,195 is ¥1,419.5, half up; 10 % of ¥14,194 is ¥1,419.4.
    expect(taxCents(14_198, 1000)).toBe(1420);
    expect(taxCents(14_195, 1000)).toBe(1420);
    expect(taxCents(14_194, 1000)).toBe(1419);
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => taxCents(1.5, 2000)).toThrow(RangeError);
  });
});

describe('splitting a statement over its campaigns', () => {
  it('gives every cent to a campaign and adds up to the statement', () => {
    // Three campaigns spending a third each of $1.00: the odd cent goes to the first.
    expect(allocateCents(100, [3333, 3333, 3334])).toEqual([33, 33, 34]);
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(144, [14_400])).toEqual([144]);
    const parts = allocateCents(1001, [25_000, 12_345, 62_713, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1001);
  });

  it('a campaign whose credits outweigh its spend gets a negative share, the total still exact', () => {
    const parts = allocateCents(100, [12_000, -2_000]);
    expect(parts).toEqual([120, -20]);
  });
});
