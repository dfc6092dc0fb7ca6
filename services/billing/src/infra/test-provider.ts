import { randomBytes, randomUUID } from 'node:crypto';
import {
  InvalidWebhookSignature,
  type PaymentProvider,
  type SavedCard,
  type TestCardProblem,
} from '../domain/payment-provider.ts';

/**
 * Stripe's test cards that this provider knows: 4242… and 5555… pay; 4000 0000 0000 0002 (card_declined)
 * and 4000 0000 0000 9995 (insufficient_funds) are saved and then declined on every charge.
 */
const testCards: Record<string, { brand: string; decline?: { code: string; message: string } }> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '4000000000000002': {
    brand: 'visa',
    decline: { code: 'card_declined', message: 'Your card was declined.' },
  },
  '4000000000009995': {
    brand: 'visa',
    decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
};

const declineOf = (paymentMethodId: string) =>
  Object.entries(testCards).find(([number]) =>
    paymentMethodId.startsWith(`pm_test_${number.slice(-4)}_`),
  )?.[1].decline;

/** 'MM / YY', 'MM/YY', 'MM/YYYY' or 'MMYY': the month and four-digit year, or undefined. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12 || year > 2200) return undefined;
  return { month, year };
}

/**
 * The card a number and expiry on the test checkout page save, or why not: a number test mode does not
 * take, an expiry it cannot read, or one already past (a card is good to the end of its month, as Stripe's).
 */
export function testCardFor(
  number: string,
  expiry: string,
  now = new Date(),
): { card: SavedCard } | { problem: TestCardProblem } {
  const digits = number.replace(/[\s-]/g, '');
  const card = testCards[digits];
  if (!card) return { problem: 'unknownCard' };
  const expires = parseExpiry(expiry);
  if (!expires) return { problem: 'expiryInvalid' };
  if (expires.year * 12 + expires.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return { problem: 'expiryPast' };
  }
  return {
    card: {
      paymentMethodId: `pm_test_${digits.slice(-4)}_${randomBytes(6).toString('hex')}`,
      brand: card.brand,
      last4: digits.slice(-4),
      expMonth: expires.month,
      expYear: expires.year,
    },
  };
}

/**
 * The embedded default when no Stripe key is set: behaves like Stripe's test mode with no account and no
 * network. Checkout is a local page (/api/billing/test-checkout/{id}); charges answer at once by the card.
 */
export function createTestProvider(): PaymentProvider {
  return {
    name: 'test',
    testMode: true,
    async startSetup(input) {
      const sessionId = `cs_test_${randomUUID().replace(/-/g, '')}`;
      return {
        sessionId,
        url: `/api/billing/test-checkout/${sessionId}`,
        customerId: input.customerId ?? `cus_test_${input.userId.replace(/-/g, '')}`,
      };
    },
    async charge(input) {
      const paymentIntentId = input.paymentIntentId ?? `pi_test_${input.statementId.replace(/-/g, '')}`;
      const decline = declineOf(input.paymentMethodId);
      if (decline) return { status: 'declined', paymentIntentId, ...decline };
      return {
        status: 'succeeded',
        paymentIntentId,
        chargeId: `ch_test_${input.statementId.replace(/-/g, '').slice(0, 16)}_${input.attempt}`,
      };
    },
    async refund(input) {
      return { status: 'succeeded', providerRefundId: `re_test_${input.refundId.replace(/-/g, '')}` };
    },
    async detach() {
      // The test provider keeps no cards: billing's own row is all there is to forget.
    },
    async readEvent() {
      // Nothing sends this provider webhooks: its checkout page completes the setup itself.
      throw new InvalidWebhookSignature();
    },
  };
}
