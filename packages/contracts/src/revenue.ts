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
  status: payoutStatusSchema.default('pending'),
  stripePaymentIntentId: z.string().nullish(),
  stripeChargeId: z.string().nullish(),
  payoutNotes: z.string().nullable(),
  processedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema.optional(),
});
export type RevenuePayout = z.infer<typeof revenuePayoutSchema>;

/** One row of GET /api/payouts (spec §7). */
export const payoutListItemSchema = revenuePayoutSchema.pick({
  id: true,
  periodStart: true,
  periodEnd: true,
  totalImpressions: true,
  totalClicks: true,
  totalRevenue: true,
  status: true,
});
export type PayoutListItem = z.infer<typeof payoutListItemSchema>;
export const payoutListResponseSchema = z.array(payoutListItemSchema);

/** GET /api/analytics/revenue: money totals in the advertiser's currency. */
export const revenueAnalyticsResponseSchema = z.object({
  totalRevenue: z.number().min(0),
  totalPayouts: z.number().min(0),
  pendingPayouts: z.number().min(0),
  processedPayouts: z.number().min(0),
});
export type RevenueAnalyticsResponse = z.infer<typeof revenueAnalyticsResponseSchema>;
