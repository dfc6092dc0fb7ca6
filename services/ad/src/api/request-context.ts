import type { Request, RequestHandler } from 'express';
import { toErrorResponse, type Db, type Outbox } from '@laundry/platform';
import { auditFailure, type AuditChange, type AuditContext } from '@laundry/platform/outbox';

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

/**
 * Wraps a write route so a refused or failed attempt by a signed-in user leaves a failure entry in the audit
 * log (the success entry is written by the domain, in the change's own transaction). The error still goes
 * on to the error handler unchanged.
 */
export function audited(
  deps: { db: Db; outbox: Outbox },
  describe: (req: Request) => Omit<AuditChange, 'advertiserId'> & { advertiserId?: string | null },
  handler: RequestHandler,
): RequestHandler {
  return async (req, res, next) => {
    try {
      await handler(req, res, next);
    } catch (error) {
      if (req.user) {
        const answer = toErrorResponse(error);
        const change = describe(req);
        await auditFailure(
          deps.db,
          deps.outbox,
          requestContext(req),
          { advertiserId: null, ...change },
          answer?.body.message ?? 'Internal error',
        ).catch(() => undefined);
      }
      throw error;
    }
  };
}
