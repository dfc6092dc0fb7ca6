import {
  advertiserIndustries,
  createAdvertiserRequestSchema,
  type Advertiser,
  type CreateAdvertiserRequest,
} from '@laundry/contracts';
import { billingCurrencyOf, type BillingCurrency } from './currency.ts';
import { fieldErrorsOf, issuePath, type FieldErrors } from './validation-messages.ts';

export const profileFields = [
  'businessName',
  'industry',
  'description',
  'website',
  'contactEmail',
  'contactPhone',
  'businessAddress',
  'billingCurrency',
] as const;
export type ProfileField = (typeof profileFields)[number];

/** What the inputs hold: text as typed; '' is an industry not chosen. */
export type ProfileFormValues = Record<ProfileField, string>;

export { advertiserIndustries };

/**
 * docs/product.md, Validation: every field starts empty but the billing currency, which starts as the one
 * proposed (the browser's region's, see currency.ts).
 */
export function emptyProfileValues(currency: BillingCurrency = 'USD'): ProfileFormValues {
  return {
    businessName: '',
    industry: '',
    description: '',
    website: '',
    contactEmail: '',
    contactPhone: '',
    businessAddress: '',
    billingCurrency: currency,
  };
}

/** The settings page starts from the stored profile; what the server holds as null is an empty box. */
export function profileValuesFrom(profile: Advertiser): ProfileFormValues {
  return {
    businessName: profile.businessName,
    industry: profile.industry ?? '',
    description: profile.description ?? '',
    website: profile.website ?? '',
    contactEmail: profile.contactEmail,
    contactPhone: profile.contactPhone ?? '',
    businessAddress: profile.businessAddress ?? '',
    billingCurrency: billingCurrencyOf(profile),
  };
}

export type ProfileValidation =
  { ok: true; request: CreateAdvertiserRequest } | { ok: false; errors: FieldErrors };

/**
 * Checked with the schema the ad service uses (docs/product.md, Validation), so the messages are the same on
 * both sides.
 */
export function validateProfileForm(values: ProfileFormValues): ProfileValidation {
  const result = createAdvertiserRequestSchema.safeParse(values);
  if (result.success) return { ok: true, request: result.data };
  return {
    ok: false,
    errors: fieldErrorsOf(
      result.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })),
    ),
  };
}

/**
 * What PUT /api/advertisers/me sends: the billing currency only when it changes, so an advertiser whose
 * currency is fixed by a campaign still saves the rest of the profile.
 */
export function profileUpdateOf(
  request: CreateAdvertiserRequest,
  profile: { billingCurrency?: string | null },
): CreateAdvertiserRequest {
  if (request.billingCurrency !== billingCurrencyOf(profile)) return request;
  const { billingCurrency: _unchanged, ...rest } = request;
  return rest;
}
