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
