import { useMemo } from 'react';
import { useAdvertiser } from '../api/queries.ts';
import { billingCurrencyOf } from '../domain/currency.ts';
import { formatMinorMoney, formatMoney } from '../domain/formats.ts';
import { useText } from './use-text.ts';

/**
 * Money as this advertiser reads it: amounts in their billing currency (the profile's), in the page's
 * language. `money` takes units (a budget, a spend), `minor` minor units (a statement's cents, or yen), of
 * the billing currency unless another is named (an invoice's own).
 */
export function useMoney() {
  const { locale } = useText();
  const { profile } = useAdvertiser();
  const currency = billingCurrencyOf(profile);
  return useMemo(
    () => ({
      currency,
      locale,
      money: (amount: number, decimals?: number) => formatMoney(amount, locale, decimals, currency),
      minor: (minor: number, of: string = currency) => formatMinorMoney(minor, of, locale),
    }),
    [currency, locale],
  );
}
