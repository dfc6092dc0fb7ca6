import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { creditNoteSchema, paymentStatusSchema } from './revenue.ts';

/**
 * The admin console's billing section: every advertiser's statements, the charges that were declined, and
 * the ad events a statement billed (to give one back). Money is in integers: cents for what a statement
 * charges, E4 (ten-thousandths of the currency unit) for a ledger entry, with the ISO currency beside it.
 */

export const adminStatementPageLimits = { default: 20, max: 100 } as const;

/** GET /api/admin/billing/statements: newest period first, optionally of one charge state, a page at a time. */
export const adminStatementQuerySchema = z.strictObject({
  state: paymentStatusSchema
    .optional()
    .meta({ description: "Where the statement's charge stands: due, failed, paid or nothing_due." }),
  /** The previous page's `nextCursor`. */
  cursor: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'The cursor is not one this list gave' })
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be at least 1' })
    .max(adminStatementPageLimits.max, { error: `Limit must be at most ${adminStatementPageLimits.max}` })
    .default(adminStatementPageLimits.default),
});
export type AdminStatementQuery = z.infer<typeof adminStatementQuerySchema>;

/** The last declined attempt of a statement still unpaid. */
export const chargeDeclineSchema = z.object({
  /** The provider's code: card_declined, insufficient_funds, no_payment_method... */
  code: z.string(),
  message: z.string(),
  at: isoDateTimeSchema.nullable(),
});

export const maxRefundReasonLength = 500;

/**
 * POST /api/admin/billing/statements/{id}/refunds: part or all of what a paid statement charged, back to the
 * card, in minor units of the statement's currency, with the reason the credit note and the audit log keep.
 */
export const statementRefundRequestSchema = z.strictObject({
  amountCents: z
    .number({ error: 'The amount must be a number of cents' })
    .int({ error: 'The amount must be a whole number of cents' })
    .min(1, { error: 'The amount must be more than zero' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'The amount is too large' }),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, { error: 'A reason is required' })
    .max(maxRefundReasonLength, { error: `The reason must be at most ${maxRefundReasonLength} characters` }),
});
export type StatementRefundRequest = z.infer<typeof statementRefundRequestSchema>;

export const adminStatementSchema = z.object({
  id: idSchema,
  advertiserId: idSchema,
  /** The legal name on the advertiser's billing details; null before they were saved. */
  advertiserName: z.string().nullable(),
  periodStart: isoDateTimeSchema,
  periodEnd: isoDateTimeSchema,
  /** pending until paid (or nothing was due), then processed with its invoice number. */
  status: z.enum(['pending', 'processed']),
  state: paymentStatusSchema,
  /** What the card is charged (spend, fee and tax), in minor units of `currency`. */
  chargeCents: z.number().int().min(0),
  currency: z.string().length(3),
  attempts: z.number().int().min(0),
  /** When the next charge attempt is due; null when none is scheduled. */
  nextAttemptAt: isoDateTimeSchema.nullable(),
  lastDecline: chargeDeclineSchema.nullable(),
  invoiceNumber: z.string().nullable(),
  /** What refunds gave back so far, in minor units; never more than chargeCents. */
  refundedCents: z.number().int().min(0),
  /** The credit notes of its refunds, the oldest first. */
  creditNotes: z.array(creditNoteSchema),
  createdAt: isoDateTimeSchema,
});
export type AdminStatement = z.infer<typeof adminStatementSchema>;

export const adminStatementPageSchema = z.object({
  statements: z.array(adminStatementSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminStatementPage = z.infer<typeof adminStatementPageSchema>;

/** GET /api/admin/billing/failed-charges: unpaid statements whose last attempt was declined. */
export const failedChargeListSchema = z.object({
  charges: z.array(adminStatementSchema.extend({ lastDecline: chargeDeclineSchema })),
});
export type FailedChargeList = z.infer<typeof failedChargeListSchema>;

/** One ledger entry of a statement: an ad event it billed, or a credit that gave one back. */
export const adminStatementEntrySchema = z.object({
  /** The ad event's id (what POST /api/admin/billing/credits takes), or the credit's own id. */
  sourceId: idSchema,
  kind: z.enum(['impression', 'click', 'credit']),
  campaignId: idSchema.nullable(),
  /** Its cost, in ten-thousandths of the currency unit. */
  amountE4: z.number().int().min(0),
  occurredAt: isoDateTimeSchema,
  /** An ad event given back already (credited once at most); a credit's reason. */
  credited: z.boolean(),
  note: z.string().nullable(),
});
export const adminStatementEntriesSchema = z.object({
  currency: z.string().length(3),
  entries: z.array(adminStatementEntrySchema),
  /** More entries than the list holds (it shows the newest). */
  truncated: z.boolean(),
});
export type AdminStatementEntry = z.infer<typeof adminStatementEntrySchema>;
export type AdminStatementEntries = z.infer<typeof adminStatementEntriesSchema>;

export const adminStatementEntryLimit = 200;
