import { describe, expect, it } from 'vitest';
import type { BillingAccount, BillingInvoice } from '@laundry/contracts';
import {
  accountStanding,
  cardBrandName,
  cardExpiry,
  checkoutReturnOf,
  declineText,
  invoiceStatus,
  isCardExpired,
  suspensionNotice,
} from '../../src/domain/billing.ts';
import { english } from '../support/english.ts';

const account = (change: Partial<BillingAccount> = {}): BillingAccount => ({
  mode: 'test',
  provider: 'test',
  paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2034 },
  status: 'active',
  suspendedReason: null,
  suspendedAt: null,
  ...change,
});

const invoice = (change: Partial<BillingInvoice> = {}): BillingInvoice => ({
  id: '00000000-0000-4000-8000-000000000001',
  periodStart: '2026-10-01T00:00:00.000Z',
  periodEnd: '2026-11-01T00:00:00.000Z',
  amount: 2.3,
  currency: 'USD',
  status: 'pending',
  paymentStatus: 'due',
  attempts: 0,
  nextAttemptAt: null,
  lastDecline: null,
  invoiceNumber: null,
  invoiceUrl: null,
  processedAt: null,
  creditNotes: [],
  ...change,
});

const declined = {
  code: 'card_declined',
  message: 'Your card was declined.',
  at: '2026-11-01T00:00:05.000Z',
};

describe('the payment method as the settings page shows it', () => {
  it('when the browser comes back from checkout, then the address says whether a card was added', () => {
    expect(checkoutReturnOf('?payment-method=added')).toBe('added');
    expect(checkoutReturnOf('?x=1&payment-method=cancelled')).toBe('cancelled');
    expect(checkoutReturnOf('?payment-method=other')).toBeNull();
    expect(checkoutReturnOf('')).toBeNull();
  });

  it('when a card is shown, then its network is named and its expiry is MM/YYYY', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('link')).toBe('Link');
    expect(cardExpiry({ brand: 'visa', last4: '4242', expMonth: 4, expYear: 2034 })).toBe('04/2034');
    expect(cardExpiry({ brand: 'visa', last4: '4242', expMonth: null, expYear: null })).toBeNull();
  });

  it('when a card expires this month, then it is still good; the month after, expired', () => {
    const card = { brand: 'visa', last4: '4242', expMonth: 11, expYear: 2026 };
    expect(isCardExpired(card, new Date('2026-11-30T23:00:00Z'))).toBe(false);
    expect(isCardExpired(card, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isCardExpired({ ...card, expMonth: null }, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe("the account's standing", () => {
  it('when nothing is unpaid or declined, then it is in good standing', () => {
    expect(
      accountStanding(account(), [invoice(), invoice({ status: 'processed', paymentStatus: 'paid' })]),
    ).toEqual({
      kind: 'good',
    });
  });

  it('when an unpaid statement was declined, then charges are failing, naming that statement', () => {
    const failing = invoice({
      lastDecline: declined,
      attempts: 1,
      nextAttemptAt: '2026-11-02T00:00:00.000Z',
    });

    expect(
      accountStanding(account(), [invoice({ status: 'processed', paymentStatus: 'paid' }), failing]),
    ).toEqual({
      kind: 'failing',
      invoice: failing,
    });
  });

  it('when the account is suspended, then that comes first, with the failed statement and the reason', () => {
    const failed = invoice({ paymentStatus: 'failed', lastDecline: declined, attempts: 4 });

    expect(
      accountStanding(account({ status: 'suspended', suspendedReason: 'declined 4 times' }), [failed]),
    ).toEqual({ kind: 'suspended', invoice: failed, reason: 'declined 4 times' });
  });

  it('when the account is suspended, then the dashboard says why and to save a card, then activate the campaigns', () => {
    expect(suspensionNotice(account())).toBeNull();
    expect(suspensionNotice(null)).toBeNull();
    const declinedNotice = english(suspensionNotice(account({ status: 'suspended' }))!);
    expect(declinedNotice).toContain('declined on every try');
    expect(declinedNotice).toContain('Save a new card');
    expect(declinedNotice).toContain('activate your campaigns again on the Campaigns tab');
    // Never a card to charge: nothing was declined, and there is no card to replace.
    const noCard = english(suspensionNotice(account({ status: 'suspended', paymentMethod: null }))!);
    expect(noCard).toContain('there is no card to charge');
    expect(noCard).toContain('Add a card');
    expect(noCard).not.toContain('declined');
  });

  it('when a decline has a code we know, then it is said in our words, else in the provider’s', () => {
    expect(english(declineText(declined))).toBe('the card was declined.');
    expect(english(declineText({ code: 'no_payment_method', message: 'no payment method' }))).toBe(
      'there was no payment method.',
    );
    expect(english(declineText({ code: 'do_not_honor', message: 'The bank said no.' }))).toBe(
      'the card was refused (The bank said no.).',
    );
  });
});

describe('an invoice row’s status', () => {
  it.each([
    [invoice({ status: 'processed', paymentStatus: 'paid' }), 'default', 'Paid'],
    [invoice({ status: 'processed', paymentStatus: 'nothing_due' }), 'default', 'Nothing to pay'],
    [invoice(), 'secondary', 'Awaiting payment'],
    [invoice({ lastDecline: declined }), 'destructive', 'Declined, retrying'],
    [invoice({ paymentStatus: 'failed', lastDecline: declined }), 'destructive', 'Payment failed'],
  ])('when the statement is %#, then the badge is %s and reads %j', (row, style, label) => {
    const status = invoiceStatus(row);
    expect(status.style).toBe(style);
    expect(english(status.text)).toBe(label);
  });
});
