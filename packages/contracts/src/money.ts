import { z } from 'zod';

/**
 * Money as integers, the one place amounts change form. Two units:
 * - E4, ten-thousandths of the currency unit: every price, budget, spend and ledger amount, because a
 *   per-impression price has 4 decimals; sums, differences and comparisons of them are exact. The largest
 *   amounts (a spend of numeric(14,4), at most 10^10 units) are 10^14 E4, well within safe integers.
 * - cents (minor units): what a statement rounds to and a card is charged.
 *
 * Amounts become integers from decimal text, digit by digit, and are written back as text the same way;
 * never by multiplying or dividing a binary float. A JSON number of the HTTP API is read through its shortest
 * decimal string (String(number)), which is the decimal the sender wrote.
 */

export const e4PerUnit = 10_000;
export const centsPerUnit = 100;
const e4PerCent = e4PerUnit / centsPerUnit;

const decimalPattern = /^([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function toSafeInteger(value: bigint, text: string): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`an amount too large to count exactly: ${text}`);
  return result === 0 ? 0 : result;
}

/**
 * Decimal text (a JSON number's String(), or PostgreSQL numeric text) as an integer of 10^-scale units,
 * exactly. Digits beyond the scale round half away from zero: the API accepts an amount within binary noise
 * of its scale (hasAtMostDecimals), such as 10.000000001, which is the 10.0000 it means.
 */
function decimalToScaled(text: string, scale: number): number {
  const match = decimalPattern.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${text}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = BigInt(whole! + fraction);
  // The amount is digits × 10^shift units, so digits × 10^(shift + scale) of the scaled unit.
  const shift = Number(exponent) - fraction.length + scale;
  let scaled: bigint;
  if (shift >= 0) {
    scaled = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    scaled = (digits * 2n + divisor) / (divisor * 2n);
  }
  return toSafeInteger(sign === '-' ? -scaled : scaled, text);
}

/** Decimal text of units as E4, exactly; more than four decimals round half away from zero. */
export const decimalToE4 = (text: string): number => decimalToScaled(text, 4);

/** Decimal text of units as cents, exactly; more than two decimals round half away from zero. */
export const decimalToCents = (text: string): number => decimalToScaled(text, 2);

function finiteText(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${amount}`);
  return String(amount);
}

/** A JSON number of units (the API's amounts, already validated to their decimals) as E4, exactly. */
export const dollarsToE4 = (dollars: number): number => decimalToE4(finiteText(dollars));

/** A JSON number of units as cents, exactly. */
export const dollarsToCents = (dollars: number): number => decimalToCents(finiteText(dollars));

function assertInteger(amount: number, unit: string): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not a whole number of ${unit}: ${amount}`);
}

/**
 * Integer of 10^-scale units as decimal text, by integer arithmetic: at least `minDecimals` decimals, and
 * more only where the amount has them, so nothing is rounded away.
 */
function formatScaled(amount: number, scale: number, minDecimals: number): string {
  const perUnit = 10 ** scale;
  const magnitude = Math.abs(amount);
  const rest = magnitude % perUnit;
  // A difference that is a multiple of perUnit divides exactly; Math.floor of the quotient could round up.
  const whole = (magnitude - rest) / perUnit;
  let fraction = String(rest).padStart(scale, '0');
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${amount < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * E4 as decimal text with at least `minDecimals` decimals (0 to 4): formatE4(123_4500) is '123.45',
 * formatE4(5, 2) '0.0005', formatE4(1_000_0000, 4) '1000.0000'.
 */
export function formatE4(e4: number, minDecimals = 2): string {
  assertInteger(e4, 'ten-thousandths');
  return formatScaled(e4, 4, minDecimals);
}

/** Cents as decimal text with two decimals: formatCents(115) is '1.15'. */
export function formatCents(cents: number): string {
  assertInteger(cents, 'cents');
  return formatScaled(cents, 2, 2);
}

/**
 * E4 as the API's JSON number of units. Both operands are exact and division rounds correctly, so this is the
 * double nearest the decimal, which JSON writes as that decimal (it has at most 15 significant digits).
 */
export function e4ToDollars(e4: number): number {
  assertInteger(e4, 'ten-thousandths');
  return e4 / e4PerUnit;
}

/** Cents as the API's JSON number of units (two decimals), exact as e4ToDollars is. */
export function centsToDollars(cents: number): number {
  assertInteger(cents, 'cents');
  return cents / centsPerUnit;
}

/** A non-negative amount of E4 rounded to cents, half up (0.005 and above goes up). */
export function e4ToCents(e4: number): number {
  assertInteger(e4, 'ten-thousandths');
  if (e4 < 0) throw new RangeError('a negative amount is never rounded to cents');
  return (e4 + e4PerCent / 2 - ((e4 + e4PerCent / 2) % e4PerCent)) / e4PerCent;
}

export const centsToE4 = (cents: number): number => {
  assertInteger(cents, 'cents');
  return toSafeInteger(BigInt(cents) * BigInt(e4PerCent), String(cents));
};

// Schemas for money fields on the wire: integers of a named unit, or decimal strings. Never a float.

/** An amount in E4 on the wire: a safe integer. */
export const e4AmountSchema = z.number().int().refine(Number.isSafeInteger, {
  error: 'An amount in ten-thousandths must be a whole number',
});
/** A non-negative amount in E4: a cost, a price, a spend. */
export const nonNegativeE4Schema = e4AmountSchema.refine((value) => value >= 0, {
  error: 'An amount must not be negative',
});
/** An amount in cents on the wire: a safe integer. */
export const centsAmountSchema = z.number().int().refine(Number.isSafeInteger, {
  error: 'An amount in cents must be a whole number',
});

/** Decimal text of an amount with at most `scale` decimals, such as '12.3456' (no exponent, no float). */
export const decimalMoneyStringSchema = (scale = 4) =>
  z.string().regex(new RegExp(`^-?\\d{1,11}(\\.\\d{1,${scale}})?$`), {
    error: `Write the amount as digits with at most ${scale} decimals`,
  });

/** Decimal text of an amount, read into E4 exactly. */
export const decimalE4Schema = decimalMoneyStringSchema(4).transform(decimalToE4);
