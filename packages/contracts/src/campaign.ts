import { z } from 'zod';
import {
  hasAtMostDecimals,
  idSchema,
  isoDateTimeSchema,
  optionalWebUrlSchema,
  webUrlSchema,
} from './common.ts';
import {
  campaignFormDefaults,
  campaignMinimums,
  campaignStatuses,
  decimalLimits,
} from './constants/domain.ts';

export const campaignStatusSchema = z.enum(campaignStatuses, {
  error: `Status must be one of ${campaignStatuses.join(', ')}`,
});
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** Form inputs may arrive as numeric strings; a blank or non-numeric value fails with the minimum's message. */
function budgetSchema(min: number, message: string, scale: number, max: number) {
  return z.coerce
    .number({ error: message })
    .min(min, { error: message })
    .max(max, { error: `Must be at most ${max}` })
    .refine((v) => hasAtMostDecimals(v, scale), { error: `Use at most ${scale} decimals` });
}

const dateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Must be a date (YYYY-MM-DD) or an ISO date-time',
});
const latitude = z.number().min(-90, { error: 'Latitude must be between -90 and 90' }).max(90, {
  error: 'Latitude must be between -90 and 90',
});
const longitude = z.number().min(-180, { error: 'Longitude must be between -180 and 180' }).max(180, {
  error: 'Longitude must be between -180 and 180',
});

/** POST /api/campaigns (spec §5); the server sets advertiser, impressions, clicks and spend. */
export const createCampaignRequestSchema = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, { error: 'Title is required' })
      .max(255, { error: 'Title must be at most 255 characters' }),
    description: z
      .string()
      .trim()
      .max(2000, { error: 'Description must be at most 2000 characters' })
      .default(''),
    imageUrl: optionalWebUrlSchema('Please enter a valid URL').default(''),
    targetUrl: z
      .string({ error: 'Please enter a valid URL' })
      .trim()
      .pipe(webUrlSchema('Please enter a valid URL')),
    totalBudget: budgetSchema(
      campaignMinimums.totalBudget,
      'Minimum budget is $10',
      2,
      decimalLimits.campaignMoney,
    ).default(campaignFormDefaults.totalBudget),
    dailyBudget: budgetSchema(
      campaignMinimums.dailyBudget,
      'Minimum daily budget is $1',
      2,
      decimalLimits.campaignMoney,
    ).default(campaignFormDefaults.dailyBudget),
    costPerClick: budgetSchema(
      campaignMinimums.costPerClick,
      'Minimum cost per click is $0.10',
      2,
      decimalLimits.campaignMoney,
    ).default(campaignFormDefaults.costPerClick),
    costPerImpression: budgetSchema(
      0,
      'Cost per impression must not be negative',
      4,
      decimalLimits.costPerImpression,
    ).optional(),
    status: campaignStatusSchema.default(campaignFormDefaults.status),
    startDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
    targetCountries: z.array(z.string().trim().min(1).max(100)).max(250).default([]),
    targetCities: z.array(z.string().trim().min(1).max(100)).max(500).default([]),
    radiusKm: z.number().positive({ error: 'Radius must be above 0 km' }).max(20_000).optional(),
    targetLatitude: latitude.optional(),
    targetLongitude: longitude.optional(),
  })
  .superRefine((c, ctx) => {
    if (c.startDate && c.endDate && Date.parse(c.endDate) < Date.parse(c.startDate)) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'End date must not be before the start date',
      });
    }
    if ((c.targetLatitude === undefined) !== (c.targetLongitude === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.targetLatitude === undefined ? 'targetLatitude' : 'targetLongitude'],
        message: 'Target latitude and longitude must be given together',
      });
    }
  });
export type CreateCampaignRequest = z.infer<typeof createCampaignRequestSchema>;
export type CreateCampaignForm = z.input<typeof createCampaignRequestSchema>;

export const campaignSchema = z.object({
  id: idSchema,
  advertiserId: idSchema,
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  targetUrl: z.string().nullable(),
  targetCountries: z.array(z.string()).default([]),
  targetCities: z.array(z.string()).default([]),
  radiusKm: z.number().nullable(),
  targetLatitude: z.number().nullable(),
  targetLongitude: z.number().nullable(),
  dailyBudget: z.number(),
  totalBudget: z.number(),
  costPerClick: z.number(),
  costPerImpression: z.number().nullable(),
  /** draft, active or paused at creation; moderation may set other values (shown in a destructive style). */
  status: z.string().min(1).max(20).default('draft'),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  totalImpressions: z.number().int().min(0).default(0),
  totalClicks: z.number().int().min(0).default(0),
  totalSpent: z.number().min(0).default(0),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

/** One row of GET /api/campaigns (spec §7). */
export const campaignListItemSchema = campaignSchema.pick({
  id: true,
  title: true,
  description: true,
  status: true,
  totalBudget: true,
  totalImpressions: true,
  totalClicks: true,
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;
export const campaignListResponseSchema = z.array(campaignListItemSchema);
