import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const billingPaymentMethodChangedV1 = 'billing.payment-method-changed.v1';

/**
 * A user's payment method was saved (the test provider's card counts) or is gone. The ad service serves
 * campaigns beyond the trial credit only while one is on file. `changedAt` orders the changes: a consumer
 * keeps the latest, so a late redelivery of an older change never undoes a newer one.
 */
export const billingPaymentMethodChangedV1DataSchema = z.object({
  userId: z.uuid(),
  hasPaymentMethod: z.boolean(),
  changedAt: z.iso.datetime({ offset: true }),
});

export const billingPaymentMethodChangedV1Schema = defineEventSchema(
  billingPaymentMethodChangedV1,
  billingPaymentMethodChangedV1DataSchema,
);
export type BillingPaymentMethodChangedV1 = z.infer<typeof billingPaymentMethodChangedV1Schema>;
