import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { auditRecordedV1DataSchema } from './events/audit-recorded.ts';

/** One entry of the audit log as GET /api/admin/audit answers it. */
export const auditEntrySchema = auditRecordedV1DataSchema.omit({ occurredAt: true }).extend({
  id: idSchema,
  createdAt: isoDateTimeSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageLimits = { default: 50, max: 200 } as const;

const optionalFilter = (max: number) => z.string().trim().min(1).max(max).optional();

/** GET /api/admin/audit: every filter optional; newest first, a page at a time. */
export const auditQuerySchema = z
  .object({
    /** Words found in the action, resource, resource id, endpoint or error message. */
    q: optionalFilter(200),
    action: optionalFilter(100),
    resource: optionalFilter(100),
    resourceId: optionalFilter(255),
    userId: idSchema.optional(),
    advertiserId: idSchema.optional(),
    status: z.enum(['success', 'failure'], { error: 'Status must be success or failure' }).optional(),
    from: isoDateTimeSchema.optional(),
    to: isoDateTimeSchema.optional(),
    /** The `before` of the previous page's last entry. */
    before: z.string().trim().max(200).optional(),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int({ error: 'Limit must be a whole number' })
      .min(1, { error: 'Limit must be at least 1' })
      .max(auditPageLimits.max, { error: `Limit must be at most ${auditPageLimits.max}` })
      .default(auditPageLimits.default),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
