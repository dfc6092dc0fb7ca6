import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { payoutStatuses } from './constants/domain.ts';

export const payoutStatusSchema = z.enum(payoutStatuses);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

export const revenuePayoutSchema = z.object({
  id: idSchema,
  advertiserId: idSchema,
  periodStart: isoDateTimeSchema,
  periodEnd: isoDateTimeSchema,
  totalImpressions: z.number().int().min(0).default(0),
  totalClicks: z.number().int().min(0).default(0),
  totalRevenue: z.number().min(0).default(0),
  platformFee: z.number().min(0).default(0),
  advertiserCharge: z.number().min(0).default(0),
  /**
   * The statement's currency (ISO 4217, upper case), which every amount of it is in: totalRevenue,
   * platformFee and advertiserCharge in units of it, any *Cents field in its minor units (whole yen for JPY).
   */
  currency: z.string().length(3).default('USD'),
  status: payoutStatusSchema.default('pending'),
  stripePaymentIntentId: z.string().nullish(),
  stripeChargeId: z.string().nullish(),
  payoutNotes: z.string().nullable(),
  processedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema.optional(),
});
export type RevenuePayout = z.infer<typeof revenuePayoutSchema>;

/** One row of GET /api/payouts (docs/product.md, API calls). */
export const payoutListItemSchema = revenuePayoutSchema
  .pick({
    id: true,
    periodStart: true,
    periodEnd: true,
    totalImpressions: true,
    totalClicks: true,
    totalRevenue: true,
    currency: true,
    status: true,
  })
  .extend({
    /**
     * The same statement's fee and charge in minor units of `currency` (whole yen for JPY), exact: the
     * Payouts tab names each amount (spend, fee, charged) and its charged total is the one the invoice and
     * the ledger's statement show.
     */
    platformFeeCents: z.number().int().min(0),
    advertiserChargeCents: z.number().int().min(0),
  });
export type PayoutListItem = z.infer<typeof payoutListItemSchema>;
export const payoutListResponseSchema = z.array(payoutListItemSchema);

/** GET /api/analytics/revenue: money totals in units of the advertiser's currency, named by `currency`. */
export const revenueAnalyticsResponseSchema = z.object({
  totalRevenue: z.number().min(0),
  totalPayouts: z.number().min(0),
  pendingPayouts: z.number().min(0),
  processedPayouts: z.number().min(0),
  /** ISO 4217, upper case: the advertiser's billing currency (USD before any ad event). */
  currency: z.string().length(3).default('USD'),
});
export type RevenueAnalyticsResponse = z.infer<typeof revenueAnalyticsResponseSchema>;

/** Where a statement's charge stands: waiting for an attempt, declined on every attempt, paid, or nothing to pay. */
export const paymentStatusSchema = z.enum(['due', 'failed', 'paid', 'nothing_due']);

/**
 * GET /api/payouts/{id}: one statement in full. totalRevenue is the period's ad spend (its impressions and
 * clicks, rounded to the cent once, half up); platformFee is the configured rate of it, rounded half up;
 * advertiserCharge is their sum, what the card is charged. The invoice exists once it is processed.
 */
export const payoutDetailSchema = revenuePayoutSchema.extend({
  paymentStatus: paymentStatusSchema,
  invoiceNumber: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

/** POST /api/admin/billing/close-period: the periods it closed (none when nothing was left to bill). */
export const closePeriodResponseSchema = z.object({
  periods: z.array(z.object({ id: idSchema, periodStart: isoDateTimeSchema, periodEnd: isoDateTimeSchema })),
  statements: z.array(revenuePayoutSchema),
});
export type ClosePeriodResponse = z.infer<typeof closePeriodResponseSchema>;

/** POST /api/admin/billing/credits: gives an ad event's cost back (invalid traffic found after the fact). */
export const billingCreditRequestSchema = z.strictObject({
  adEventId: idSchema,
  reason: z.string().trim().min(1, { error: 'A reason is required' }).max(500),
});
export type BillingCreditRequest = z.infer<typeof billingCreditRequestSchema>;

export const billingCreditSchema = z.object({
  id: idSchema,
  adEventId: idSchema,
  advertiserId: idSchema,
  /** Units of `currency`, up to 4 decimals: the event's own cost. */
  amount: z.number().min(0),
  /** The same cost exactly, in ten-thousandths of the currency unit. */
  amountE4: z.number().int().min(0),
  /** ISO 4217, upper case: the currency the event was charged in, which the credit gives it back in. */
  currency: z.string().length(3).default('USD'),
  reason: z.string(),
  createdAt: isoDateTimeSchema,
});
export type BillingCredit = z.infer<typeof billingCreditSchema>;

/**
 * GET /api/billing/account: how the signed-in advertiser pays. mode 'test' means no real money moves (the
 * built-in test provider, or Stripe with a test key: `provider` says which), and every billing screen says
 * 'Test mode'. status
 * 'suspended' means a statement's charge failed on every retry and the campaigns are paused: the reason
 * says why, for the dashboard.
 */
export const billingAccountSchema = z.object({
  mode: z.enum(['test', 'live']),
  /** Who takes the payments: Stripe (with a test or a live key), or the built-in test provider without keys. */
  provider: z.enum(['stripe', 'test']),
  /** The saved card; its expiry (month 1–12, four-digit year) is null for a card saved without one. */
  paymentMethod: z
    .object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int().min(1).max(12).nullable(),
      expYear: z.number().int().nullable(),
    })
    .nullable(),
  status: z.enum(['active', 'suspended']),
  suspendedReason: z.string().nullable(),
  suspendedAt: isoDateTimeSchema.nullable(),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;

/**
 * One row of GET /api/billing/invoices, for the settings page: a statement with what is charged for it
 * (amount, in units of its `currency`: revenue plus the platform fee and tax), where its charge stands (with
 * the last decline while it is unpaid) and, once processed, its numbered invoice and where to download it.
 */
/** A refund of a statement and the credit note it issued (numbered in its own sequence, CN-year-number). */
export const creditNoteSchema = z.object({
  id: idSchema,
  number: z.string(),
  statementId: idSchema,
  /** The invoice it corrects. */
  invoiceNumber: z.string(),
  /** What was given back, in minor units of `currency` (a positive number; the note prints it negative). */
  amountCents: z.number().int().min(1),
  currency: z.string().length(3),
  reason: z.string(),
  createdAt: isoDateTimeSchema,
  /** Where its PDF downloads, for whoever reads the list (the admin's or the advertiser's path). */
  url: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const billingInvoiceSchema = z.object({
  id: idSchema,
  periodStart: isoDateTimeSchema,
  periodEnd: isoDateTimeSchema,
  /** What is charged, in units of `currency` (3.8 for $3.80, 14198 for ¥14,198). */
  amount: z.number().min(0),
  /** ISO 4217, upper case: the statement's currency. */
  currency: z.string(),
  status: payoutStatusSchema,
  paymentStatus: paymentStatusSchema,
  /** Charge attempts made so far, and when the next is due (null when none is scheduled). */
  attempts: z.number().int().min(0),
  nextAttemptAt: isoDateTimeSchema.nullable(),
  lastDecline: z
    .object({
      /** The provider's code: card_declined, insufficient_funds, no_payment_method... */
      code: z.string(),
      message: z.string(),
      at: isoDateTimeSchema.nullable(),
    })
    .nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  processedAt: isoDateTimeSchema.nullable(),
  /** The credit notes of refunds of this statement, the oldest first, each with its PDF's url. */
  creditNotes: z.array(creditNoteSchema),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;
export const billingInvoiceListSchema = z.array(billingInvoiceSchema);

/** POST /api/billing/payment-method: where to send the browser to add a card (Checkout in setup mode). */
export const paymentMethodSetupResponseSchema = z.object({ url: z.string() });
export type PaymentMethodSetupResponse = z.infer<typeof paymentMethodSetupResponseSchema>;
