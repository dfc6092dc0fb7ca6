import { describe, expect, it } from 'vitest';
import {
  billingCurrencies,
  billingCurrencySchema,
  createAdvertiserRequestSchema,
  createCampaignRequestSchemaFor,
  e4ToMinor,
  formatMinor,
  formatUnits,
  minorToDecimal,
  minorToE4,
  minorUnitDigits,
  maxChargeForBudget,
  statementFigures,
  updateCampaignRequestSchemaFor,
} from '../src/index.ts';

const campaign = { title: 'Fresh wash', targetUrl: 'https://example.com' };

describe('billing currencies', () => {
  it('know the minor unit of each of the six as Intl does: the yen has none', () => {
    for (const currency of billingCurrencies) {
      const intlDigits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits;
      expect(minorUnitDigits[currency], currency).toBe(intlDigits);
    }
    expect(minorUnitDigits.JPY).toBe(0);
  });

  it('round a spend in ten-thousandths to whole yen or to cents, half up', () => {
    expect(e4ToMinor(12_345_4999, 'JPY')).toBe(12_345);
    expect(e4ToMinor(12_345_5000, 'JPY')).toBe(12_346);
    expect(e4ToMinor(12_3449, 'EUR')).toBe(1_234);
    expect(e4ToMinor(12_3450, 'EUR')).toBe(1_235);
    expect(minorToE4(1_500, 'JPY')).toBe(1_500_0000);
    expect(minorToE4(1_500, 'GBP')).toBe(15_0000);
    expect(() => e4ToMinor(-1, 'JPY')).toThrow(RangeError);
  });

  it('write minor units as the decimal a person reads, never through a float', () => {
    expect(minorToDecimal(123_456, 'JPY')).toBe('123456');
    expect(minorToDecimal(123_456, 'USD')).toBe('1234.56');
    expect(minorToDecimal(-5, 'CAD')).toBe('-0.05');
    expect(formatMinor(123_456, 'JPY')).toBe('¥123,456');
    expect(formatMinor(123_456, 'EUR', 'fr-FR')).toBe('1\u202f234,56\u00a0€');
    expect(formatMinor(9_007_199_254_740_991, 'USD')).toBe('$90,071,992,547,409.91');
    expect(formatUnits(10, 'USD')).toBe('$10');
    expect(formatUnits(0.1, 'USD')).toBe('$0.10');
    expect(formatUnits(1_500, 'JPY')).toBe('¥1,500');
  });

  it('charge a yen budget at most its whole-yen spend plus the fee, with no minor unit', () => {
    expect(maxChargeForBudget(15_000_0000, 1_500, 'JPY')).toEqual({
      totalRevenueCents: 15_000,
      platformFeeCents: 2_250,
      advertiserChargeCents: 17_250,
    });
    // ¥0.5 of impressions is half a yen: it rounds up to ¥1, and its 15 % fee (¥0.15) rounds to nothing.
    expect(statementFigures(5_000, 1_500, 'JPY')).toEqual({
      totalRevenueCents: 1,
      platformFeeCents: 0,
      advertiserChargeCents: 1,
    });
  });

  it('refuse a currency that is not one of the six, and read one in any case', () => {
    expect(billingCurrencySchema.parse('jpy')).toBe('JPY');
    const result = billingCurrencySchema.safeParse('CHF');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Billing currency must be one of USD, EUR, GBP, JPY, AUD, CAD',
    );
    const profile = createAdvertiserRequestSchema.safeParse({
      businessName: 'Lavoir',
      contactEmail: 'a@example.com',
      billingCurrency: 'XYZ',
    });
    expect(profile.success).toBe(false);
  });
});

describe('campaign amounts in the billing currency', () => {
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('keep the dollar minimums and name them in the currency of the advertiser', () => {
    expect(
      firstMessage(createCampaignRequestSchemaFor('USD').safeParse({ ...campaign, totalBudget: 9 })),
    ).toBe('Minimum budget is $10');
    expect(
      firstMessage(createCampaignRequestSchemaFor('EUR').safeParse({ ...campaign, totalBudget: 9 })),
    ).toBe('Minimum budget is €10');
    expect(
      firstMessage(createCampaignRequestSchemaFor('GBP').safeParse({ ...campaign, costPerClick: 0.05 })),
    ).toBe('Minimum cost per click is £0.10');
  });

  it('ask whole yen of at least ¥1,500, ¥150 a day and ¥15 a click', () => {
    const yen = createCampaignRequestSchemaFor('JPY');
    expect(yen.parse(campaign)).toMatchObject({ totalBudget: 15_000, dailyBudget: 1_500, costPerClick: 75 });
    expect(firstMessage(yen.safeParse({ ...campaign, totalBudget: 1_000 }))).toBe('Minimum budget is ¥1,500');
    expect(firstMessage(yen.safeParse({ ...campaign, dailyBudget: 100 }))).toBe(
      'Minimum daily budget is ¥150',
    );
    expect(firstMessage(yen.safeParse({ ...campaign, costPerClick: 75.5 }))).toBe(
      'Use a whole amount: this currency has no decimals',
    );
    // A per-impression price may still be a fraction of a yen, to two decimals.
    expect(yen.safeParse({ ...campaign, costPerImpression: 0.25 }).success).toBe(true);
    expect(yen.safeParse({ ...campaign, costPerImpression: 0.255 }).success).toBe(false);
    expect(updateCampaignRequestSchemaFor('JPY').safeParse({ ...campaign, totalBudget: 20 }).success).toBe(
      false,
    );
  });
});
