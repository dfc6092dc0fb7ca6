import { z } from 'zod';
import { hasAtMostDecimals, idSchema, isoDateTimeSchema, webUrlSchema } from './common.ts';
import {
  campaignFormDefaults,
  campaignLifecycleStatuses,
  campaignStatuses,
  decimalLimits,
  moderationStatuses,
  targetingLimits,
} from './constants/domain.ts';
import { isCountryCode } from './constants/countries.ts';
import {
  billingCurrencySchema,
  campaignMoneyRules,
  formatUnits,
  type BillingCurrency,
} from './billing-currency.ts';
import {
  campaignImageSchema,
  campaignScheduleSchema,
  creativeSchema,
  creativesInputSchema,
} from './campaign-creatives.ts';

export * from './campaign-creatives.ts';

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
    .refine((v) => hasAtMostDecimals(v, scale), {
      error:
        scale === 0 ? 'Use a whole amount: this currency has no decimals' : `Use at most ${scale} decimals`,
    });
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

const countryCodeSchema = z
  .string({ error: 'Country must be a two-letter ISO code' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, {
    error: (issue) => `Unknown country code '${String(issue.input)}' (use ISO codes such as US, GB, FR)`,
  });

/**
 * The fields an advertiser writes, shared by creating and editing a campaign. Budgets and bids are in the
 * advertiser's billing currency, so their minimums, defaults and decimals are that currency's
 * (billing-currency.ts): a yen budget is whole yen of at least ¥1,500.
 */
function campaignFieldsFor(currency: BillingCurrency) {
  const { minimums, defaults, decimals } = campaignMoneyRules[currency];
  const money = (units: number) => formatUnits(units, currency);
  return z.object({
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
    imageUrl: campaignImageSchema.optional().default(''),
    targetUrl: z
      .string({ error: 'Please enter a valid URL' })
      .trim()
      .pipe(webUrlSchema('Please enter a valid URL')),
    totalBudget: budgetSchema(
      minimums.totalBudget,
      `Minimum budget is ${money(minimums.totalBudget)}`,
      decimals.budget,
      decimalLimits.campaignMoney,
    ).default(defaults.totalBudget),
    dailyBudget: budgetSchema(
      minimums.dailyBudget,
      `Minimum daily budget is ${money(minimums.dailyBudget)}`,
      decimals.budget,
      decimalLimits.campaignMoney,
    ).default(defaults.dailyBudget),
    costPerClick: budgetSchema(
      minimums.costPerClick,
      `Minimum cost per click is ${money(minimums.costPerClick)}`,
      decimals.budget,
      decimalLimits.campaignMoney,
    ).default(defaults.costPerClick),
    costPerImpression: budgetSchema(
      0,
      'Cost per impression must not be negative',
      decimals.costPerImpression,
      decimalLimits.costPerImpression,
    ).optional(),
    status: campaignStatusSchema.default(campaignFormDefaults.status),
    startDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
    targetCountries: z
      .array(countryCodeSchema)
      .max(targetingLimits.countries, { error: `Target at most ${targetingLimits.countries} countries` })
      .default([]),
    /** Names the gazetteer knows ('Paris' or 'Paris, FR'); the ad service refuses a typo with a suggestion. */
    targetCities: z
      .array(z.string().trim().min(1, { error: 'A city name is empty' }).max(100))
      .max(targetingLimits.cities, { error: `Target at most ${targetingLimits.cities} cities` })
      .default([]),
    radiusKm: z
      .number({ error: 'Radius must be a number' })
      .positive({ error: 'Radius must be above 0 km' })
      .max(targetingLimits.maxRadiusKm, { error: `Radius must be at most ${targetingLimits.maxRadiusKm} km` })
      .optional(),
    targetLatitude: latitude.optional(),
    targetLongitude: longitude.optional(),
    /** At most this many impressions a day to one viewer (who gave advertising consent or is signed in). */
    frequencyCap: z
      .number({ error: 'Frequency cap must be a whole number' })
      .int({ error: 'Frequency cap must be a whole number' })
      .min(1, { error: 'Frequency cap must be at least 1' })
      .max(1000, { error: 'Frequency cap must be at most 1000' })
      .optional(),
    /** Up to four creatives besides the campaign's own content; serving rotates among the approved ones. */
    creatives: creativesInputSchema,
    /** The weekly hours it may serve in; none (or null) is always. */
    schedule: campaignScheduleSchema.nullable().optional(),
  });
}

type CampaignFields = z.infer<ReturnType<typeof campaignFieldsFor>>;

function checkCampaign(c: Omit<CampaignFields, 'status'>, ctx: z.RefinementCtx): void {
  if (c.startDate && c.endDate && Date.parse(c.endDate) < Date.parse(c.startDate)) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'End date must not be before the start date',
    });
  }
  if (c.dailyBudget > c.totalBudget) {
    ctx.addIssue({
      code: 'custom',
      path: ['dailyBudget'],
      message: 'Daily budget must not be more than the total budget',
    });
  }
  // A point and its radius make one target area; half of one is a mistake, not a wider target.
  const area = [c.targetLatitude, c.targetLongitude, c.radiusKm].filter((v) => v !== undefined).length;
  if (area !== 0 && area !== 3) {
    const missing =
      c.targetLatitude === undefined
        ? 'targetLatitude'
        : c.targetLongitude === undefined
          ? 'targetLongitude'
          : 'radiusKm';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'A target area needs a latitude, a longitude and a radius',
    });
  }
  const uniqueCities = new Set(c.targetCities.map((city) => city.toLowerCase()));
  if (uniqueCities.size !== c.targetCities.length) {
    ctx.addIssue({ code: 'custom', path: ['targetCities'], message: 'A city is listed twice' });
  }
}

const createSchemas = new Map<BillingCurrency, ReturnType<typeof buildCreateSchema>>();
const updateSchemas = new Map<BillingCurrency, ReturnType<typeof buildUpdateSchema>>();
const buildCreateSchema = (currency: BillingCurrency) =>
  campaignFieldsFor(currency).superRefine(checkCampaign);
const buildUpdateSchema = (currency: BillingCurrency) =>
  campaignFieldsFor(currency).omit({ status: true }).superRefine(checkCampaign);

/** POST /api/campaigns for an advertiser billed in `currency`; the server sets advertiser, counts and spend. */
export function createCampaignRequestSchemaFor(currency: BillingCurrency) {
  let schema = createSchemas.get(currency);
  if (!schema) createSchemas.set(currency, (schema = buildCreateSchema(currency)));
  return schema;
}

/** PUT /api/campaigns/{id} for an advertiser billed in `currency`: the whole campaign as the edit page sends it. */
export function updateCampaignRequestSchemaFor(currency: BillingCurrency) {
  let schema = updateSchemas.get(currency);
  if (!schema) updateSchemas.set(currency, (schema = buildUpdateSchema(currency)));
  return schema;
}

/**
 * POST /api/campaigns (docs/product.md, Validation) in US dollars, the default billing currency; the server
 * sets advertiser, impressions, clicks and spend.
 */
export const createCampaignRequestSchema = createCampaignRequestSchemaFor('USD');
export type CreateCampaignRequest = z.infer<typeof createCampaignRequestSchema>;
export type CreateCampaignForm = z.input<typeof createCampaignRequestSchema>;

/**
 * PUT /api/campaigns/{id} in US dollars: the whole campaign as the edit page sends it; its status changes
 * through POST /api/campaigns/{id}/status instead.
 */
export const updateCampaignRequestSchema = updateCampaignRequestSchemaFor('USD');
export type UpdateCampaignRequest = z.infer<typeof updateCampaignRequestSchema>;
export type UpdateCampaignForm = z.input<typeof updateCampaignRequestSchema>;

/** POST /api/campaigns/{id}/status: active ⇄ paused, either → ended; a draft starts with active. */
export const changeCampaignStatusRequestSchema = z.object({
  status: z.enum(['active', 'paused', 'ended'], { error: 'Status must be one of active, paused, ended' }),
});
export type ChangeCampaignStatusRequest = z.infer<typeof changeCampaignStatusRequestSchema>;

export const campaignLifecycleStatusSchema = z.enum(campaignLifecycleStatuses);
export type CampaignLifecycleStatus = z.infer<typeof campaignLifecycleStatusSchema>;
export const moderationStatusSchema = z.enum(moderationStatuses);
export type ModerationStatus = z.infer<typeof moderationStatusSchema>;

/**
 * One finding of the automatic content check: the English reason, and the rule's code with what it names so
 * the advertiser's page can say it in their language (a finding stored before codes existed has none).
 */
export const campaignFindingSchema = z.object({
  field: z.enum(['title', 'description', 'imageUrl', 'targetUrl']),
  /** Which further creative it is about (1 the first of `creatives`); absent for the campaign's own content. */
  creative: z.number().int().min(1).optional(),
  reason: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
});
export type CampaignFinding = z.infer<typeof campaignFindingSchema>;

/**
 * A change to what visitors see (title, description, image, link) of a campaign that has an approved
 * version: it waits for review while the approved version keeps serving. pending while it waits; rejected or
 * changes_requested when an admin said no, with their note. The advertiser may edit it again or withdraw it.
 */
export const campaignPendingChangeSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  targetUrl: z.string(),
  creatives: z.array(creativeSchema).default([]),
  status: z.enum(['pending', 'rejected', 'changes_requested']),
  note: z.string().nullable(),
  findings: z.array(campaignFindingSchema),
  updatedAt: isoDateTimeSchema,
});
export type CampaignPendingChange = z.infer<typeof campaignPendingChangeSchema>;

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
  frequencyCap: z.number().int().nullable(),
  /** The approved further creatives, which serve beside the campaign's own content. */
  creatives: z.array(creativeSchema).default([]),
  schedule: campaignScheduleSchema.nullable().default(null),
  /** The advertiser's billing currency, which every amount of the campaign is in. */
  currency: billingCurrencySchema.default('USD'),
  dailyBudget: z.number(),
  totalBudget: z.number(),
  costPerClick: z.number(),
  costPerImpression: z.number().nullable(),
  /** draft, active or paused at creation; ended after its end date or when the advertiser ends it. */
  status: campaignLifecycleStatusSchema,
  /**
   * Only an approved campaign is served; the others show why in a destructive style (docs/product.md, Pages).
   */
  moderationStatus: moderationStatusSchema,
  /** The admin's rejection reason or the changes asked for; null otherwise. */
  moderationNote: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  totalImpressions: z.number().int().min(0).default(0),
  totalClicks: z.number().int().min(0).default(0),
  totalSpent: z.number().min(0).default(0),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  /** The waiting change to the visible content, while the approved version serves; null when none. */
  pendingChange: campaignPendingChangeSchema.nullable().default(null),
  /** Why the campaign's own content waits or was refused (its newest review's findings); empty when approved. */
  reviewFindings: z.array(campaignFindingSchema).default([]),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** One row of GET /api/campaigns (docs/product.md, API calls). */
export const campaignListItemSchema = campaignSchema.pick({
  id: true,
  title: true,
  description: true,
  status: true,
  totalBudget: true,
  currency: true,
  totalImpressions: true,
  totalClicks: true,
  moderationStatus: true,
  moderationNote: true,
  startDate: true,
  endDate: true,
  dailyBudget: true,
  costPerClick: true,
  totalSpent: true,
  createdAt: true,
  pendingChange: true,
  reviewFindings: true,
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;
export const campaignListResponseSchema = z.array(campaignListItemSchema);
