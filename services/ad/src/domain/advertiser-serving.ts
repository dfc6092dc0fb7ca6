import type { Db, Identity } from '@laundry/platform';
import type { AdvertiserServing } from '@laundry/contracts';
import type { AdvertiserStore } from './advertiser-store.ts';
import type { AccountStandingStore } from './account-standing-store.ts';
import { advertiserHold } from './ad-eligibility.ts';
import { requireAdvertiser } from './advertisers.ts';
import { policyLimitE4 } from './spending-cap.ts';

export interface ServingDeps {
  db: Db;
  advertisers: AdvertiserStore;
  standing: AccountStandingStore;
  /** AD_TRIAL_CREDIT, in E4. */
  trialCreditE4: number;
}

/**
 * GET /api/advertisers/me/serving: the serving rule's answer for the dashboard's notice, from the same
 * standing the ad server reads (ad-eligibility.ts), so what it says is what is served.
 */
export async function advertiserServing(deps: ServingDeps, user: Identity): Promise<AdvertiserServing> {
  // The account's standing is its owner's (a team member's own card or address counts for nothing here).
  const advertiser = await requireAdvertiser(deps, user);
  const standing = await deps.standing.read(deps.db, advertiser.userId);
  // The trial credit as it holds in the account's currency, which what it accrued is in.
  const trialCreditE4 = policyLimitE4(deps.trialCreditE4, advertiser.billingCurrency);
  return {
    hold: advertiserHold(standing, trialCreditE4),
    emailVerified: standing.emailVerified,
    hasPaymentMethod: standing.hasPaymentMethod,
    trialCreditE4,
    accruedE4: standing.accruedE4,
  };
}
