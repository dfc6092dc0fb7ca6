import { AppError } from '@laundry/platform';

/** Money in the domain is whole cents (numeric in the database), so sums and comparisons are exact. */
export const cents = (amount: number): number => Math.round(amount * 100);
export const dollars = (amountCents: number): number => amountCents / 100;

/** How much an advertiser whose business is not verified may commit (spec §3 advertiser verification). */
export interface SpendingPolicy {
  unverifiedCapCents: number;
}

/**
 * An unverified advertiser's campaigns that can still spend may budget at most the cap in all: budgets are
 * what the ad server spends up to, so capping them caps the spending.
 */
export function checkSpendingCap(
  policy: SpendingPolicy,
  isVerified: boolean,
  committedCents: number,
  requestedCents: number,
): void {
  if (isVerified) return;
  if (committedCents + requestedCents <= policy.unverifiedCapCents) return;
  const cap = (policy.unverifiedCapCents / 100).toFixed(2);
  const left = (Math.max(0, policy.unverifiedCapCents - committedCents) / 100).toFixed(2);
  const message =
    `Until your business is verified, your campaigns may budget at most $${cap} in all ($${left} left). ` +
    'Verify your business in Settings to lift the limit.';
  throw new AppError(400, message, 'SPENDING_CAP', [{ path: 'totalBudget', message }]);
}
