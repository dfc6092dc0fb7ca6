import type { BillingAccount, BillingInvoice } from '@laundry/contracts';
import type { BadgeStyle } from './campaign-display.ts';
import { ns, type I18nText } from './i18n-text.ts';

/** How the browser came back from checkout: ?payment-method=added or =cancelled, else null. */
export type CheckoutReturn = 'added' | 'cancelled' | null;

export const checkoutReturnParam = 'payment-method';

export function checkoutReturnOf(search: string): CheckoutReturn {
  const value = new URLSearchParams(search).get(checkoutReturnParam);
  return value === 'added' || value === 'cancelled' ? value : null;
}

// Card networks are proper names, the same in every language (Stripe's brand codes).
const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

export const cardBrandName = (brand: string) =>
  brandNames[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : '');

type Card = NonNullable<BillingAccount['paymentMethod']>;

/** '04/2031', or null for a card saved without its expiry. */
export function cardExpiry(card: Card): string | null {
  if (card.expMonth === null || card.expYear === null) return null;
  return `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

/** A card is good to the end of its expiry month. */
export function isCardExpired(card: Card, now = new Date()): boolean {
  if (card.expMonth === null || card.expYear === null) return false;
  return card.expYear * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * Where the account stands, most serious first: suspended (a statement failed on every try, the campaigns
 * paused), a charge failing (declined, to be tried again), or in good standing.
 */
export type Standing =
  | { kind: 'suspended'; invoice: BillingInvoice | undefined; reason: string | null }
  | { kind: 'failing'; invoice: BillingInvoice }
  | { kind: 'good' };

export function accountStanding(account: BillingAccount, invoices: readonly BillingInvoice[]): Standing {
  if (account.status === 'suspended') {
    return {
      kind: 'suspended',
      invoice: invoices.find((invoice) => invoice.paymentStatus === 'failed'),
      reason: account.suspendedReason,
    };
  }
  const failing = invoices.find(
    (invoice) => invoice.status === 'pending' && (invoice.paymentStatus === 'failed' || invoice.lastDecline),
  );
  return failing ? { kind: 'failing', invoice: failing } : { kind: 'good' };
}

/**
 * The dashboard's notice while the account is suspended, or null: why (declined on every try, or no card
 * to charge; the server's reason is English) and what to do, save a card and then activate the campaigns,
 * which stay paused after the statement is paid.
 */
export function suspensionNotice(account: BillingAccount | null | undefined): I18nText | null {
  if (account?.status !== 'suspended') return null;
  return { key: ns(account.paymentMethod ? 'dashboard.suspendedNotice' : 'dashboard.suspendedNoCard') };
}

const declineTexts: Record<string, I18nText> = {
  card_declined: { key: ns('settings.billing.declines.card_declined') },
  insufficient_funds: { key: ns('settings.billing.declines.insufficient_funds') },
  expired_card: { key: ns('settings.billing.declines.expired_card') },
  no_payment_method: { key: ns('settings.billing.declines.no_payment_method') },
};

/** Why a charge was declined, in the page's language for the codes we know, else the provider's words. */
export function declineText(decline: { code: string; message: string }): I18nText {
  return (
    declineTexts[decline.code] ?? {
      key: ns('settings.billing.declines.other'),
      values: { message: decline.message || decline.code },
    }
  );
}

/**
 * An invoice row's badge: paid (the default style, as a processed statement's), else secondary or
 * destructive.
 */
export function invoiceStatus(invoice: BillingInvoice): { style: BadgeStyle; text: I18nText } {
  if (invoice.status === 'processed') {
    return invoice.paymentStatus === 'nothing_due'
      ? { style: 'default', text: { key: ns('settings.invoices.status.nothingDue') } }
      : { style: 'default', text: { key: ns('settings.invoices.status.paid') } };
  }
  if (invoice.paymentStatus === 'failed') {
    return { style: 'destructive', text: { key: ns('settings.invoices.status.failed') } };
  }
  if (invoice.lastDecline) {
    return { style: 'destructive', text: { key: ns('settings.invoices.status.retrying') } };
  }
  return { style: 'secondary', text: { key: ns('settings.invoices.status.due') } };
}
