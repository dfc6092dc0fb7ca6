import type { Advertiser } from '@laundry/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyProfileValues,
  profileUpdateOf,
  profileValuesFrom,
  validateProfileForm,
  type ProfileFormValues,
} from '../../src/domain/profile-form.ts';
import { english } from '../support/english.ts';

const form = (changes: Partial<ProfileFormValues> = {}): ProfileFormValues => ({
  ...emptyProfileValues(),
  ...changes,
});

describe('the advertiser profile form (docs/product.md, Validation)', () => {
  it('when it opens, then every field is empty', () => {
    expect(emptyProfileValues()).toEqual({
      businessName: '',
      industry: '',
      description: '',
      website: '',
      contactEmail: '',
      contactPhone: '',
      businessAddress: '',
      billingCurrency: 'USD',
    });
    expect(emptyProfileValues('JPY').billingCurrency).toBe('JPY');
  });

  it('when the empty form is sent, then the business name and the e-mail say their required messages', () => {
    const result = validateProfileForm(form());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(english(result.errors.businessName)).toBe('Business name is required');
    expect(english(result.errors.contactEmail)).toBe('Please enter a valid email address');
    expect(Object.keys(result.errors).sort()).toEqual(['businessName', 'contactEmail']);
  });

  it('when the website is not a URL, then it says so; an empty website is fine', () => {
    const bad = validateProfileForm(
      form({ businessName: 'Suds', contactEmail: 'a@b.co', website: 'not a site' }),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(english(bad.errors.website)).toBe('Please enter a valid website URL');
    expect(validateProfileForm(form({ businessName: 'Suds', contactEmail: 'a@b.co' })).ok).toBe(true);
  });

  it('when a field is too long, then the translated length message names the limit', () => {
    const result = validateProfileForm(form({ businessName: 'x'.repeat(256), contactEmail: 'a@b.co' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(english(result.errors.businessName)).toBe('Use at most 255 characters');
  });

  it('when the form is valid, then the request is the trimmed values, e-mail lower-cased, blanks as empty strings', () => {
    const result = validateProfileForm(
      form({
        businessName: '  Suds & Co ',
        industry: 'laundromat',
        contactEmail: ' Owner@Suds.TEST ',
        website: 'https://suds.test',
      }),
    );
    expect(result).toEqual({
      ok: true,
      request: {
        businessName: 'Suds & Co',
        industry: 'laundromat',
        description: '',
        website: 'https://suds.test',
        contactEmail: 'owner@suds.test',
        contactPhone: '',
        businessAddress: '',
        billingCurrency: 'USD',
      },
    });
  });

  it('when the settings page opens, then the stored profile fills the form and its nulls are empty boxes', () => {
    const stored: Advertiser = {
      id: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      businessName: 'Suds',
      contactEmail: 'owner@suds.test',
      contactPhone: null,
      website: 'https://suds.test',
      industry: null,
      description: 'Washing',
      businessAddress: null,
      billingCurrency: 'EUR',
      isVerified: false,
      isActive: true,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    expect(profileValuesFrom(stored)).toEqual({
      businessName: 'Suds',
      industry: '',
      description: 'Washing',
      website: 'https://suds.test',
      contactEmail: 'owner@suds.test',
      contactPhone: '',
      businessAddress: '',
      billingCurrency: 'EUR',
    });
  });

  it('when the settings page saves, then the currency goes only when it changes (a campaign fixes it)', () => {
    const result = validateProfileForm(
      form({ businessName: 'Suds', contactEmail: 'a@b.co', billingCurrency: 'JPY' }),
    );
    if (!result.ok) throw new Error('expected a request');
    expect(profileUpdateOf(result.request, { billingCurrency: 'JPY' })).not.toHaveProperty('billingCurrency');
    expect(profileUpdateOf(result.request, { billingCurrency: 'USD' })).toMatchObject({
      billingCurrency: 'JPY',
    });
    // A profile from a server that names no currency is in dollars.
    expect(profileUpdateOf(result.request, {})).toMatchObject({ billingCurrency: 'JPY' });
  });
});
