import { formatMinor, isBillingCurrency, type BillingCurrency } from '@laundry/contracts';

/**
 * Intl formatters, one per locale and options: building one costs far more than using it, and a dashboard
 * of campaigns asks for the same few formats many times. Money is in the advertiser's billing currency
 * (budgets, bids, spend and GET /api/analytics/revenue are amounts of it; a statement's or an invoice's are in
 * its own currency, which is the same one).
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function remembered<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** What an amount is in when nothing says otherwise: the billing currency an advertiser starts with. */
export const defaultMoneyCurrency: BillingCurrency = 'USD';

/**
 * $1,234.50, ¥1,235, 1 234,50 €: an amount of units of `currency` with the decimals of its minor unit (two,
 * none for yen) unless `decimals` says otherwise (four for a part of a cent of a cost per impression).
 */
export function formatMoney(
  amount: number,
  locale: string,
  decimals?: number,
  currency: string = defaultMoneyCurrency,
): string {
  return remembered(`money|${locale}|${decimals ?? ''}|${currency}`, () => {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
    });
  }).format(amount);
}

/**
 * Minor units of a currency (cents; whole yen for JPY), exactly as charged: what a statement, an invoice or a
 * notice carries. A currency outside the six billing ones is read with two decimals.
 */
export function formatMinorMoney(minor: number, currency: string, locale: string): string {
  const code = currency.trim().toUpperCase();
  if (isBillingCurrency(code)) return formatMinor(minor, code, locale);
  return formatMoney(minor / 100, locale, 2, code);
}

/** 12,345 */
export function formatCount(value: number, locale: string): string {
  return remembered(`count|${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** 2.35% (the value is already a percentage) */
export function formatPercent(value: number, locale: string): string {
  return remembered(
    `percent|${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }),
  ).format(value / 100);
}

/**
 * A day without its time: a YYYY-MM-DD (or the date part of an ISO date-time) read as that calendar day
 * wherever the browser is, so 2025-06-01 never shows as 31 May west of Greenwich.
 */
export function formatDay(date: string, locale: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!day) return date;
  const utc = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  return remembered(
    `day|${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(utc);
}

/**
 * A report's period (an ISO instant, UTC, as the service's rollups are): 'short' for a chart's axis
 * (Jun 1, or Jun 1, 14:00), 'long' for a tooltip or a table (Jun 1, 2025, or Jun 1, 2025, 14:00).
 */
export function formatPeriod(
  period: string,
  granularity: 'day' | 'hour',
  locale: string,
  length: 'short' | 'long' = 'long',
): string {
  const time = Date.parse(period);
  if (Number.isNaN(time)) return period;
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    ...(length === 'long' ? { year: 'numeric' } : {}),
    ...(granularity === 'hour' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    timeZone: 'UTC',
  };
  return remembered(
    `period|${locale}|${granularity}|${length}`,
    () => new Intl.DateTimeFormat(locale, options),
  ).format(time);
}

/** A time of day in the browser's own zone (a report's 'updated at'). */
export function formatClock(instant: number, locale: string): string {
  return remembered(
    `clock|${locale}`,
    () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
  ).format(instant);
}
