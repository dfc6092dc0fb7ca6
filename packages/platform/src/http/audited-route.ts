import type { Request, RequestHandler } from 'express';
import type { Db } from '../db/index.ts';
import { auditFailure, type AuditChange, type AuditContext, type Outbox } from '../outbox/index.ts';
import { toErrorResponse } from './error-handler.ts';

/** Who asked and how, for the audit log; the address is the one the gateway signed, not a header. */
export function auditContextOf(req: Request): AuditContext {
  return {
    userId: req.user?.id ?? null,
    ipAddress: req.clientAddress ?? null,
    userAgent: req.get('user-agent') ?? null,
    endpoint: req.originalUrl.split('?')[0]!,
    httpMethod: req.method,
  };
}

/**
 * Wraps a write route so a refused or failed attempt by a signed-in person leaves a failure entry in the
 * audit log (the success entry is written by the domain, in the change's own transaction). The error then
 * goes on to the error handler unchanged.
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
        await auditFailure(
          deps.db,
          deps.outbox,
          auditContextOf(req),
          { advertiserId: null, ...describe(req) },
          toErrorResponse(error)?.body.message ?? 'Internal error',
        ).catch(() => undefined);
      }
      throw error;
    }
  };
}

/**
 * `route()` options that audit an operation's refused or failed attempts: the admin check, the parsing and
 * the handler all run inside `audited`, as a hand-written audited route's did.
 */
export const auditedRoute = (
  deps: { db: Db; outbox: Outbox },
  describe: (req: Request) => Omit<AuditChange, 'advertiserId'> & { advertiserId?: string | null },
) => ({ wrap: (handler: RequestHandler) => audited(deps, describe, handler) });
