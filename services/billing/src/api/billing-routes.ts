import type { Router } from 'express';
import { currentUser } from '@laundry/platform/auth';
import { auditContextOf, route } from '@laundry/platform/http';
import { billingOperations as operations } from '@laundry/contracts/operations';
import {
  billingAccount,
  handleProviderWebhook,
  invalidSignature,
  removePaymentMethod,
  startPaymentMethodSetup,
  type PaymentDeps,
} from '../domain/payments.ts';
import { InvalidWebhookSignature } from '../domain/payment-provider.ts';
import { listInvoices } from '../domain/invoice-list.ts';

export const webhookPath = operations.receiveStripeWebhook.path;

/** The advertiser's payment method, account standing and invoices, and the provider's webhook. */
export function billingRoutes(router: Router, deps: PaymentDeps): void {
  route(router, operations.getBillingAccount, async (_input, req, res) => {
    res.json(await billingAccount(deps, currentUser(req).id));
  });

  route(router, operations.listBillingInvoices, async (_input, req, res) => {
    res.json(await listInvoices(deps, currentUser(req).id));
  });

  route(router, operations.startPaymentMethodSetup, async (_input, req, res) => {
    const user = currentUser(req);
    res.json(await startPaymentMethodSetup(deps, { id: user.id, email: user.email }));
  });

  route(router, operations.removePaymentMethod, async (_input, req, res) => {
    const { userId: _user, ...origin } = auditContextOf(req);
    res.json(await removePaymentMethod(deps, currentUser(req).id, origin));
  });

  // Signed by Stripe over the exact bytes it sent: the body reaches here raw (app.ts names this path).
  route(router, operations.receiveStripeWebhook, { unparsed: ['body'] }, async (_input, req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      const { duplicate } = await handleProviderWebhook(deps, raw, req.get('stripe-signature'));
      res.json({ received: true, duplicate });
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) throw invalidSignature();
      throw error;
    }
  });
}
