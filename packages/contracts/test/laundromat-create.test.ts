import { describe, expect, it } from 'vitest';
import { createLaundromatRequestSchema, laundromatBooleanDefaults } from '../src/index.ts';
import { messagesOf } from './support.ts';

const valid = {
  name: 'Suds City',
  address: '12 Main Street',
  city: 'Austin',
  country: 'US',
  latitude: 30.27,
  longitude: -97.74,
};

describe('createLaundromatRequestSchema', () => {
  it.each([
    ['name is too short', { name: 'ab' }, 'Name must be at least 3 characters'],
    ['name is only spaces', { name: '    ' }, 'Name must be at least 3 characters'],
    ['name is missing', { name: undefined }, 'Name must be at least 3 characters'],
    ['address is too short', { address: '12' }, 'Address is required'],
    ['city is too short', { city: 'A' }, 'City is required'],
    ['country is empty', { country: '' }, 'Country is required'],
    ['latitude is above 90', { latitude: 91 }, 'Latitude must be between -90 and 90'],
    ['longitude is below -180', { longitude: -181 }, 'Longitude must be between -180 and 180'],
    ['website is not a URL', { website: 'not a url' }, 'Must be a valid URL'],
    ['website is a javascript: URL', { website: 'javascript:alert(1)' }, 'Must be a valid URL'],
    ['a price has three decimals', { washPriceSmall: 2.555 }, 'Price can have at most 2 decimals'],
    ['a price is negative', { dryPrice30min: -1 }, 'Price must not be negative'],
    ['numWashers is fractional', { numWashers: 2.5 }, 'Must be a whole number'],
    [
      'currency is not an ISO 4217 code',
      { currency: 'XYZ' },
      'Currency must be a three-letter ISO 4217 code such as USD, EUR, GBP, JPY, AUD, CAD',
    ],
    [
      'currency is written in small letters',
      { currency: 'eur' },
      'Currency must be a three-letter ISO 4217 code such as USD, EUR, GBP, JPY, AUD, CAD',
    ],
    [
      'hours have an overnight range',
      { hours: { friday: '22:00-02:00' } },
      expect.stringContaining('end after'),
    ],
  ])('when %s, then it fails with its message', (_case, override, message) => {
    expect(messagesOf(createLaundromatRequestSchema, { ...valid, ...override })).toContainEqual(message);
  });

  it('when only the required fields are given, then every default is applied', () => {
    const parsed = createLaundromatRequestSchema.parse(valid);
    expect(parsed.currency).toBe('USD');
    for (const [key, value] of Object.entries(laundromatBooleanDefaults)) {
      expect(parsed[key as keyof typeof parsed], key).toBe(value);
    }
    expect(parsed.isSelfService).toBe(true);
    expect(parsed.acceptsCoin).toBe(true);
    expect(parsed.hasWifi).toBe(false);
  });

  it.each(['INR', 'MYR', 'CNY', 'CHF', 'BRL'])(
    'when the currency is %s, one of ISO 4217 beyond the six offered first, then it is accepted',
    (currency) => {
      expect(createLaundromatRequestSchema.parse({ ...valid, currency }).currency).toBe(currency);
    },
  );

  it('when the website is empty and prices have two decimals, then it passes', () => {
    const parsed = createLaundromatRequestSchema.parse({
      ...valid,
      website: '',
      washPriceSmall: 3.25,
      dryPrice30min: 1.1,
    });
    expect(parsed.website).toBe('');
    expect(parsed.washPriceSmall).toBe(3.25);
  });

  it('when server-owned or unknown keys are sent, then they are stripped', () => {
    const parsed = createLaundromatRequestSchema.parse({
      ...valid,
      status: 'approved',
      submittedById: 'x',
      evil: 1,
    });
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('submittedById');
    expect(parsed).not.toHaveProperty('evil');
  });

  it('when text has surrounding spaces, then it is trimmed', () => {
    expect(createLaundromatRequestSchema.parse({ ...valid, name: '  Suds City  ' }).name).toBe('Suds City');
  });
});
