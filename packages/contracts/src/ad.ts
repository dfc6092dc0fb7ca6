import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { decimalLimits } from './constants/domain.ts';

export const adEventTypes = ['impression', 'click'] as const;
export const adEventTypeSchema = z.enum(adEventTypes, { error: "eventType must be 'impression' or 'click'" });
export type AdEventType = z.infer<typeof adEventTypeSchema>;

export const adPlacementSchema = z.object({
  id: idSchema,
  name: z.string().min(1).max(255),
  description: z.string().nullable(),
  placementType: z.string().min(1).max(50),
  position: z.string().nullable(),
  width: z.number().int().min(0).nullable(),
  height: z.number().int().min(0).nullable(),
  isResponsive: z.boolean().default(true),
  basePrice: z.number().min(0).nullable(),
  premiumMultiplier: z.number().min(0).max(decimalLimits.placementMultiplier).default(1),
  isActive: z.boolean().default(true),
  createdAt: isoDateTimeSchema.optional(),
});
export type AdPlacement = z.infer<typeof adPlacementSchema>;

export const adEventSchema = z.object({
  id: idSchema,
  campaignId: idSchema,
  placementId: idSchema.nullable(),
  eventType: adEventTypeSchema,
  userId: idSchema.nullable(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().max(45).nullable(),
  userLatitude: z.number().min(-90).max(90).nullable(),
  userLongitude: z.number().min(-180).max(180).nullable(),
  userCity: z.string().nullable(),
  userCountry: z.string().nullable(),
  referrerUrl: z.string().nullable(),
  pageUrl: z.string().nullable(),
  laundromatId: idSchema.nullable(),
  cost: z.number().min(0).nullable(),
  revenue: z.number().min(0).nullable(),
  createdAt: isoDateTimeSchema,
});
export type AdEvent = z.infer<typeof adEventSchema>;

/** What the browser reports for a served ad; the server adds identity, IP, user agent and the price. */
export const recordAdEventRequestSchema = z.object({
  campaignId: idSchema,
  placementId: idSchema.optional(),
  eventType: adEventTypeSchema,
  laundromatId: idSchema.optional(),
  pageUrl: z.string().max(2048).optional(),
  referrerUrl: z.string().max(2048).optional(),
  userLatitude: z.number().min(-90).max(90).optional(),
  userLongitude: z.number().min(-180).max(180).optional(),
});
export type RecordAdEventRequest = z.infer<typeof recordAdEventRequestSchema>;
