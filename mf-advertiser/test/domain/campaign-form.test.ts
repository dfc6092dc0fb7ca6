import type { Campaign } from '@laundry/contracts';
import { describe, expect, it } from 'vitest';
import {
  addCity,
  campaignValuesFrom,
  errorsUnder,
  initialCampaignValues,
  toCampaignCandidate,
  validateCampaignEdit,
  validateNewCampaign,
  type CampaignFormValues,
} from '../../src/domain/campaign-form.ts';
import { english } from '../support/english.ts';
import { defaultSchedule, weeklyHoursOf } from '../../src/domain/campaign-extras.ts';

const form = (changes: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...initialCampaignValues(),
  title: 'Summer wash',
  targetUrl: 'https://suds.test/summer',
  ...changes,
});

const errorsOf = (values: CampaignFormValues) => {
  const result = validateNewCampaign(values);
  if (result.ok) throw new Error('expected errors');
  return Object.fromEntries(Object.entries(result.errors).map(([path, text]) => [path, english(text)]));
};

const stored: Campaign = {
  id: '00000000-0000-4000-8000-00000000000a',
  advertiserId: '00000000-0000-4000-8000-00000000000b',
  title: 'Spring wash',
  description: null,
  imageUrl: null,
  targetUrl: 'https://suds.test',
  targetCountries: ['GB', 'FR'],
  targetCities: ['Paris, FR'],
  radiusKm: 12.5,
  targetLatitude: 51.5,
  targetLongitude: -0.12,
  frequencyCap: null,
  creatives: [],
  schedule: null,
  currency: 'USD',
  dailyBudget: 5,
  totalBudget: 250.5,
  costPerClick: 0.35,
  costPerImpression: null,
  status: 'active',
  moderationStatus: 'approved',
  moderationNote: null,
  startDate: '2025-06-01',
  endDate: '2025-07-01T00:00:00.000Z',
  totalImpressions: 10,
  totalClicks: 1,
  totalSpent: 0.35,
  createdAt: '2025-05-01T00:00:00.000Z',
  updatedAt: '2025-05-01T00:00:00.000Z',
  pendingChange: null,
  reviewFindings: [],
};

describe('the campaign form (docs/product.md, Validation and Constants)', () => {
  it('when it opens, then the budgets are 100, 10 and 0.5, the status draft and nothing is targeted', () => {
    expect(initialCampaignValues()).toMatchObject({
      totalBudget: '100',
      dailyBudget: '10',
      costPerClick: '0.5',
      status: 'draft',
      targetCountries: [],
      targetCities: [],
      area: null,
      startDate: '',
      endDate: '',
    });
  });

  it('when the title and target URL are missing, then their required messages say so', () => {
    expect(errorsOf(form({ title: '  ', targetUrl: 'not a url' }))).toEqual({
      title: 'Title is required',
      targetUrl: 'Please enter a valid URL',
    });
  });

  it('when the money is under the minimums or blank, then each field gives its minimum message', () => {
    expect(errorsOf(form({ totalBudget: '9.99', dailyBudget: '0.5', costPerClick: '0.09' }))).toEqual({
      totalBudget: 'Minimum budget is $10',
      dailyBudget: 'Minimum daily budget is $1',
      costPerClick: 'Minimum cost per click is $0.10',
    });
    expect(errorsOf(form({ totalBudget: '', dailyBudget: '', costPerClick: '' }))).toMatchObject({
      totalBudget: 'Minimum budget is $10',
      costPerClick: 'Minimum cost per click is $0.10',
    });
  });

  it('when the advertiser is billed in yen, then the form starts at yen defaults and asks whole yen of the yen minimums', () => {
    const yen = (changes: Partial<CampaignFormValues>) => ({
      ...initialCampaignValues('JPY'),
      title: 'Spring wash',
      targetUrl: 'https://suds.test',
      ...changes,
    });
    expect(initialCampaignValues('JPY')).toMatchObject({
      totalBudget: '15000',
      dailyBudget: '1500',
      costPerClick: '75',
    });
    expect(validateNewCampaign(yen({}), 'JPY').ok).toBe(true);
    const low = validateNewCampaign(
      yen({ totalBudget: '1000', dailyBudget: '100', costPerClick: '10' }),
      'JPY',
    );
    if (low.ok) throw new Error('expected errors');
    expect(english(low.errors.totalBudget)).toBe('Minimum budget is ¥1,500');
    expect(english(low.errors.dailyBudget)).toBe('Minimum daily budget is ¥150');
    expect(english(low.errors.costPerClick)).toBe('Minimum cost per click is ¥15');
    // The amount is the page's to write: the message carries it, not its English text.
    expect(low.errors.totalBudget).toMatchObject({ money: { amount: { units: 1500, currency: 'JPY' } } });
    const decimals = validateNewCampaign(yen({ totalBudget: '15000.5' }), 'JPY');
    if (decimals.ok) throw new Error('expected errors');
    expect(english(decimals.errors.totalBudget)).toBe('Use a whole amount: this currency has no decimals');
    // The dollar minimums do not hold in yen, nor the yen ones in euros.
    const euros = validateNewCampaign(form({ totalBudget: '9' }), 'EUR');
    if (euros.ok) throw new Error('expected errors');
    expect(english(euros.errors.totalBudget)).toBe('Minimum budget is €10');
  });

  it('when the minimums themselves are given, then the campaign is valid', () => {
    const result = validateNewCampaign(form({ totalBudget: '10', dailyBudget: '1', costPerClick: '0.10' }));
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.request).toMatchObject({ totalBudget: 10, dailyBudget: 1, costPerClick: 0.1 });
  });

  it('when the daily budget is above the total or the end is before the start, then those fields say so', () => {
    expect(
      errorsOf(
        form({ totalBudget: '20', dailyBudget: '30', startDate: '2025-06-02', endDate: '2025-06-01' }),
      ),
    ).toEqual({
      dailyBudget: 'Daily budget must not be more than the total budget',
      endDate: 'End date must not be before the start date',
    });
  });

  it('when a cost has three decimals, then it asks for two', () => {
    expect(errorsOf(form({ costPerClick: '0.125' }))).toEqual({ costPerClick: 'Use at most 2 decimals' });
  });

  it('when the form is valid, then the request holds numbers, the dates given, and the area as three fields', () => {
    const result = validateNewCampaign(
      form({
        description: ' Cheap ',
        totalBudget: '100',
        status: 'active',
        startDate: '2025-06-01',
        targetCountries: ['gb'],
        targetCities: ['London'],
        area: { latitude: 51.5, longitude: -0.12, radiusKm: 5 },
      }),
    );
    expect(result).toEqual({
      ok: true,
      request: {
        title: 'Summer wash',
        description: 'Cheap',
        imageUrl: '',
        targetUrl: 'https://suds.test/summer',
        totalBudget: 100,
        dailyBudget: 10,
        costPerClick: 0.5,
        status: 'active',
        startDate: '2025-06-01',
        targetCountries: ['GB'],
        targetCities: ['London'],
        radiusKm: 5,
        targetLatitude: 51.5,
        targetLongitude: -0.12,
        creatives: [],
        schedule: null,
      },
    });
  });

  it('when CPM is chosen, then the price per thousand goes as the exact price per impression, in steps of $0.10', () => {
    const cpm = validateNewCampaign(form({ pricingModel: 'cpm', costPerThousand: '2.5' }));
    expect(cpm.ok && cpm.request.costPerImpression).toBe(0.0025);
    expect(errorsOf(form({ pricingModel: 'cpm', costPerThousand: '2.55' }))).toEqual({
      costPerImpression: 'Enter the price per thousand impressions in steps of $0.10, at least $0.10.',
    });
    expect(errorsOf(form({ pricingModel: 'cpm', costPerThousand: '0' }))).toHaveProperty('costPerImpression');
    expect(campaignValuesFrom({ ...stored, costPerImpression: 0.0025 })).toMatchObject({
      pricingModel: 'cpm',
      costPerThousand: '2.5',
    });
    // Per click, no price per impression is sent at all.
    const cpc = validateNewCampaign(form({ costPerThousand: '2.55' }));
    expect(cpc.ok && cpc.request.costPerImpression).toBeUndefined();
  });

  it('when a yen advertiser bids per thousand, then it goes in steps of ¥10, which a per-impression yen price of two decimals takes', () => {
    const yen = (costPerThousand: string) =>
      validateNewCampaign(
        form({
          pricingModel: 'cpm',
          costPerThousand,
          totalBudget: '15000',
          dailyBudget: '1500',
          costPerClick: '75',
        }),
        'JPY',
      );
    const cpm = yen('250');
    expect(cpm.ok && cpm.request.costPerImpression).toBe(0.25);
    const refused = yen('255');
    expect(refused.ok ? {} : english(refused.errors.costPerImpression!)).toBe(
      'Enter the price per thousand impressions in steps of ¥10, at least ¥10.',
    );
  });

  it('when creatives and a schedule are given, then they go as the API takes them; a schedule without hours says why', () => {
    const creative = {
      title: 'Free wifi',
      description: '',
      imageUrl: '',
      targetUrl: 'https://suds.test/wifi',
    };
    const schedule = { on: true, days: [1, 5], fromHour: 9, toHour: 17, timeZone: 'Europe/Paris' };
    const result = validateNewCampaign(form({ creatives: [creative], schedule }));
    expect(result.ok && [result.request.creatives, result.request.schedule]).toEqual([
      [creative],
      { timeZone: 'Europe/Paris', days: [1, 5], fromHour: 9, toHour: 17 },
    ]);
    expect(errorsOf(form({ schedule: { ...schedule, toHour: 9 } }))).toEqual({
      'schedule.toHour':
        'This schedule has no hours, so the ad would never show. Choose an end hour after the start hour.',
    });
    expect(errorsOf(form({ creatives: Array.from({ length: 5 }, () => creative) }))).toEqual({
      creatives: 'A campaign has at most 5 creatives: its own and 4 more.',
    });
  });

  it('when a frequency cap is typed, then it goes as a whole number; an empty box is no cap', () => {
    const capped = validateNewCampaign(form({ frequencyCap: '3' }));
    expect(capped.ok && capped.request.frequencyCap).toBe(3);
    const none = validateNewCampaign(form({ frequencyCap: ' ' }));
    expect(none.ok && none.request.frequencyCap).toBeUndefined();
    expect(errorsOf(form({ frequencyCap: '0' }))).toEqual({
      frequencyCap: 'Enter a whole number from 1 to 1000',
    });
    expect(errorsOf(form({ frequencyCap: '2.5' }))).toEqual({
      frequencyCap: 'Enter a whole number from 1 to 1000',
    });
    expect(campaignValuesFrom({ ...stored, frequencyCap: 4 }).frequencyCap).toBe('4');
    // A change waiting for review is what the advertiser last wrote: the form starts from it.
    const waiting = campaignValuesFrom({
      ...stored,
      pendingChange: {
        title: 'Autumn wash',
        description: 'New towels',
        imageUrl: null,
        targetUrl: 'https://suds.test/autumn',
        creatives: [],
        status: 'pending',
        note: null,
        findings: [],
        updatedAt: '2025-05-02T00:00:00.000Z',
      },
    });
    expect(waiting).toMatchObject({
      title: 'Autumn wash',
      description: 'New towels',
      imageUrl: '',
      targetUrl: 'https://suds.test/autumn',
      totalBudget: '250.5',
    });
  });

  it('when there is no area, then none of its three fields is sent (worldwide)', () => {
    const candidate = toCampaignCandidate(form(), true);
    expect(candidate.targetLatitude).toBeUndefined();
    expect(candidate.targetLongitude).toBeUndefined();
    expect(candidate.radiusKm).toBeUndefined();
    expect(JSON.parse(JSON.stringify(candidate))).not.toHaveProperty('radiusKm');
  });

  it('when the area is larger than 500 km, then the radius says its limit', () => {
    expect(errorsOf(form({ area: { latitude: 0, longitude: 0, radiusKm: 501 } }))).toEqual({
      radiusKm: 'The radius must be at most 500 km',
    });
  });

  it('when an unknown country code is chosen, then it is named', () => {
    expect(errorsOf(form({ targetCountries: ['UK'] }))).toEqual({
      'targetCountries.0': 'Unknown country code UK',
    });
  });

  it('when a campaign is edited, then its status is not sent (it changes through its own call)', () => {
    const result = validateCampaignEdit(form({ status: 'paused' }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.request).not.toHaveProperty('status');
  });

  it('when the edit page opens, then the stored campaign fills the form: numbers as text, dates as days, the area', () => {
    expect(campaignValuesFrom(stored)).toEqual({
      title: 'Spring wash',
      description: '',
      imageUrl: '',
      targetUrl: 'https://suds.test',
      totalBudget: '250.5',
      dailyBudget: '5',
      costPerClick: '0.35',
      frequencyCap: '',
      status: 'active',
      startDate: '2025-06-01',
      endDate: '2025-07-01',
      targetCountries: ['GB', 'FR'],
      targetCities: ['Paris, FR'],
      area: { latitude: 51.5, longitude: -0.12, radiusKm: 12.5 },
      creatives: [],
      pricingModel: 'cpc',
      costPerThousand: '2',
      schedule: expect.objectContaining({ on: false }) as unknown,
    });
    expect(campaignValuesFrom({ ...stored, radiusKm: null }).area).toBeNull();
  });

  it("when the server's errors are grouped for a field, then its items come with it, in order", () => {
    const errors = {
      'targetCities.10': { key: 'a' },
      targetCities: { key: 'b' },
      'targetCities.2': { key: 'c' },
      targetCountries: { key: 'd' },
    };
    expect(errorsUnder(errors, 'targetCities').map((error) => error.path)).toEqual([
      'targetCities',
      'targetCities.2',
      'targetCities.10',
    ]);
  });

  it('when a city is added, then it is trimmed and added once, case aside; a blank one is not added', () => {
    expect(addCity(['Paris, FR'], '  london  ')).toEqual(['Paris, FR', 'london']);
    expect(addCity(['Paris, FR'], 'paris, fr')).toEqual(['Paris, FR']);
    expect(addCity(['Paris, FR'], '   ')).toEqual(['Paris, FR']);
    expect(addCity([], 'São   Paulo')).toEqual(['São Paulo']);
  });
});

describe('the hours a week a schedule serves in, for the reach estimate', () => {
  it('when the schedule is off, then every hour counts (none given)', () => {
    expect(weeklyHoursOf({ ...defaultSchedule(), on: false })).toBeUndefined();
  });

  it('when it serves weekdays 9 to 17, then it is 40 hours', () => {
    expect(
      weeklyHoursOf({ ...defaultSchedule(), on: true, days: [1, 2, 3, 4, 5], fromHour: 9, toHour: 17 }),
    ).toBe(40);
  });
});
