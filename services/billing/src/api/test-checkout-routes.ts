import type { Router } from 'express';
import { z } from 'zod';
import { currentUser, requireUser } from '@laundry/platform/auth';
import { notFound } from '@laundry/platform/errors';
import {
  checkoutNotFoundMessage,
  checkoutSessionOwner,
  completeTestSetup,
  type PaymentDeps,
} from '../domain/payments.ts';
import { testCheckoutPage } from './test-checkout-page.ts';

const sessionIdSchema = z.string().regex(/^cs_test_[0-9a-f]{32}$/);
const cardForm = z.object({ cardNumber: z.string().max(40).default('') }).strip();

export interface TestCheckoutDeps extends PaymentDeps {
  /** The test provider's own: which card a number saves, undefined for one test mode refuses. */
  cardFor: (number: string) => { paymentMethodId: string; brand: string; last4: string } | undefined;
  unknownCardMessage: string;
}

/**
 * The built-in test provider's stand-in for Stripe's hosted Checkout page: only there when no Stripe key is
 * set, and only for the session's own user.
 */
export function testCheckoutRoutes(router: Router, deps: TestCheckoutDeps): void {
  async function ownSession(userId: string, raw: unknown) {
    const id = sessionIdSchema.safeParse(raw);
    if (!id.success) throw notFound(checkoutNotFoundMessage);
    const session = await checkoutSessionOwner(deps, id.data);
    if (session.userId !== userId) throw notFound(checkoutNotFoundMessage);
    return session;
  }

  router.get('/api/billing/test-checkout/:sessionId', requireUser, async (req, res) => {
    const session = await ownSession(currentUser(req).id, req.params.sessionId);
    res.type('html').send(testCheckoutPage({ sessionId: session.id, done: session.status === 'complete' }));
  });

  router.post('/api/billing/test-checkout/:sessionId', requireUser, async (req, res) => {
    const user = currentUser(req);
    const session = await ownSession(user.id, req.params.sessionId);
    const form = cardForm.safeParse(req.body ?? {});
    const card = form.success ? deps.cardFor(form.data.cardNumber) : undefined;
    if (!card) {
      res
        .status(400)
        .type('html')
        .send(testCheckoutPage({ sessionId: session.id, done: false, error: deps.unknownCardMessage }));
      return;
    }
    await completeTestSetup(deps, {
      sessionId: session.id,
      customerId: `cus_test_${user.id.replace(/-/g, '')}`,
      card,
    });
    // Same origin as this page: a relative address works whatever PUBLIC_URL says.
    res.redirect(303, '/advertiser/settings?payment-method=added');
  });
}
