import { z } from 'zod';
import { currencies } from './constants/domain.ts';
import { e4PerUnit } from './money.ts';

/**
 * The currency an advertiser is billed in, chosen when they set up and fixed once a campaign exists: their
 * budgets, bids, spend, ledger entries, statements, charges and invoices are all kept in it, exactly, and no
 * amount is ever converted into another currency.
 *
 * Amounts stay in the two integer units of money.ts: E4 (ten-thousandths of the currency's unit) for prices,
 * budgets and spend, and the currency's **minor unit** for what a statement rounds to and a card is charged.
 * The minor unit is the cent for five of the six and the yen itself for JPY, which has no minor unit (ISO 4217
 * exponent 0): a yen statement rounds its spend to whole yen and the card is charged whole yen.
 */

export const billingCurrencies = currencies;
export type BillingCurrency = (typeof billingCurrencies)[number];

export const billingCurrencyMessage = `Billing currency must be one of ${billingCurrencies.join(', ')}`;
export const billingCurrencySchema = z
  .string({ error: billingCurrencyMessage })
  .trim()
  .toUpperCase()
  .pipe(z.enum(billingCurrencies, { error: billingCurrencyMessage }));

export const isBillingCurrency = (code: string): code is BillingCurrency =>
  (billingCurrencies as readonly string[]).includes(code);

/** A stored or received code as a billing currency; anything else is a bug, so it throws rather than guess. */
export function asBillingCurrency(code: string): BillingCurrency {
  const upper = code.trim().toUpperCase();
  if (!isBillingCurrency(upper)) throw new RangeError(`not a billing currency: ${code}`);
  return upper;
}

/**
 * The decimals of each currency's minor unit, as ISO 4217 and every Intl implementation give them (JPY 0,
 * the others 2). Written out rather than asked of Intl at each call because a statement's arithmetic must
 * not depend on the runtime it happens to run on; a test checks the table against Intl.
 */
export const minorUnitDigits: Readonly<Record<BillingCurrency, 0 | 2>> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  AUD: 2,
  CAD: 2,
};

/** E4 in one minor unit: 100 for a cent, 10,000 for a yen. */
export const e4PerMinor = (currency: BillingCurrency): number => e4PerUnit / 10 ** minorUnitDigits[currency];

/** A non-negative amount of E4 rounded to the currency's minor unit, half up (half a cent or half a yen goes up). */
export function e4ToMinor(e4: number, currency: BillingCurrency): number {
  if (!Number.isSafeInteger(e4)) throw new RangeError(`not a whole number of ten-thousandths: ${e4}`);
  if (e4 < 0) throw new RangeError('a negative amount is never rounded to a minor unit');
  const per = e4PerMinor(currency);
  const shifted = e4 + per / 2;
  return (shifted - (shifted % per)) / per;
}

/** Minor units as E4, exactly. */
export function minorToE4(minor: number, currency: BillingCurrency): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const e4 = minor * e4PerMinor(currency);
  if (!Number.isSafeInteger(e4)) throw new RangeError(`an amount too large to count exactly: ${minor}`);
  return e4 === 0 ? 0 : e4;
}

/** Minor units as decimal text of the unit, by integer arithmetic: 1234 USD is '12.34', 1234 JPY '1234'. */
export function minorToDecimal(minor: number, currency: BillingCurrency): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const digits = minorUnitDigits[currency];
  if (digits === 0) return String(minor === 0 ? 0 : minor);
  const magnitude = Math.abs(minor);
  const per = 10 ** digits;
  const rest = magnitude % per;
  return `${minor < 0 ? '-' : ''}${(magnitude - rest) / per}.${String(rest).padStart(digits, '0')}`;
}

/**
 * Minor units as a person reads them in their language: '$12.34', '12,34 €', '¥1,234', 'A$12.34'. Intl
 * formats the decimal text, never a float, so the digits shown are exactly the ones charged.
 */
export function formatMinor(minor: number, currency: BillingCurrency, locale = 'en-US'): string {
  const text = minorToDecimal(minor, currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(text as unknown as number);
}

/**
 * An amount of units (a budget, a bid) as a person reads it, without decimals when it has none: '$10',
 * '$0.10', '€10', '¥1,500'. The validation messages name the minimums this way.
 */
export function formatUnits(units: number, currency: BillingCurrency, locale = 'en-US'): string {
  const whole = Number.isInteger(units);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : minorUnitDigits[currency],
    maximumFractionDigits: whole ? 0 : Math.max(minorUnitDigits[currency], 4),
  }).format(units);
}

interface CampaignMoneyRules {
  /** Smallest total budget, daily budget and cost per click, in units of the currency. */
  minimums: { totalBudget: number; dailyBudget: number; costPerClick: number };
  /** What a new campaign's form starts with. */
  defaults: { totalBudget: number; dailyBudget: number; costPerClick: number };
  /** Decimals a budget or a cost per click may have (the minor unit), and a cost per impression (two more). */
  decimals: { budget: number; costPerImpression: number };
}

/**
 * The campaign minimums and form defaults per currency. The dollar rules ($10 total, $1 a day, $0.10 a
 * click) hold for the other currencies of about a dollar's worth; yen amounts are whole and about 150 times
 * larger, rounded to what a person would type.
 */
export const campaignMoneyRules: Readonly<Record<BillingCurrency, CampaignMoneyRules>> = Object.fromEntries(
  billingCurrencies.map((currency) => {
    const yen = currency === 'JPY';
    const rules: CampaignMoneyRules = yen
      ? {
          minimums: { totalBudget: 1_500, dailyBudget: 150, costPerClick: 15 },
          defaults: { totalBudget: 15_000, dailyBudget: 1_500, costPerClick: 75 },
          decimals: { budget: 0, costPerImpression: 2 },
        }
      : {
          minimums: { totalBudget: 10, dailyBudget: 1, costPerClick: 0.1 },
          defaults: { totalBudget: 100, dailyBudget: 10, costPerClick: 0.5 },
          decimals: { budget: 2, costPerImpression: 4 },
        };
    return [currency, rules];
  }),
) as Record<BillingCurrency, CampaignMoneyRules>;

/**
 * About what one unit of each currency is worth in US dollars, for **ranking** ads of different currencies
 * against each other only: the ad server compares expected value per impression across campaigns, and a
 * ¥75 bid must not beat a $0.50 one by its digits. No amount charged, budgeted or shown ever uses these;
 * a rate a few percent off moves only which of two close bids wins.
 */
export const rankingWeightPerUnit: Readonly<Record<BillingCurrency, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  JPY: 0.0067,
  AUD: 0.66,
  CAD: 0.73,
};
