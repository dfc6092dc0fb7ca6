import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { languages } from './constants/domain.ts';

/** The EU member states, by ISO 3166 code. */
export const euCountries = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU',
  'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore

export const isEuCountry = (country: string) => (euCountries as readonly string[]).includes(country);

/** A VAT number starts with its state's prefix: the ISO code, except Greece's EL. */
export const vatPrefixOf = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * What follows the prefix of each EU state's VAT number, and of the UK's, as the states publish their
 * formats: a check of the shape only (VIES says whether the number is registered).
 */
const vatBodyFormats: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  ES: /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  GB: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
};

/** Any other country's tax id is free text within this bound. */
export const maxTaxIdLength = 40;

export type TaxIdCheck = { ok: true; taxId: string; vat: boolean } | { ok: false };

/**
 * A tax id as written (spaces, dots and dashes allowed, prefix optional) checked against its country's
 * format. A VAT number comes back as one string with its prefix, such as FR40303265045; any other country's
 * id trimmed.
 */
export function checkTaxId(country: string, written: string): TaxIdCheck {
  const format = vatBodyFormats[country];
  if (!format) {
    const taxId = written.trim().replace(/\s+/g, ' ');
    const printable = /^[\p{L}\p{N} .\-/]+$/u.test(taxId);
    return taxId && taxId.length <= maxTaxIdLength && printable
      ? { ok: true, taxId, vat: false }
      : { ok: false };
  }
  const prefix = vatPrefixOf(country);
  let body = written.toUpperCase().replace(/[\s.-]/g, '');
  if (body.startsWith(prefix)) body = body.slice(prefix.length);
  return format.test(body) ? { ok: true, taxId: `${prefix}${body}`, vat: true } : { ok: false };
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .default('');

/**
 * PUT /api/billing/details: who the advertiser's invoices are made out to, and in which language. The tax id
 * is optional; when given it must have its country's format (an EU VAT number is then checked with VIES).
 */
export const billingDetailsRequestSchema = z
  .strictObject({
    legalName: text('Legal name', 200),
    addressLine1: text('Address', 200),
    addressLine2: optional('Address line 2', 200),
    postalCode: optional('Postal code', 20),
    city: text('City', 100),
    country: z
      .string({ error: 'Country is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter ISO code' }),
    taxId: optional('Tax id', maxTaxIdLength * 2),
    language: z.enum(languages, { error: `Language must be one of ${languages.join(', ')}` }).default('en'),
  })
  .transform((details, context) => {
    if (!details.taxId) return details;
    const check = checkTaxId(details.country, details.taxId);
    if (!check.ok) {
      context.addIssue({
        code: 'custom',
        path: ['taxId'],
        message:
          isEuCountry(details.country) || details.country === 'GB'
            ? `Tax id is not a VAT number of ${details.country} (${vatPrefixOf(details.country)} and its digits)`
            : `Tax id must be at most ${maxTaxIdLength} letters, digits, spaces, dots, dashes or slashes`,
      });
      return z.NEVER;
    }
    return { ...details, taxId: check.taxId };
  });
export type BillingDetailsRequest = z.infer<typeof billingDetailsRequestSchema>;
export type BillingDetailsForm = z.input<typeof billingDetailsRequestSchema>;

/**
 * Where the tax id stands: 'none' without one; 'recorded' for an id that is not an EU VAT number (its format
 * only is checked); 'pending' while VIES could not be reached (retried; the invoice charges VAT meanwhile);
 * 'verified' when VIES confirmed it; 'rejected' when a retry found it not registered (VAT charged).
 */
export const taxIdStatuses = ['none', 'recorded', 'pending', 'verified', 'rejected'] as const;
export type TaxIdStatus = (typeof taxIdStatuses)[number];

/** GET and PUT /api/billing/details: the saved details (GET answers null before the first save). */
export const billingDetailsSchema = z.object({
  legalName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  taxId: z.string(),
  language: z.enum(languages),
  taxIdStatus: z.enum(taxIdStatuses),
  taxIdCheckedAt: isoDateTimeSchema.nullable(),
  updatedAt: isoDateTimeSchema,
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;
export const billingDetailsResponseSchema = billingDetailsSchema.nullable();
