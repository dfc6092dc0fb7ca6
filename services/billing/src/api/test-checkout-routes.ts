import type { Router } from 'express';
import { z } from 'zod';
import { currentUser } from '@laundry/platform/auth';
import { notFound } from '@laundry/platform/errors';
import { auditContextOf, route } from '@laundry/platform/http';
import { billingOperations as operations } from '@laundry/contracts/operations';
import {
  checkoutNotFoundMessage,
  checkoutSessionOwner,
  completeTestSetup,
  type PaymentDeps,
} from '../domain/payments.ts';
import type { SavedCard } from '../domain/payment-provider.ts';
import type { TestCardProblem } from '../domain/payment-provider.ts';
import { checkoutLanguage } from './test-checkout/checkout-language.ts';
import { settingsReturn, testCheckoutPage } from './test-checkout/test-checkout-page.ts';

const sessionIdSchema = z.string().regex(/^cs_test_[0-9a-f]{32}$/);
// Anything longer than a card number or an expiry is no card: refused with the page, never a crash.
const cardForm = z
  .object({
    cardNumber: z.string().max(40).catch(''),
    expiry: z.string().max(9).catch(''),
  })
  .strip();

export interface TestCheckoutDeps extends PaymentDeps {
  /** The test provider's own: which card a number and expiry save, or why test mode refuses them. */
  cardFor: (number: string, expiry: string) => { card: SavedCard } | { problem: TestCardProblem };
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

  // The page answers what it cannot read (a language, a card form) itself, never with a 400 of JSON.
  const page = { unparsed: ['query' as const, 'body' as const] };

  route(router, operations.showTestCheckout, page, async ({ params }, req, res) => {
    const session = await ownSession(currentUser(req).id, params.sessionId);
    const language = checkoutLanguage(req);
    res
      .set({ 'Content-Language': language, Vary: 'Accept-Language, Cookie' })
      .type('html')
      .send(testCheckoutPage({ sessionId: session.id, language, done: session.status === 'complete' }));
  });

  route(router, operations.submitTestCheckout, page, async ({ params }, req, res) => {
    const user = currentUser(req);
    const session = await ownSession(user.id, params.sessionId);
    const parsed = cardForm.safeParse(req.body);
    const form = parsed.success ? parsed.data : { cardNumber: '', expiry: '' };
    const chosen = deps.cardFor(form.cardNumber, form.expiry);
    if ('problem' in chosen) {
      const language = checkoutLanguage(req);
      res
        .status(400)
        .set({ 'Content-Language': language, Vary: 'Accept-Language, Cookie' })
        .type('html')
        .send(
          testCheckoutPage({
            sessionId: session.id,
            language,
            done: false,
            problem: chosen.problem,
            values: form,
          }),
        );
      return;
    }
    const { userId: _user, ...origin } = auditContextOf(req);
    await completeTestSetup(
      deps,
      {
        sessionId: session.id,
        customerId: `cus_test_${user.id.replace(/-/g, '')}`,
        card: chosen.card,
      },
      origin,
    );
    // Same origin as this page: a relative address works whatever PUBLIC_URL says.
    res.redirect(303, settingsReturn.added);
  });
}
