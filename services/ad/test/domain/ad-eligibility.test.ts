import { describe, expect, it } from 'vitest';
import { decimalToE4 } from '@laundry/contracts/money';
import {
  advertiserHold,
  chargePriceE4,
  servingHold,
  unknownStanding,
} from '../../src/domain/ad-eligibility.ts';

const trial = decimalToE4('5.00');
const verified = { emailVerified: true, hasPaymentMethod: false, accruedE4: 0 };

describe('the serving rule', () => {
  it('when the address is not verified, then nothing runs, card or not', () => {
    expect(servingHold(unknownStanding, trial, 0)).toBe('email_unverified');
    expect(servingHold({ ...unknownStanding, hasPaymentMethod: true }, trial, 5000)).toBe('email_unverified');
  });

  it('when a payment method is on file, then any charge runs, whatever was accrued', () => {
    const withCard = { emailVerified: true, hasPaymentMethod: true, accruedE4: decimalToE4('20000') };
    expect(servingHold(withCard, trial, decimalToE4('9.50'))).toBeNull();
    expect(advertiserHold(withCard, trial)).toBeNull();
  });

  it('when there is no payment method, then charges run up to the trial credit exactly, and not a ten-thousandth beyond', () => {
    // $4.50 accrued, a $0.50 click: $5.00 fits exactly.
    expect(servingHold({ ...verified, accruedE4: 45_000 }, trial, 5000)).toBeNull();
    expect(servingHold({ ...verified, accruedE4: 45_001 }, trial, 5000)).toBe('payment_method_required');
    // A free impression of a per-click campaign fits while the trial is not overdrawn.
    expect(servingHold({ ...verified, accruedE4: trial }, trial, 0)).toBeNull();
  });

  it("when the trial credit is used to the last cent, then the advertiser's own view says so", () => {
    expect(advertiserHold({ ...verified, accruedE4: trial - 1 }, trial)).toBeNull();
    expect(advertiserHold({ ...verified, accruedE4: trial }, trial)).toBe('payment_method_required');
  });

  it('when the trial credit is 0, then an advertiser without a card runs nothing billable', () => {
    expect(servingHold(verified, 0, 5000)).toBe('payment_method_required');
    expect(advertiserHold(verified, 0)).toBe('payment_method_required');
  });

  it('when a campaign pays per impression, then its price is the impression, else the click', () => {
    expect(chargePriceE4({ costPerClickE4: 5000, costPerImpressionE4: 20 })).toBe(20);
    expect(chargePriceE4({ costPerClickE4: 5000, costPerImpressionE4: null })).toBe(5000);
    expect(chargePriceE4({ costPerClickE4: 5000, costPerImpressionE4: 0 })).toBe(5000);
  });
});
