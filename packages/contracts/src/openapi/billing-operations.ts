import { z } from 'zod';
import { idSchema } from '../common.ts';
import { languages } from '../constants/domain.ts';
import {
  billingAccountSchema,
  billingCreditRequestSchema,
  billingCreditSchema,
  billingInvoiceListSchema,
  closePeriodResponseSchema,
  creditNoteSchema,
  payoutDetailSchema,
  paymentMethodSetupResponseSchema,
  payoutListResponseSchema,
  revenueAnalyticsResponseSchema,
} from '../revenue.ts';
import {
  billingDetailsRequestSchema,
  billingDetailsResponseSchema,
  billingDetailsSchema,
} from '../billing-details.ts';
import {
  adminStatementEntriesSchema,
  adminStatementPageSchema,
  adminStatementQuerySchema,
  adminStatementSchema,
  failedChargeListSchema,
  statementRefundRequestSchema,
} from '../admin-billing.ts';
import { defineOperations, jsonBody } from './operation.ts';

const payoutIdParams = z.object({ id: idSchema.meta({ description: "The statement's id." }) });
const creditNoteParams = z.object({
  id: idSchema.meta({ description: "The statement's id." }),
  creditNoteId: idSchema.meta({ description: "The credit note's id (its refund's)." }),
});
const adminCreditNoteParams = z.object({ id: idSchema.meta({ description: "The credit note's id." }) });
const pdf = (description: string) => ({
  description,
  contentType: 'application/pdf',
  schema: z.string().meta({ override: { type: 'string', format: 'binary' } }),
});
const checkoutParams = z.object({
  sessionId: z.string().meta({ description: 'The test checkout session, `cs_test_` and 32 hex digits.' }),
});
const html = (description: string) => ({ description, contentType: 'text/html', schema: z.string() });

/** The billing service: the advertiser's statements, invoices and revenue, and the admins' period close. */
export const billingOperations = defineOperations('billing', {
  listPayouts: {
    method: 'get',
    path: '/api/payouts',
    summary: "The signed-in advertiser's statements, newest period first",
    description:
      'One per closed period and currency in which the advertiser had impressions or clicks. Each names its ' +
      '`currency`: totalRevenue is in units of it, and every *Cents amount (platformFeeCents, ' +
      'advertiserChargeCents) in minor units of it: cents, or whole yen for JPY, which has none.',
    access: 'signed-in',
    answers: { 200: { description: 'The statements.', schema: payoutListResponseSchema } },
    errors: [],
  },
  getPayout: {
    method: 'get',
    path: '/api/payouts/{id}',
    summary: 'One of the signed-in advertiser’s statements, in full',
    description:
      'Every amount is in its `currency`: totalRevenue, platformFee and advertiserCharge in units of it (a ' +
      "yen statement's are whole yen). Another advertiser's statement is not found.",
    access: 'signed-in',
    params: payoutIdParams,
    answers: { 200: { description: 'The statement.', schema: payoutDetailSchema } },
    errors: [404],
  },
  getPayoutInvoice: {
    method: 'get',
    path: '/api/payouts/{id}/invoice.pdf',
    summary: "A processed statement's numbered invoice",
    description:
      "Every amount in the statement's currency, as the buyer's language writes it ('¥14,198', '1 234,56 €'). " +
      'Not found until the statement is processed (paid), and for anyone but its advertiser.',
    access: 'signed-in',
    params: payoutIdParams,
    answers: {
      200: {
        description: 'The invoice.',
        contentType: 'application/pdf',
        schema: z.string().meta({ override: { type: 'string', format: 'binary' } }),
      },
    },
    errors: [404],
  },
  getPayoutCreditNote: {
    method: 'get',
    path: '/api/payouts/{id}/credit-notes/{creditNoteId}.pdf',
    summary: "A credit note of a refund of the advertiser's statement",
    description:
      'Not found for anyone but the statement’s advertiser, or for a credit note of another statement.',
    access: 'signed-in',
    params: creditNoteParams,
    answers: { 200: pdf('The credit note.') },
    errors: [404],
  },
  getRevenueAnalytics: {
    method: 'get',
    path: '/api/analytics/revenue',
    summary: "The signed-in advertiser's revenue and payouts, in its billing currency",
    description:
      'In units of `currency`, the advertiser’s billing currency (USD before any ad event); amounts of ' +
      'another currency are never added in. totalRevenue: every counted impression and click so far, the ' +
      'open period included, less credits. Payouts are statement charges (revenue plus the platform fee): ' +
      'pending (not yet paid), processed (paid), and their sum.',
    access: 'signed-in',
    answers: { 200: { description: 'The figures.', schema: revenueAnalyticsResponseSchema } },
    errors: [],
  },
  closeBillingPeriod: {
    method: 'post',
    path: '/api/admin/billing/close-period',
    summary: 'Close the open billing period now',
    description:
      'Closes any period whose end has passed, then the open one at this second: one statement per ' +
      'advertiser and currency with unbilled impressions or clicks, its spend rounded to the minor unit of ' +
      'that currency (whole yen for JPY); amounts of two currencies are never summed. A period is closed ' +
      'once; closing again with nothing new to bill closes nothing.',
    access: 'admin',
    answers: { 200: { description: 'What was closed.', schema: closePeriodResponseSchema } },
    errors: [],
  },
  creditAdEvent: {
    method: 'post',
    path: '/api/admin/billing/credits',
    summary: "Give an ad event's cost back (invalid traffic found after the fact)",
    description:
      'A new ledger entry in the currency of the event it gives back (amount in units of `currency`); the ' +
      'event’s own entry stays. An event is credited once (409 after).',
    access: 'admin',
    body: jsonBody(billingCreditRequestSchema),
    answers: { 201: { description: 'The credit.', schema: billingCreditSchema } },
    errors: [400, 404, 409],
  },
  listAdminStatements: {
    method: 'get',
    path: '/api/admin/billing/statements',
    summary: "Every advertiser's statements, newest period first, a page at a time",
    description:
      "Each with its advertiser's invoice name, what it charges in minor units of its `currency` (chargeCents " +
      'and refundedCents: cents, or whole yen for JPY; never summed across currencies) and where ' +
      'its charge stands (state: due, failed, paid, nothing_due); `state` keeps one of them. 400 for an ' +
      'unknown state, a cursor this list did not give or a limit outside 1–100.',
    access: 'admin',
    query: adminStatementQuerySchema,
    answers: { 200: { description: 'A page of statements.', schema: adminStatementPageSchema } },
    errors: [400],
  },
  listFailedCharges: {
    method: 'get',
    path: '/api/admin/billing/failed-charges',
    summary: 'Unpaid statements whose last charge attempt was declined',
    description:
      'Failed ones (every attempt declined, the account suspended) and due ones waiting for their next ' +
      'retry, with the last decline, the attempts made and when the next is due; the oldest decline first.',
    access: 'admin',
    answers: { 200: { description: 'The declined charges.', schema: failedChargeListSchema } },
    errors: [],
  },
  retryStatementCharge: {
    method: 'post',
    path: '/api/admin/billing/statements/{id}/retry',
    summary: "Try a declined statement's charge again now",
    description:
      'Makes the charge due at once and asks for a sweep; the outcome is recorded like any attempt. 404 for ' +
      'an unknown statement; 409 when it is paid or its last attempt was not declined (nothing to retry).',
    access: 'admin',
    params: payoutIdParams,
    answers: { 200: { description: 'The statement, due now.', schema: adminStatementSchema } },
    errors: [404, 409],
  },
  refundStatement: {
    method: 'post',
    path: '/api/admin/billing/statements/{id}/refunds',
    summary: 'Refund all or part of what a paid statement charged, with a credit note',
    description:
      "The amount (integer minor units of the statement's currency, more than zero: cents, or whole yen for " +
      'JPY) goes back to the card through the payment provider; ' +
      'the refund is posted to the ledger, audited with the admin and the reason, and issues a credit note ' +
      '(CN-year-number) that the advertiser downloads beside the invoice and is told of. 400 for a bad amount ' +
      'or no reason; 404 for an unknown statement; 409 when it was not charged (unpaid, nothing due) or the ' +
      'amount is more than what is left to refund; 502 when the provider refused the refund (nothing changed).',
    access: 'admin',
    params: payoutIdParams,
    body: jsonBody(statementRefundRequestSchema),
    answers: { 201: { description: 'The credit note.', schema: creditNoteSchema } },
    errors: [400, 404, 409, 502],
  },
  getAdminCreditNote: {
    method: 'get',
    path: '/api/admin/billing/credit-notes/{id}.pdf',
    summary: "A refund's credit note, for the admin",
    description: 'In the advertiser’s language, as the advertiser downloads it. 404 for an unknown id.',
    access: 'admin',
    params: adminCreditNoteParams,
    answers: { 200: pdf('The credit note.') },
    errors: [404],
  },
  listAdminStatementEntries: {
    method: 'get',
    path: '/api/admin/billing/statements/{id}/entries',
    summary: 'The ad events a statement billed, and credits on it, newest first',
    description:
      'At most 200, each with its id (the ad event’s, to give its cost back), cost in E4 and whether it was ' +
      'credited already. 404 for an unknown statement.',
    access: 'admin',
    params: payoutIdParams,
    answers: { 200: { description: 'The entries.', schema: adminStatementEntriesSchema } },
    errors: [404],
  },
  getBillingAccount: {
    method: 'get',
    path: '/api/billing/account',
    summary: 'How the signed-in advertiser pays, and whether the account is suspended',
    description:
      "mode 'test' when no real money moves (every billing screen then says 'Test mode'); status " +
      "'suspended' with the reason after a statement's charge failed on every retry (campaigns paused).",
    access: 'signed-in',
    answers: { 200: { description: 'The account.', schema: billingAccountSchema } },
    errors: [],
  },
  listBillingInvoices: {
    method: 'get',
    path: '/api/billing/invoices',
    summary: "The signed-in advertiser's statements as the settings page lists them, newest period first",
    description:
      'Each with its charge (revenue plus the platform fee and tax) as amount, in units of its `currency`, ' +
      'and its credit notes with amountCents in minor units of it (whole yen for JPY); where the charge ' +
      'stands (the last decline while ' +
      'unpaid, and when it is tried again) and, once processed, its invoice number and invoiceUrl.',
    access: 'signed-in',
    answers: { 200: { description: 'The statements.', schema: billingInvoiceListSchema } },
    errors: [],
  },
  startPaymentMethodSetup: {
    method: 'post',
    path: '/api/billing/payment-method',
    summary: 'Start adding a card: Checkout in setup mode',
    description:
      "Answers the url to send the browser to: Stripe's hosted page, or the built-in test checkout page " +
      'without Stripe keys. Afterwards the browser returns to /advertiser/settings?payment-method=added.',
    access: 'signed-in',
    answers: { 200: { description: 'Where to go.', schema: paymentMethodSetupResponseSchema } },
    errors: [503],
  },
  getBillingDetails: {
    method: 'get',
    path: '/api/billing/details',
    summary: "Who the signed-in advertiser's invoices are made out to",
    description:
      'Legal name, address, country, tax id with its verification state, and the invoice language.',
    access: 'signed-in',
    answers: {
      200: { description: 'The details, null before the first save.', schema: billingDetailsResponseSchema },
    },
    errors: [],
  },
  saveBillingDetails: {
    method: 'put',
    path: '/api/billing/details',
    summary: "Save who the signed-in advertiser's invoices are made out to",
    description:
      'An EU VAT number is checked with VIES: 400 and nothing saved when VIES says it is not registered; ' +
      "saved as 'pending' (retried, VAT charged meanwhile) when VIES cannot be reached.",
    access: 'signed-in',
    body: jsonBody(billingDetailsRequestSchema),
    answers: { 200: { description: 'The saved details.', schema: billingDetailsSchema } },
    errors: [400],
  },
  removePaymentMethod: {
    method: 'delete',
    path: '/api/billing/payment-method',
    summary: 'Remove the saved card',
    description:
      'Detaches the card at the provider and forgets it; billing.payment-method-changed.v1 then limits the ' +
      "advertiser's campaigns to what is left of the trial credit. Answers the account without a card; 404 " +
      'when there is no card to remove.',
    access: 'signed-in',
    answers: { 200: { description: 'The account, without a card.', schema: billingAccountSchema } },
    errors: [404, 503],
  },
  receiveStripeWebhook: {
    method: 'post',
    path: '/api/billing/stripe/webhook',
    summary: "Stripe's webhook endpoint",
    description:
      'Verified with the signing secret on the raw body (Stripe-Signature), de-duplicated by event id and ' +
      'applied so that any order ends the same. Refused (400) without a valid signature, and always in test mode.',
    access: 'anyone',
    body: {
      contentType: 'application/json',
      schema: z.object({ id: z.string(), type: z.string() }).meta({ description: 'A Stripe event.' }),
      required: true,
    },
    answers: {
      200: { description: 'Received.', schema: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
    },
    errors: [400],
  },
  showTestCheckout: {
    method: 'get',
    path: '/api/billing/test-checkout/{sessionId}',
    summary: "The built-in test provider's checkout page (test mode only)",
    description:
      "Only without Stripe keys, and only for the session's own user. In the language of ?lang=, else the " +
      'i18nextLng cookie, else Accept-Language.',
    access: 'signed-in',
    params: checkoutParams,
    query: z.object({
      lang: z
        .enum(languages)
        .optional()
        .meta({ description: 'Language of the page; else cookie, then header.' }),
    }),
    answers: { 200: html('The page.') },
    errors: [404],
  },
  submitTestCheckout: {
    method: 'post',
    path: '/api/billing/test-checkout/{sessionId}',
    summary: 'Save a test card (test mode only)',
    description:
      '4242 4242 4242 4242 pays; 4000 0000 0000 0002 is saved and declined on every charge; other numbers, ' +
      'and an expiry that is unreadable or past, are refused with the page again (400), in its language.',
    access: 'signed-in',
    params: checkoutParams,
    body: {
      contentType: 'application/x-www-form-urlencoded',
      schema: z.object({
        cardNumber: z.string().max(40),
        expiry: z.string().max(9).meta({ description: 'MM / YY (or MM/YYYY), not in the past.' }),
        language: z.enum(languages).optional().meta({ description: 'The page shown again is in it.' }),
      }),
      required: true,
    },
    answers: {
      303: {
        description: 'Saved; back to the settings page.',
        headers: z.object({ Location: z.string().meta({ description: 'Where the browser goes next.' }) }),
      },
    },
    errors: [400, 404],
  },
});
