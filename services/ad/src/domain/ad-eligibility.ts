/**
 * What the ad service knows of an advertiser's owner (account_standing, fed by identity's and billing's
 * events), with what the owner's campaigns have accrued in all, in E4.
 */
export interface AccountStanding {
  emailVerified: boolean;
  hasPaymentMethod: boolean;
  accruedE4: number;
}

/** Why an advertiser's campaigns are held back; the dashboard names it and says what to do. */
export type ServingHold = 'email_unverified' | 'payment_method_required';

/** Nobody's events have arrived yet: not verified, no payment method. */
export const unknownStanding: AccountStanding = {
  emailVerified: false,
  hasPaymentMethod: false,
  accruedE4: 0,
};

/**
 * Whether an advertiser's campaigns may run, and may be charged `nextChargeE4` (E4) more: never before
 * their address is verified, which stops throwaway accounts; with a payment method on file without limit;
 * without one, only while all they have accrued, this charge included, stays within the trial credit, so
 * that delivery nobody can be charged for stays small. A charge of 0 (an impression of a per-click
 * campaign) fits as long as the trial is not overdrawn. Null when nothing holds them back.
 */
export function servingHold(
  standing: AccountStanding,
  trialCreditE4: number,
  nextChargeE4: number,
): ServingHold | null {
  if (!standing.emailVerified) return 'email_unverified';
  if (standing.hasPaymentMethod) return null;
  return standing.accruedE4 + nextChargeE4 <= trialCreditE4 ? null : 'payment_method_required';
}

/**
 * The advertiser's own view (the dashboard's notice): held back once no further charge of even the smallest
 * amount (1 E4) fits, so a trial used to the last cent reads as used.
 */
export const advertiserHold = (standing: AccountStanding, trialCreditE4: number): ServingHold | null =>
  servingHold(standing, trialCreditE4, 1);

/** What one charged event of a campaign costs: a CPM campaign pays per impression, the others per click. */
export const chargePriceE4 = (campaign: { costPerClickE4: number; costPerImpressionE4: number | null }) =>
  campaign.costPerImpressionE4 !== null && campaign.costPerImpressionE4 > 0
    ? campaign.costPerImpressionE4
    : campaign.costPerClickE4;
