import { describe, expect, it } from 'vitest';
import { createAdvertiserRequestSchema, createCampaignRequestSchema } from '../src/index.ts';
import { messagesOf } from './support.ts';

const advertiser = { businessName: 'Bright Suds', contactEmail: 'owner@brightsuds.com' };

describe('createAdvertiserRequestSchema', () => {
  it.each([
    ['businessName is empty', { businessName: '  ' }, 'Business name is required'],
    ['businessName is missing', { businessName: undefined }, 'Business name is required'],
    ['website is invalid', { website: 'brightsuds' }, 'Please enter a valid website URL'],
    ['contactEmail is invalid', { contactEmail: 'owner' }, 'Please enter a valid email address'],
    ['contactEmail is missing', { contactEmail: undefined }, 'Please enter a valid email address'],
    ['industry is unknown', { industry: 'banking' }, expect.stringContaining('Industry must be one of')],
  ])('when %s, then it fails with its message', (_case, override, message) => {
    expect(messagesOf(createAdvertiserRequestSchema, { ...advertiser, ...override })).toContainEqual(message);
  });

  it('when optional fields are absent, then they default to empty', () => {
    expect(createAdvertiserRequestSchema.parse(advertiser)).toEqual({
      ...advertiser,
      industry: '',
      description: '',
      website: '',
      contactPhone: '',
      businessAddress: '',
    });
  });

  it('when every industry value is given, then it is accepted', () => {
    for (const industry of [
      'laundromat',
      'dry_cleaning',
      'laundry_supplies',
      'laundry_equipment',
      'cleaning_service',
      'detergent_brand',
      'technology',
      'other',
    ]) {
      expect(createAdvertiserRequestSchema.safeParse({ ...advertiser, industry }).success, industry).toBe(
        true,
      );
    }
  });
});

const campaign = { title: 'Spring promo', targetUrl: 'https://brightsuds.com/promo' };

describe('createCampaignRequestSchema', () => {
  it.each([
    ['title is empty', { title: '' }, 'Title is required'],
    ['targetUrl is invalid', { targetUrl: 'brightsuds' }, 'Please enter a valid URL'],
    ['targetUrl is missing', { targetUrl: undefined }, 'Please enter a valid URL'],
    ['totalBudget is below 10', { totalBudget: 9.99 }, 'Minimum budget is $10'],
    ['totalBudget is blank', { totalBudget: '' }, 'Minimum budget is $10'],
    ['dailyBudget is below 1', { dailyBudget: 0.5 }, 'Minimum daily budget is $1'],
    ['costPerClick is below 0.10', { costPerClick: 0.09 }, 'Minimum cost per click is $0.10'],
    ['status is unknown', { status: 'archived' }, 'Status must be one of draft, active, paused'],
    ['imageUrl is invalid', { imageUrl: 'pic' }, 'Please enter a valid URL'],
    [
      'end is before start',
      { startDate: '2025-11-02', endDate: '2025-11-01' },
      'End date must not be before the start date',
    ],
  ])('when %s, then it fails with its message', (_case, override, message) => {
    expect(messagesOf(createCampaignRequestSchema, { ...campaign, ...override })).toContainEqual(message);
  });

  it('when only title and target URL are given, then the form defaults apply', () => {
    expect(createCampaignRequestSchema.parse(campaign)).toMatchObject({
      totalBudget: 100,
      dailyBudget: 10,
      costPerClick: 0.5,
      status: 'draft',
      description: '',
      imageUrl: '',
      targetCountries: [],
      targetCities: [],
    });
  });

  it('when money arrives as numeric strings at the minimums, then it is accepted as numbers', () => {
    expect(
      createCampaignRequestSchema.parse({
        ...campaign,
        totalBudget: '10',
        dailyBudget: '1',
        costPerClick: '0.10',
      }),
    ).toMatchObject({ totalBudget: 10, dailyBudget: 1, costPerClick: 0.1 });
  });
});
