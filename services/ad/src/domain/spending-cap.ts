import { AppError } from '@laundry/platform';
import { formatE4 } from '@laundry/contracts/money';

/**
 * How much an advertiser whose business is not verified may commit (docs/product.md, Data: advertiser
 * verification).
 */
export interface SpendingPolicy {
  unverifiedCapE4: number;
}

/**
 * An unverified advertiser's campaigns that can still spend may budget at most the cap in all: budgets are
 * what the ad server spends up to, so capping them caps the spending. Amounts in E4 (contracts' money), compared exactly.
 */
export function checkSpendingCap(
  policy: SpendingPolicy,
  isVerified: boolean,
  committedE4: number,
  requestedE4: number,
): void {
  if (isVerified) return;
  if (committedE4 + requestedE4 <= policy.unverifiedCapE4) return;
  const cap = formatE4(policy.unverifiedCapE4);
  const left = formatE4(Math.max(0, policy.unverifiedCapE4 - committedE4));
  const message =
    `Until your business is verified, your campaigns may budget at most $${cap} in all ($${left} left). ` +
    'Verify your business in Settings to lift the limit.';
  throw new AppError(400, message, 'SPENDING_CAP', [{ path: 'totalBudget', message }]);
}
