import Stripe from 'stripe';
import {
  InvalidWebhookSignature,
  type ChargeOutcome,
  type PaymentProvider,
  type ProviderEvent,
} from '../domain/payment-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** A stand-in server in tests; Stripe's API otherwise. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe through its official package: Checkout in setup mode, off-session PaymentIntents, signed webhooks. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  function declined(error: unknown): ChargeOutcome {
    const card = error as Stripe.errors.StripeCardError;
    return {
      status: 'declined',
      paymentIntentId: card.payment_intent?.id ?? null,
      code: card.decline_code ?? card.code ?? 'card_declined',
      message: card.message,
    };
  }

  function fromIntent(intent: Stripe.PaymentIntent): ChargeOutcome {
    if (intent.status === 'succeeded') {
      return { status: 'succeeded', paymentIntentId: intent.id, chargeId: idOf(intent.latest_charge) };
    }
    if (intent.status === 'processing') return { status: 'processing', paymentIntentId: intent.id };
    return {
      status: 'declined',
      paymentIntentId: intent.id,
      code: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status,
      message: intent.last_payment_error?.message ?? `The payment needs ${intent.status.replace(/_/g, ' ')}.`,
    };
  }

  return {
    name: 'stripe',
    testMode: options.secretKey.startsWith('sk_test_') || options.secretKey.startsWith('rk_test_'),

    async startSetup(input) {
      const customerId =
        input.customerId ??
        (
          await stripe.customers.create(
            { email: input.email, metadata: { userId: input.userId } },
            { idempotencyKey: `customer-${input.userId}` },
          )
        ).id;
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        // Setup mode names a currency only to choose the payment methods Checkout offers (those that pay in
        // the advertiser's currency); nothing is charged here, and a saved card pays any currency.
        currency: input.currency.toLowerCase(),
        customer: customerId,
        client_reference_id: input.userId,
        metadata: { userId: input.userId },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { sessionId: session.id, url: session.url, customerId };
    },

    async charge(input) {
      try {
        const intent =
          input.paymentIntentId === null
            ? await stripe.paymentIntents.create(
                {
                  // Minor units of the statement's currency: cents, or yen for JPY, which Stripe counts as a
                  // zero-decimal currency (amount 14198 with 'jpy' is ¥14,198).
                  amount: input.amountCents,
                  currency: input.currency.toLowerCase(),
                  customer: input.customerId,
                  payment_method: input.paymentMethodId,
                  off_session: true,
                  confirm: true,
                  description: input.description,
                  metadata: { statementId: input.statementId },
                },
                { idempotencyKey: input.statementId },
              )
            : await stripe.paymentIntents.confirm(
                input.paymentIntentId,
                { payment_method: input.paymentMethodId, off_session: true },
                { idempotencyKey: `${input.statementId}:attempt-${input.attempt}` },
              );
        return fromIntent(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return declined(error);
        throw error;
      }
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            // Minor units of the charge's own currency (Stripe refunds in the PaymentIntent's currency).
            amount: input.amountCents,
            reason: 'requested_by_customer',
            metadata: { statementId: input.statementId, refundId: input.refundId },
          },
          { idempotencyKey: `refund-${input.refundId}` },
        );
        if (refund.status === 'succeeded' || refund.status === 'pending') {
          return { status: refund.status, providerRefundId: refund.id };
        }
        return {
          status: 'refused',
          code: refund.failure_reason ?? refund.status ?? 'refund_failed',
          message: `The refund is ${refund.status ?? 'not done'}.`,
        };
      } catch (error) {
        // Stripe says no (more than the charge has left, a charge disputed…): an answer, not an outage.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'refused', code: error.code ?? 'invalid_request', message: error.message };
        }
        throw error;
      }
    },

    async detach(paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        // Already detached (or deleted at Stripe): it is gone either way, which is what was asked.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return;
        throw error;
      }
    },

    async readEvent(rawBody, signature): Promise<ProviderEvent> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch {
        throw new InvalidWebhookSignature();
      }
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          const setupIntentId = idOf(session.setup_intent);
          if (session.mode !== 'setup' || !setupIntentId)
            return { id: event.id, kind: 'ignored', type: event.type };
          const setupIntent = await stripe.setupIntents.retrieve(setupIntentId, {
            expand: ['payment_method'],
          });
          const method = setupIntent.payment_method as Stripe.PaymentMethod | string | null;
          const paymentMethod =
            typeof method === 'string' ? await stripe.paymentMethods.retrieve(method) : method;
          if (!paymentMethod) return { id: event.id, kind: 'ignored', type: event.type };
          return {
            id: event.id,
            kind: 'setup-completed',
            sessionId: session.id,
            customerId: idOf(session.customer) ?? idOf(setupIntent.customer) ?? '',
            card: {
              paymentMethodId: paymentMethod.id,
              brand: paymentMethod.card?.brand ?? paymentMethod.type,
              last4: paymentMethod.card?.last4 ?? '',
              expMonth: paymentMethod.card?.exp_month ?? null,
              expYear: paymentMethod.card?.exp_year ?? null,
            },
          };
        }
        case 'payment_intent.succeeded': {
          const intent = event.data.object;
          const statementId = intent.metadata?.statementId;
          if (!statementId) return { id: event.id, kind: 'ignored', type: event.type };
          return {
            id: event.id,
            kind: 'payment-succeeded',
            statementId,
            paymentIntentId: intent.id,
            chargeId: idOf(intent.latest_charge),
          };
        }
        case 'payment_intent.payment_failed': {
          const intent = event.data.object;
          const statementId = intent.metadata?.statementId;
          if (!statementId) return { id: event.id, kind: 'ignored', type: event.type };
          return {
            id: event.id,
            kind: 'payment-failed',
            statementId,
            paymentIntentId: intent.id,
            code:
              intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'card_declined',
            message: intent.last_payment_error?.message ?? 'The card was declined.',
          };
        }
        default:
          return { id: event.id, kind: 'ignored', type: event.type };
      }
    },
  };
}
