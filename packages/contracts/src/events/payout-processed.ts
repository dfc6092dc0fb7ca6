import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const payoutProcessedV1 = 'payout.processed.v1';

export const payoutProcessedV1DataSchema = z.object({
  payoutId: z.uuid(),
  advertiserId: z.uuid(),
  periodStart: z.iso.datetime({ offset: true }),
  periodEnd: z.iso.datetime({ offset: true }),
  totalImpressions: z.number().int().min(0),
  totalClicks: z.number().int().min(0),
  totalRevenue: z.number().min(0),
  platformFee: z.number().min(0),
  advertiserCharge: z.number().min(0),
  status: z.literal('processed'),
  processedAt: z.iso.datetime({ offset: true }),
});

export const payoutProcessedV1Schema = defineEventSchema(payoutProcessedV1, payoutProcessedV1DataSchema);
export type PayoutProcessedV1 = z.infer<typeof payoutProcessedV1Schema>;

/**
 * The same event with its money as integers of cents (minor units) of the statement's currency; billing
 * publishes this one. A statement rounds to cents, so no amount here has a fraction of a cent.
 */
export const payoutProcessedV2 = 'payout.processed.v2';

export const payoutProcessedV2DataSchema = payoutProcessedV1DataSchema
  .omit({ totalRevenue: true, platformFee: true, advertiserCharge: true })
  .extend({
    totalRevenueCents: z.number().int().min(0),
    platformFeeCents: z.number().int().min(0),
    advertiserChargeCents: z.number().int().min(0),
    /** ISO 4217, upper case, as the statement holds it. */
    currency: z.string().regex(/^[A-Z]{3}$/),
  });

export const payoutProcessedV2Schema = defineEventSchema(payoutProcessedV2, payoutProcessedV2DataSchema);
export type PayoutProcessedV2 = z.infer<typeof payoutProcessedV2Schema>;
