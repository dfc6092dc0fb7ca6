import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

export const auditLogSchema = z.object({
  id: idSchema,
  userId: idSchema.nullable(),
  advertiserId: idSchema.nullable(),
  action: z.string().min(1).max(100),
  resource: z.string().min(1).max(100),
  resourceId: z.string().nullable(),
  ipAddress: z.string().max(45).nullable(),
  userAgent: z.string().nullable(),
  endpoint: z.string().nullable(),
  httpMethod: z.string().max(10).nullable(),
  oldData: z.unknown().nullable(),
  newData: z.unknown().nullable(),
  status: z.string().max(20).default('success'),
  errorMessage: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const dataRetentionPolicySchema = z.object({
  id: idSchema,
  dataType: z.string().min(1),
  retentionPeriodDays: z.number().int().min(0),
  isActive: z.boolean().default(true),
  jurisdiction: z.string().max(10).nullable(),
  legalBasis: z.string().nullable(),
  autoDeleteEnabled: z.boolean().default(false),
  lastCleanupRun: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type DataRetentionPolicy = z.infer<typeof dataRetentionPolicySchema>;

export const userConsentSchema = z.object({
  id: idSchema,
  userId: idSchema,
  consentType: z.string().min(1),
  hasConsented: z.boolean(),
  consentVersion: z.string().nullable(),
  legalBasis: z.string().nullable(),
  jurisdiction: z.string().nullable(),
  ipAddress: z.string().max(45).nullable(),
  userAgent: z.string().nullable(),
  consentSource: z.string().nullable(),
  expiresAt: isoDateTimeSchema.nullable(),
  withdrawnAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type UserConsent = z.infer<typeof userConsentSchema>;

/** The cookie choice stored in the browser (docs/product.md, Behaviour); necessary is always on. */
export const cookieConsentSchema = z.object({
  necessary: z.literal(true).default(true),
  analytics: z.boolean().default(false),
  advertising: z.boolean().default(false),
});
export type CookieConsent = z.infer<typeof cookieConsentSchema>;
