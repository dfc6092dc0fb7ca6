import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const billingAccountSuspendedV1 = 'billing.account-suspended.v1';

/**
 * A statement's charge was declined on every attempt of its schedule: the ad service pauses the
 * advertiser's campaigns and shows why, until a payment goes through.
 */
export const billingAccountSuspendedV1DataSchema = z.object({
  advertiserId: z.uuid(),
  /** The advertiser's owner, when billing knows it. */
  userId: z.uuid().nullable(),
  statementId: z.uuid(),
  /** Why, in words the dashboard can show. */
  reason: z.string().max(500),
  /** The decline code of the last attempt, such as card_declined or no_payment_method. */
  failureCode: z.string().max(100),
  attempts: z.number().int().min(1),
  suspendedAt: z.iso.datetime({ offset: true }),
});

export const billingAccountSuspendedV1Schema = defineEventSchema(
  billingAccountSuspendedV1,
  billingAccountSuspendedV1DataSchema,
);
export type BillingAccountSuspendedV1 = z.infer<typeof billingAccountSuspendedV1Schema>;
