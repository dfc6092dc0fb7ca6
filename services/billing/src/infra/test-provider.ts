import { randomBytes, randomUUID } from 'node:crypto';
import { InvalidWebhookSignature, type PaymentProvider, type SavedCard } from '../domain/payment-provider.ts';

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

export const unknownTestCardMessage =
  'In test mode use a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.';

/** The card a number on the test checkout page saves, or undefined for a number test mode does not take. */
export function testCardFor(number: string): SavedCard | undefined {
  const digits = number.replace(/[\s-]/g, '');
  const card = testCards[digits];
  if (!card) return undefined;
  return {
    paymentMethodId: `pm_test_${digits.slice(-4)}_${randomBytes(6).toString('hex')}`,
    brand: card.brand,
    last4: digits.slice(-4),
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
    async readEvent() {
      // Nothing sends this provider webhooks: its checkout page completes the setup itself.
      throw new InvalidWebhookSignature();
    },
  };
}
