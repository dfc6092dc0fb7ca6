import type { BillingCurrency } from '@laundry/contracts';

/** A card saved for off-session charges. */
export interface SavedCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
  /** The card's expiry (month 1–12, four-digit year), when the provider gives it. */
  expMonth: number | null;
  expYear: number | null;
}

export interface SetupSession {
  sessionId: string;
  /** Where the browser goes to enter the card. */
  url: string;
  customerId: string;
}

export type ChargeOutcome =
  | { status: 'succeeded'; paymentIntentId: string; chargeId: string | null }
  | { status: 'processing'; paymentIntentId: string }
  | { status: 'declined'; paymentIntentId: string | null; code: string; message: string };

/** What the provider answered a refund: accepted (done, or on its way back to the card), or refused. */
export type RefundOutcome =
  | { status: 'succeeded' | 'pending'; providerRefundId: string }
  | { status: 'refused'; code: string; message: string };

/** A provider's webhook event, as billing needs it. */
export type ProviderEvent =
  | { id: string; kind: 'setup-completed'; sessionId: string; customerId: string; card: SavedCard }
  | {
      id: string;
      kind: 'payment-succeeded';
      statementId: string;
      paymentIntentId: string;
      chargeId: string | null;
    }
  | {
      id: string;
      kind: 'payment-failed';
      statementId: string;
      paymentIntentId: string;
      code: string;
      message: string;
    }
  | { id: string; kind: 'ignored'; type: string };

export class InvalidWebhookSignature extends Error {}

/** Stripe, or the built-in test provider that behaves like Stripe's test mode. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** No real money moves: every billing screen says 'Test mode'. */
  readonly testMode: boolean;
  startSetup(input: {
    userId: string;
    email: string;
    customerId: string | null;
    /**
     * The advertiser's billing currency as far as billing knows it (USD before any ad event): Checkout offers
     * the payment methods that pay in it. A card saved is charged in whatever currency its statements are.
     */
    currency: BillingCurrency;
    successUrl: string;
    cancelUrl: string;
  }): Promise<SetupSession>;
  /**
   * Charges a statement off-session: `amountCents` in minor units of `currency` (ISO 4217, upper case), whole
   * yen for JPY, a zero-decimal currency. The first attempt creates the PaymentIntent with the statement's id as
   * its idempotency key; a retry confirms the same PaymentIntent again under a key of its own attempt.
   */
  charge(input: {
    statementId: string;
    attempt: number;
    paymentIntentId: string | null;
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    description: string;
  }): Promise<ChargeOutcome>;
  /**
   * Gives back part or all of a statement's charge to the card it was charged to. `refundId` is billing's own
   * id of the refund: the idempotency key, so a repeated call refunds once.
   */
  refund(input: {
    refundId: string;
    statementId: string;
    paymentIntentId: string;
    amountCents: number;
    currency: string;
  }): Promise<RefundOutcome>;
  /**
   * Forgets a saved card at the provider (Stripe detaches it from the customer), so it can never be charged
   * again; a card the provider no longer holds counts as forgotten.
   */
  detach(paymentMethodId: string): Promise<void>;
  /** Verifies a webhook on its raw bytes; throws InvalidWebhookSignature when it was not signed by the provider. */
  readEvent(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent>;
}

/** Why the test provider's checkout page refuses a card: each is a message of its own, in the page's language. */
export type TestCardProblem = 'unknownCard' | 'expiryInvalid' | 'expiryPast';
