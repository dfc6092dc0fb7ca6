import type { Request } from 'express';
import type { AuditContext } from '@laundry/platform/outbox';

/** Who asked and how, for the audit log; the address is the one the gateway signed, not a header. */
export function requestContext(req: Request): AuditContext {
  return {
    userId: req.user?.id ?? null,
    ipAddress: req.clientAddress ?? null,
    userAgent: req.get('user-agent') ?? null,
    endpoint: req.originalUrl.split('?')[0]!,
    httpMethod: req.method,
  };
}
