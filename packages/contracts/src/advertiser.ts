import { z } from 'zod';
import { idSchema, isoDateTimeSchema, optionalWebUrlSchema } from './common.ts';
import { advertiserIndustries } from './constants/domain.ts';
import { nonNegativeE4Schema } from './money.ts';
import { advertiserRoles } from './advertiser-team.ts';
import { billingCurrencySchema } from './billing-currency.ts';

const industryMessage = `Industry must be one of ${advertiserIndustries.join(', ')}`;
export const advertiserIndustrySchema = z.enum(advertiserIndustries, { error: industryMessage });
export type AdvertiserIndustry = z.infer<typeof advertiserIndustrySchema>;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .default('');

/** POST /api/advertisers (docs/product.md, Validation); the owner is the signed-in user. */
export const createAdvertiserRequestSchema = z.object({
  businessName: z
    .string({ error: 'Business name is required' })
    .trim()
    .min(1, { error: 'Business name is required' })
    .max(255, { error: 'Business name must be at most 255 characters' }),
  industry: z
    .union([z.literal(''), advertiserIndustrySchema], { error: industryMessage })
    .optional()
    .default(''),
  description: optionalText('Description', 2000),
  website: optionalWebUrlSchema('Please enter a valid website URL').default(''),
  contactEmail: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email address' }).max(254)),
  contactPhone: optionalText('Contact phone', 50),
  businessAddress: optionalText('Business address', 500),
  /**
   * The currency of every budget, bid, statement and charge (billing-currency.ts); chosen at setup, it can
   * change only while the advertiser has no campaign. Absent means the one already chosen (USD at setup).
   */
  billingCurrency: billingCurrencySchema.optional(),
});
export type CreateAdvertiserRequest = z.infer<typeof createAdvertiserRequestSchema>;
export type CreateAdvertiserForm = z.input<typeof createAdvertiserRequestSchema>;

export const advertiserSchema = z.object({
  id: idSchema,
  userId: idSchema,
  businessName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  website: z.string().nullable(),
  industry: advertiserIndustrySchema.nullable(),
  description: z.string().nullable(),
  businessAddress: z.string().nullable(),
  billingCurrency: billingCurrencySchema.default('USD'),
  isVerified: z.boolean().default(false),
  isActive: z.boolean().default(true),
  stripeCustomerId: z.string().nullish(),
  stripeAccountId: z.string().nullish(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Advertiser = z.infer<typeof advertiserSchema>;

/** PUT /api/advertisers/me (the settings page): the same fields and rules as creating the profile. */
export const updateAdvertiserRequestSchema = createAdvertiserRequestSchema;
export type UpdateAdvertiserRequest = CreateAdvertiserRequest;

/** Where the advertiser's business verification stands (docs/product.md, Data: advertiser verification). */
export const verificationStates = ['none', 'pending', 'verified', 'rejected'] as const;
export type VerificationState = (typeof verificationStates)[number];

/**
 * GET /api/advertisers/me and the answers of POST and PUT: the profile with what the dashboard and settings
 * show beside it. An unverified advertiser may spend at most `spendingCap` (dollars) in all; null when verified.
 */
export const advertiserProfileSchema = advertiserSchema.extend({
  verificationStatus: z.enum(verificationStates),
  spendingCap: z.number().min(0).nullable(),
  /** The signed-in person's role on this account: its owner, or a team member's (advertiser-team.ts). */
  role: z.enum(advertiserRoles),
});
export type AdvertiserProfile = z.infer<typeof advertiserProfileSchema>;
/** GET /api/advertisers/me: the profile, or null when the user has none. */
export const currentAdvertiserResponseSchema = advertiserProfileSchema.nullable();

/** Why an advertiser's campaigns are held back from serving (null in the answer when nothing holds them). */
export const servingHolds = ['email_unverified', 'payment_method_required'] as const;
export type ServingHoldReason = (typeof servingHolds)[number];

/**
 * GET /api/advertisers/me/serving: whether the advertiser's campaigns may run, and if not why. Ads run once
 * the account's e-mail address is verified and a payment method is on file; without one, only until what the
 * campaigns accrued reaches the trial credit. Amounts are exact integers of ten-thousandths of a dollar.
 */
export const advertiserServingSchema = z.object({
  hold: z.enum(servingHolds).nullable(),
  emailVerified: z.boolean(),
  hasPaymentMethod: z.boolean(),
  trialCreditE4: nonNegativeE4Schema,
  /** What the campaigns accrued in all, counted against the trial credit while no payment method is on file. */
  accruedE4: nonNegativeE4Schema,
});
export type AdvertiserServing = z.infer<typeof advertiserServingSchema>;
