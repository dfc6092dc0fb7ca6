import { AppError } from '@laundry/platform';
import { campaignMoneyRules, formatUnits, type BillingCurrency } from '@laundry/contracts';
import { e4ToDollars, formatE4 } from '@laundry/contracts/money';

/**
 * How much an advertiser whose business is not verified may commit (docs/product.md, Data: advertiser
 * verification), set in US dollars.
 */
export interface SpendingPolicy {
  unverifiedCapE4: number;
}

/**
 * A limit the operator sets in US dollars (the unverified cap, the trial credit) as it holds for an
 * advertiser billed in `currency`: the same number of units, times the factor the campaign rules scale that
 * currency's minimums by (×150 for the yen, ×1 for the currencies of about a dollar's worth), so $500 is
 * ¥75,000 and €500. It is a limit, never an amount charged: nothing billed is ever converted.
 */
export function policyLimitE4(dollarsE4: number, currency: BillingCurrency): number {
  const factor =
    campaignMoneyRules[currency].minimums.totalBudget / campaignMoneyRules.USD.minimums.totalBudget;
  return dollarsE4 * factor;
}

/**
 * An amount of E4 in a refusal's words: dollars as these messages always wrote them ('$500.00', which the
 * portal reads back), any other currency as a person reads it ('¥75,000', '€500').
 */
export const amountText = (e4: number, currency: BillingCurrency): string =>
  currency === 'USD' ? `$${formatE4(e4)}` : formatUnits(e4ToDollars(e4), currency);

/**
 * An unverified advertiser's campaigns that can still spend may budget at most the cap in all: budgets are
 * what the ad server spends up to, so capping them caps the spending. Amounts in E4 of the advertiser's
 * currency (contracts' money), compared exactly.
 */
export function checkSpendingCap(
  policy: SpendingPolicy,
  isVerified: boolean,
  committedE4: number,
  requestedE4: number,
  currency: BillingCurrency = 'USD',
): void {
  if (isVerified) return;
  const capE4 = policyLimitE4(policy.unverifiedCapE4, currency);
  if (committedE4 + requestedE4 <= capE4) return;
  const cap = amountText(capE4, currency);
  const left = amountText(Math.max(0, capE4 - committedE4), currency);
  const message =
    `Until your business is verified, your campaigns may budget at most ${cap} in all (${left} left). ` +
    'Verify your business in Settings to lift the limit.';
  throw new AppError(400, message, 'SPENDING_CAP', [{ path: 'totalBudget', message }]);
}
