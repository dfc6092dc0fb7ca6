import { describe, expect, it } from 'vitest';
import type { AdvertiserServing } from '@laundry/contracts';
import { servingNotice } from '../../src/domain/serving.ts';

const dollars = (amount: number) => `$${amount.toFixed(2)}`;
const serving = (fields: Partial<AdvertiserServing>): AdvertiserServing => ({
  hold: null,
  emailVerified: true,
  hasPaymentMethod: true,
  trialCreditE4: 50_000,
  accruedE4: 0,
  ...fields,
});

describe('the notice of campaigns held back', () => {
  it('when nothing holds the campaigns back, or the answer is not in yet, then there is no notice', () => {
    expect(servingNotice(serving({}), dollars)).toBeNull();
    expect(servingNotice(undefined, dollars)).toBeNull();
  });

  it('when the e-mail address is not verified, then it asks for that, without the payment link', () => {
    expect(servingNotice(serving({ hold: 'email_unverified', emailVerified: false }), dollars)).toEqual({
      text: { key: 'advertiser:dashboard.servingVerifyEmail' },
      paymentLink: false,
    });
  });

  it('when the trial credit is used without a card, then it names the credit and links to the payment method', () => {
    const notice = servingNotice(
      serving({ hold: 'payment_method_required', hasPaymentMethod: false, accruedE4: 50_000 }),
      dollars,
    );
    expect(notice).toEqual({
      text: { key: 'advertiser:dashboard.servingTrialUsed', values: { credit: '$5.00' } },
      paymentLink: true,
    });
  });
});
