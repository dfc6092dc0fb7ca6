import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { decimalLimits } from './constants/domain.ts';
import { nonNegativeE4Schema } from './money.ts';

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

export const placementKeys = ['home-sidebar', 'home-page', 'laundromat-detail'] as const;
export const placementKeySchema = z.enum(placementKeys, {
  error: `Placement must be one of ${placementKeys.join(', ')}`,
});
export type PlacementKey = z.infer<typeof placementKeySchema>;

const queryCoordinate = (name: string, limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: `${name} must be a number between -${limit} and ${limit}` })
      .min(-limit, { error: `${name} must be a number between -${limit} and ${limit}` })
      .max(limit, { error: `${name} must be a number between -${limit} and ${limit}` }),
  );

/** GET /api/ads: where the ad is to be shown, and near what. */
export const adDecisionQuerySchema = z
  .object({
    placement: placementKeySchema,
    latitude: queryCoordinate('latitude', 90).optional(),
    longitude: queryCoordinate('longitude', 180).optional(),
    laundromatId: idSchema.optional(),
    /**
     * The page view the slot belongs to (a random id the page makes once): no campaign fills two slots of
     * one page view, and a slot asking again in it keeps its campaign.
     */
    view: z.uuid({ error: 'view must be a page view id (a UUID)' }).optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    error: 'Latitude and longitude must be given together',
    path: ['longitude'],
  });
export type AdDecisionQuery = z.infer<typeof adDecisionQuerySchema>;

/** One served ad; `house` ads are the product's own ('Advertise here'), never counted or billed. */
export const servedAdSchema = z.object({
  /** Signed, short-lived and naming this one decision: sent back to count the impression. */
  token: z.string(),
  campaignId: idSchema.nullable(),
  placement: placementKeySchema,
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The advertiser's domain, as the ad shows it. */
  displayUrl: z.string(),
  /** Where a click goes: through /api/ads/click/{token}, which counts it and redirects. */
  clickUrl: z.string(),
  house: z.boolean(),
});
export type ServedAd = z.infer<typeof servedAdSchema>;

/** POST /api/ads/impressions: sent once the ad was at least half visible for one second. */
export const recordImpressionRequestSchema = z.object({
  token: z
    .string({ error: 'An ad token is required' })
    .min(1, { error: 'An ad token is required' })
    .max(2000),
});
export type RecordImpressionRequest = z.infer<typeof recordImpressionRequestSchema>;

export const analyticsGranularities = ['hour', 'day'] as const;

/** GET /api/campaigns/{id}/analytics: a window (at most 366 days; the last 30 days by default). */
export const campaignAnalyticsQuerySchema = z
  .object({
    from: isoDateTimeSchema.or(z.iso.date()).optional(),
    to: isoDateTimeSchema.or(z.iso.date()).optional(),
    granularity: z.enum(analyticsGranularities, { error: 'Granularity must be hour or day' }).default('day'),
  })
  .strict();
export type CampaignAnalyticsQuery = z.infer<typeof campaignAnalyticsQuerySchema>;

const counts = {
  impressions: z.number().int().min(0),
  clicks: z.number().int().min(0),
  /** Clicks per impression, 0 when nothing was shown. */
  ctr: z.number().min(0),
  /** The spend as a JSON number of currency units, for display. */
  spend: z.number().min(0),
  /** The same spend exactly, in E4 (ten-thousandths): what sums and the CSV are made from. */
  spendE4: nonNegativeE4Schema,
};

/**
 * What visitors did at a promoted laundromat's page after the ad's click (POST /api/ads/conversions), counted
 * once per click and kind; 0 for a campaign that promotes no laundromat. Counts only, nothing about anyone.
 */
export const campaignConversionsSchema = z.object({
  directions: z.number().int().min(0),
  call: z.number().int().min(0),
  website: z.number().int().min(0),
});
export type CampaignConversions = z.infer<typeof campaignConversionsSchema>;

export const campaignAnalyticsSchema = z.object({
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  granularity: z.enum(analyticsGranularities),
  totals: z.object({
    ...counts,
    invalid: z.number().int().min(0),
    conversions: campaignConversionsSchema,
  }),
  series: z.array(z.object({ period: isoDateTimeSchema, ...counts, conversions: campaignConversionsSchema })),
  byPlacement: z.array(z.object({ placement: z.string(), ...counts })),
  topCities: z.array(z.object({ city: z.string(), country: z.string(), ...counts })),
  topLaundromats: z.array(z.object({ laundromatId: idSchema, ...counts })),
  /**
   * Each creative's valid impressions and clicks in the window, the campaign's own content first (its id is
   * the campaign's); a creative since removed is still listed while it has counts in the window.
   */
  byCreative: z
    .array(
      z.object({
        creativeId: idSchema,
        title: z.string(),
        impressions: counts.impressions,
        clicks: counts.clicks,
        ctr: counts.ctr,
      }),
    )
    .default([]),
});
export type CampaignAnalytics = z.infer<typeof campaignAnalyticsSchema>;
