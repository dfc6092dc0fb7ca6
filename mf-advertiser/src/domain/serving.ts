import type { AdvertiserServing } from '@laundry/contracts';
import { e4ToDollars } from '@laundry/contracts/money';
import { ns, type I18nText } from './i18n-text.ts';

/** Why the advertiser's campaigns are not running, and whether the way out is the payment method. */
export interface ServingNotice {
  text: I18nText;
  paymentLink: boolean;
}

/**
 * The dashboard's notice from GET /api/advertisers/me/serving (the ad service's serving rule): verify the
 * e-mail address first; then, without a card, add one once the trial credit is used. Null while the
 * campaigns may run, or before the answer is in.
 */
export function servingNotice(
  serving: AdvertiserServing | null | undefined,
  formatMoney: (dollars: number) => string,
): ServingNotice | null {
  switch (serving?.hold) {
    case 'email_unverified':
      return { text: { key: ns('dashboard.servingVerifyEmail') }, paymentLink: false };
    case 'payment_method_required':
      return {
        text: {
          key: ns('dashboard.servingTrialUsed'),
          // Shown only: the amount itself stays exact E4 everywhere it is counted.
          values: { credit: formatMoney(e4ToDollars(serving.trialCreditE4)) },
        },
        paymentLink: true,
      };
    default:
      return null;
  }
}
