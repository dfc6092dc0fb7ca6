/**
 * Money in the ad service is integers of E4: ten-thousandths of a dollar, one unit for every amount, because a
 * per-impression price has 4 decimals (numeric(10,4)) and budgets and per-click prices 2 (numeric(10,2)), so
 * every price and budget is a whole number of E4 and sums, differences and comparisons are exact. The largest
 * amounts (a spend of numeric(14,4), at most 10^10 dollars) are 10^14 E4, well within safe integers.
 *
 * Amounts cross into E4 only here, from decimal text and never by multiplying a float:
 * - the HTTP API's JSON numbers through dollarsToE4 (the number's shortest decimal string, read digit by digit);
 * - PostgreSQL numeric columns in SQL as `(column * 10000)::bigint` (see sqlE4), an exact integer;
 * and back out as the API's dollars through e4ToDollars, as text for SQL, messages and CSV through formatE4.
 */

export const e4PerDollar = 10_000;

/** SQL reading a numeric column (or sum) of dollars as an exact bigint of E4. */
export const sqlE4 = (expression: string) => `(${expression} * ${e4PerDollar})::bigint`;

const decimalPattern = /^([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * A decimal number written out (a JSON number's String(), or numeric text) as E4, exactly. More than four
 * decimals round half away from zero: the contracts accept an amount within binary noise of its scale
 * (hasAtMostDecimals), such as 10.000000001, which is the 10.0000 it means.
 */
export function decimalToE4(text: string): number {
  const match = decimalPattern.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${text}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = BigInt(whole! + fraction);
  // The amount is digits × 10^shift dollars, so digits × 10^(shift + 4) E4.
  const shift = Number(exponent) - fraction.length + 4;
  let e4: bigint;
  if (shift >= 0) {
    e4 = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    e4 = (digits * 2n + divisor) / (divisor * 2n);
  }
  if (sign === '-') e4 = -e4;
  const result = Number(e4);
  if (!Number.isSafeInteger(result)) throw new RangeError(`an amount too large to count exactly: ${text}`);
  return result === 0 ? 0 : result;
}

/** A JSON number of dollars (the API's amounts, already validated to their decimals) as E4, exactly. */
export function dollarsToE4(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`not an amount: ${dollars}`);
  return decimalToE4(String(dollars));
}

function assertE4(e4: number): void {
  if (!Number.isSafeInteger(e4)) throw new RangeError(`not a whole number of ten-thousandths: ${e4}`);
}

/**
 * E4 as the API's number of dollars. Both operands are exact and division rounds correctly, so this is the
 * double nearest the decimal, which JSON writes as that decimal (it has at most 15 significant digits).
 */
export function e4ToDollars(e4: number): number {
  assertE4(e4);
  return e4 / e4PerDollar;
}

/**
 * E4 as decimal text, by integer arithmetic: with at least `minDecimals` decimals (0 to 4), and more only
 * where the amount has them, so nothing is rounded away. formatE4(123_4500) is '123.45', formatE4(5, 2)
 * '0.0005', formatE4(1_000_0000, 4) '1000.0000'.
 */
export function formatE4(e4: number, minDecimals = 2): string {
  assertE4(e4);
  const magnitude = Math.abs(e4);
  const rest = magnitude % e4PerDollar;
  // A difference that is a multiple of 10,000 divides exactly; Math.floor of the quotient could round up.
  const whole = (magnitude - rest) / e4PerDollar;
  let fraction = String(rest).padStart(4, '0');
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${e4 < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
