import {
  billingCurrencies,
  campaignMoneyRules,
  currencyOfCountryCode,
  isBillingCurrency,
  type BillingCurrency,
} from '@laundry/contracts';
import { defaultMoneyCurrency } from './formats.ts';

export { billingCurrencies, type BillingCurrency };

/**
 * The advertiser's billing currency: every budget, bid, spend and statement of theirs is in it. A profile
 * read from an older server has none, which is US dollars.
 */
export function billingCurrencyOf(
  profile: { billingCurrency?: string | null } | null | undefined,
): BillingCurrency {
  const code = profile?.billingCurrency?.trim().toUpperCase() ?? '';
  return isBillingCurrency(code) ? code : defaultMoneyCurrency;
}

/** A language tag's region, written ('ja-JP') or the likeliest one ('ja' → JP); null when it has none. */
function regionOf(tag: string): string | null {
  try {
    const locale = new Intl.Locale(tag);
    return locale.region ?? locale.maximize().region ?? null;
  } catch {
    return null;
  }
}

/**
 * What the setup form proposes: the currency of the browser's region (its first language that names or
 * implies one: 'ja-JP' is yen, 'en-GB' pounds) when it is one of the six, else US dollars.
 */
export function defaultBillingCurrency(languages: readonly string[]): BillingCurrency {
  for (const tag of languages) {
    const region = regionOf(tag);
    if (!region) continue;
    const currency = currencyOfCountryCode(region) ?? '';
    return isBillingCurrency(currency) ? currency : defaultMoneyCurrency;
  }
  return defaultMoneyCurrency;
}

/** The browser's languages, first the one it prefers. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** 'Japanese yen', '日元', 'yen japonais': the currency's name in the page's language; its code otherwise. */
export function currencyName(currency: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

/** The currency's sign as the reader writes it ('$', '¥', '€', 'A$'); its code when the browser has none. */
export function currencySign(currency: string, locale: string): string {
  try {
    return (
      new Intl.NumberFormat(locale, { style: 'currency', currency })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currency
    );
  } catch {
    return currency;
  }
}

/** The step of a money input for `decimals` decimals: '1' for whole yen, '0.01' for cents. */
const stepOf = (decimals: number) => (decimals === 0 ? '1' : (1 / 10 ** decimals).toFixed(decimals));

/**
 * What the campaign form's money inputs allow in a currency (billing-currency.ts): the minimum as `min`, the
 * default as the placeholder, and the arrows' step: a whole unit for a budget, the minor unit for the bid
 * (a cent; a whole yen).
 */
export function moneyInputsOf(currency: BillingCurrency) {
  const { minimums, defaults, decimals } = campaignMoneyRules[currency];
  const field = (key: keyof typeof minimums, step: string) => ({
    min: String(minimums[key]),
    step,
    placeholder: String(defaults[key]),
  });
  return {
    totalBudget: field('totalBudget', '1'),
    dailyBudget: field('dailyBudget', '1'),
    costPerClick: field('costPerClick', stepOf(decimals.budget)),
  };
}
