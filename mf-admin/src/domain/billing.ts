import type { AdminStatement } from '@laundry/contracts';
import type { BadgeTone } from '@laundry/ui';
import { formatE4 as formatE4Text } from '@laundry/contracts/money';

/** The filter's chips: every statement, or those of one charge state. */
export const statementStates = ['all', 'due', 'failed', 'paid', 'nothing_due'] as const;
export type StatementStateFilter = (typeof statementStates)[number];

export const stateTone: Record<AdminStatement['state'], BadgeTone> = {
  due: 'info',
  failed: 'danger',
  paid: 'open',
  nothing_due: 'outline',
};

/**
 * An integer of minor units (a statement's: cents, or whole yen for JPY, which has none) in its own currency,
 * exactly: the decimal text made from the integer is what Intl formats, so no float ever carries the amount.
 */
export function formatMinorUnits(minor: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const magnitude = BigInt(Math.abs(minor));
  const per = 10n ** BigInt(digits);
  const fraction = digits === 0 ? '' : `.${String(magnitude % per).padStart(digits, '0')}`;
  const text = `${minor < 0 ? '-' : ''}${magnitude / per}${fraction}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    text as Intl.StringNumericLiteral,
  );
}

/**
 * An integer of ten-thousandths of the currency unit (a ledger entry), with every decimal it has and at least
 * the minor unit's (none for yen: ¥75, ¥86.25).
 */
export function formatE4(amountE4: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: minorDigits(currency),
    maximumFractionDigits: 4,
  }).format(formatE4Text(amountE4) as Intl.StringNumericLiteral);
}

export const maxCreditReasonLength = 500;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The credit form checked as the service will: an ad event's id and a reason of at most 500 characters. */
export function creditProblems(adEventId: string, reason: string): { adEventId?: string; reason?: string } {
  const problems: { adEventId?: string; reason?: string } = {};
  if (!uuidPattern.test(adEventId.trim())) problems.adEventId = 'billing.credit.adEventInvalid';
  if (reason.trim() === '') problems.reason = 'billing.credit.reasonRequired';
  else if (reason.trim().length > maxCreditReasonLength) problems.reason = 'billing.credit.reasonTooLong';
  return problems;
}

/** How many decimals the currency's minor unit has (2 for USD and EUR, 0 for JPY). */
export const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/**
 * An amount typed in the currency's major unit ('12.5', '12,50') as an integer of minor units, read from its
 * digits (never through a float); undefined when it is not a plain amount with at most the currency's decimals.
 */
export function parseMinorUnits(text: string, currency: string): number | undefined {
  const digits = minorDigits(currency);
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

export const maxRefundReasonLength = 500;

/** The refund form checked as the service will: more than zero, at most what is left, and a reason. */
export function refundProblems(
  amountText: string,
  reason: string,
  leftCents: number,
  currency: string,
): { amount?: string; reason?: string; amountCents?: number } {
  const problems: { amount?: string; reason?: string; amountCents?: number } = {};
  const cents = parseMinorUnits(amountText, currency);
  if (cents === undefined || cents <= 0) problems.amount = 'billing.refund.amountInvalid';
  else if (cents > leftCents) problems.amount = 'billing.refund.amountTooLarge';
  else problems.amountCents = cents;
  if (reason.trim() === '') problems.reason = 'billing.refund.reasonRequired';
  else if (reason.trim().length > maxRefundReasonLength) problems.reason = 'billing.refund.reasonTooLong';
  return problems;
}
