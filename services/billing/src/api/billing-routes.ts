import type { Router } from 'express';
import { currentUser, requireUser } from '@laundry/platform/auth';
import {
  billingAccount,
  handleProviderWebhook,
  invalidSignature,
  startPaymentMethodSetup,
  type PaymentDeps,
} from '../domain/payments.ts';
import { InvalidWebhookSignature } from '../domain/payment-provider.ts';
import { listInvoices } from '../domain/invoice-list.ts';

export const webhookPath = '/api/billing/stripe/webhook';

/** The advertiser's payment method, account standing and invoices, and the provider's webhook. */
export function billingRoutes(router: Router, deps: PaymentDeps): void {
  router.get('/api/billing/account', requireUser, async (req, res) => {
    res.json(await billingAccount(deps, currentUser(req).id));
  });

  router.get('/api/billing/invoices', requireUser, async (req, res) => {
    res.json(await listInvoices(deps, currentUser(req).id));
  });

  router.post('/api/billing/payment-method', requireUser, async (req, res) => {
    const user = currentUser(req);
    res.json(await startPaymentMethodSetup(deps, { id: user.id, email: user.email }));
  });

  // Signed by Stripe over the exact bytes it sent: the body reaches here raw (app.ts names this path).
  router.post(webhookPath, async (req, res) => {
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
