import { z } from 'zod';
import { maxLengths } from '../constants/domain.ts';
import { defineEventSchema } from './envelope.ts';

export const auditRecordedV1 = 'audit.recorded.v1';

/**
 * One action for the audit log (docs/product.md, Data: audit log), published by the service that made the
 * change (or refused it) and stored append-only by the ad service, which answers the admins' searches.
 */
export const auditRecordedV1DataSchema = z.object({
  userId: z.uuid().nullable(),
  advertiserId: z.uuid().nullable(),
  /** What was done, such as 'campaign.create' or 'moderation.reject'. */
  action: z.string().min(1).max(maxLengths.auditAction),
  /** What it was done to, such as 'campaign'. */
  resource: z.string().min(1).max(maxLengths.auditResource),
  resourceId: z.string().max(255).nullable(),
  ipAddress: z.string().max(maxLengths.ipAddress).nullable(),
  userAgent: z.string().max(1000).nullable(),
  endpoint: z.string().max(2048).nullable(),
  httpMethod: z.string().max(maxLengths.httpMethod).nullable(),
  oldData: z.unknown().nullable(),
  newData: z.unknown().nullable(),
  status: z.enum(['success', 'failure']),
  errorMessage: z.string().max(2000).nullable(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type AuditRecordedV1Data = z.infer<typeof auditRecordedV1DataSchema>;

export const auditRecordedV1Schema = defineEventSchema(auditRecordedV1, auditRecordedV1DataSchema);
export type AuditRecordedV1 = z.infer<typeof auditRecordedV1Schema>;
