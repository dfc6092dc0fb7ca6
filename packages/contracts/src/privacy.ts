import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { dataRetentionPolicySchema, userConsentSchema } from './compliance.ts';

export { CONSENT_POLICY_VERSION, FIRST_CONSENT_POLICY_VERSION } from './consent-version.ts';

/** The cookie choices a person records (docs/product.md, Data: user consent's consentType). */
export const consentTypes = ['necessary', 'analytics', 'advertising'] as const;
export type ConsentType = (typeof consentTypes)[number];

/**
 * Where the choice was made: the banner, the preferences dialog, the account page, or this browser before the
 * person signed in (sent once they do, when their account has no choice yet).
 */
export const consentSourceSchema = z.enum(['banner', 'dialog', 'account', 'browser'], {
  error: 'The source must be banner, dialog, account or browser.',
});
export type ConsentSource = z.infer<typeof consentSourceSchema>;

const choice = (label: string) => z.boolean({ error: `${label} must be true or false.` });

/** PUT /api/me/consent: the signed-in person's cookie choice. */
export const putConsentRequestSchema = z
  .object({
    necessary: z.literal(true, { error: 'Necessary cookies are always on.' }).optional(),
    analytics: choice('Analytics'),
    advertising: choice('Advertising'),
    consentVersion: z
      .string({ error: 'The policy version must be text.' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The policy version must be a date like 2026-11-24.' }),
    source: consentSourceSchema,
    /**
     * The advertising id this browser held (the lf_ad_id cookie), sent with a withdrawal so the ad service
     * can drop what it counted under it even after the browser has removed the cookie.
     */
    adViewerId: z.uuid({ error: 'The advertising id is not valid.' }).nullable().optional(),
  })
  .strict();
export type PutConsentRequest = z.infer<typeof putConsentRequestSchema>;

/** GET and PUT /api/me/consent: the current choice and the policy version it was given to. */
export const consentStateSchema = z.object({
  /** Null when nothing is recorded, or the record has expired: the browser then asks. */
  consent: z
    .object({ necessary: z.literal(true), analytics: z.boolean(), advertising: z.boolean() })
    .nullable(),
  consentVersion: z.string().nullable(),
  /** CONSENT_POLICY_VERSION of the service: a recorded version older than this is asked again. */
  currentVersion: z.string(),
  recordedAt: isoDateTimeSchema.nullable(),
  expiresAt: isoDateTimeSchema.nullable(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

/** GET /api/me/consent/history: every record, newest first; a withdrawal is a record of its own. */
export const consentHistoryResponseSchema = z.object({ records: z.array(userConsentSchema) });
export type ConsentHistoryResponse = z.infer<typeof consentHistoryResponseSchema>;

/** What a policy does to its data once it is past its period. */
export const retentionActionSchema = z.enum(['delete', 'anonymise']);
export type RetentionAction = z.infer<typeof retentionActionSchema>;

/**
 * A data retention policy (docs/product.md, Data retention) with the service that holds its data and what it
 * does to it.
 */
export const retentionPolicySchema = dataRetentionPolicySchema.extend({
  service: z.string().min(1).max(30),
  action: retentionActionSchema,
  /** How many rows the last run deleted or anonymised. */
  lastCleanupCount: z.number().int().min(0).nullable(),
});
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;

export const retentionPoliciesResponseSchema = z.object({ policies: z.array(retentionPolicySchema) });
export type RetentionPoliciesResponse = z.infer<typeof retentionPoliciesResponseSchema>;

/** Ten years: a longer period is a mistake rather than a policy. */
export const MAX_RETENTION_DAYS = 3650;

/** PATCH /api/admin/retention-policies/{id}: an admin's change to a policy. */
export const updateRetentionPolicyRequestSchema = z
  .object({
    retentionPeriodDays: z
      .number({ error: 'The period must be a whole number of days.' })
      .int({ error: 'The period must be a whole number of days.' })
      .min(1, { error: 'The period must be at least 1 day.' })
      .max(MAX_RETENTION_DAYS, { error: `The period must be at most ${MAX_RETENTION_DAYS} days.` }),
    isActive: z.boolean({ error: 'Active must be true or false.' }),
    autoDeleteEnabled: z.boolean({ error: 'Automatic deletion must be true or false.' }),
    legalBasis: z
      .string({ error: 'The legal basis must be text.' })
      .trim()
      .min(1, { error: 'Enter the legal basis.' })
      .max(200, { error: 'The legal basis must be at most 200 characters.' }),
    jurisdiction: z
      .string({ error: 'The jurisdiction must be text.' })
      .trim()
      .min(1, { error: 'Enter the jurisdiction.' })
      .max(10, { error: 'The jurisdiction must be at most 10 characters.' }),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Send at least one field to change.' });
export type UpdateRetentionPolicyRequest = z.infer<typeof updateRetentionPolicyRequestSchema>;

/** A service's report of one retention run, to the policies' owner (identity's internal API). */
export const retentionRunReportSchema = z
  .object({
    service: z.string().min(1).max(30),
    runs: z
      .array(z.object({ dataType: z.string().min(1).max(60), affected: z.number().int().min(0) }).strict())
      .max(100),
  })
  .strict();
export type RetentionRunReport = z.infer<typeof retentionRunReportSchema>;
