import type { Request, RequestHandler, Router } from 'express';
import { currentUser, requireUser } from '@laundry/platform/auth';
import { forbidden } from '@laundry/platform/errors';
import { toErrorResponse } from '@laundry/platform/http';
import type { Db } from '@laundry/platform/db';
import { auditFailure, type Outbox } from '@laundry/platform/outbox';
import { billingCreditRequestSchema } from '@laundry/contracts';
import { closeCurrentPeriod, type StatementDeps } from '../domain/statements.ts';
import { creditAdEvent } from '../domain/ledger.ts';
import type { LedgerStore } from '../domain/ledger-store.ts';
import { toPayout } from '../domain/payouts.ts';
import { e4ToDollars } from '../domain/money.ts';
import { requestContext } from './request-context.ts';

export interface AdminRouteDeps extends StatementDeps {
  db: Db;
  outbox: Outbox;
  ledger: LedgerStore;
}

function requireAdmin(req: Request) {
  const user = currentUser(req);
  if (user.role !== 'admin') throw forbidden('You do not have permission to do this.');
  return user;
}

/** A refused or failed attempt by a signed-in user leaves a failure entry in the audit log. */
function audited(
  deps: { db: Db; outbox: Outbox },
  action: string,
  resource: string,
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
          requestContext(req),
          { action, resource, resourceId: null, advertiserId: null },
          toErrorResponse(error)?.body.message ?? 'Internal error',
        ).catch(() => undefined);
      }
      throw error;
    }
  };
}

export function adminRoutes(router: Router, deps: AdminRouteDeps): void {
  router.post(
    '/api/admin/billing/close-period',
    requireUser,
    audited(deps, 'billing.close-period', 'billing_period', async (req, res) => {
      const admin = requireAdmin(req);
      const result = await closeCurrentPeriod(deps, { ...requestContext(req), userId: admin.id });
      res.json({
        periods: result.periods.map((period) => ({
          id: period.id,
          periodStart: period.start.toISOString(),
          periodEnd: period.end.toISOString(),
        })),
        statements: result.statements.map(toPayout),
      });
    }),
  );

  router.post(
    '/api/admin/billing/credits',
    requireUser,
    audited(deps, 'billing.credit', 'ledger_entry', async (req, res) => {
      const admin = requireAdmin(req);
      const request = billingCreditRequestSchema.parse(req.body ?? {});
      const credit = await creditAdEvent(deps, request.adEventId, request.reason, {
        ...requestContext(req),
        userId: admin.id,
      });
      res.status(201).json({
        id: credit.sourceId,
        adEventId: credit.correctsSourceId,
        advertiserId: credit.advertiserId,
        amount: e4ToDollars(credit.amountE4),
        reason: credit.note,
        createdAt: credit.occurredAt.toISOString(),
      });
    }),
  );
}
