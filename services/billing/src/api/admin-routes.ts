import type { Router } from 'express';
import { currentAdmin, requireUser } from '@laundry/platform/auth';
import { audited, auditContextOf } from '@laundry/platform/http';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { billingCreditRequestSchema } from '@laundry/contracts';
import { closeCurrentPeriod, type StatementDeps } from '../domain/statements.ts';
import { creditAdEvent } from '../domain/ledger.ts';
import type { LedgerStore } from '../domain/ledger-store.ts';
import { toPayout } from '../domain/payouts.ts';
import { e4ToDollars } from '../domain/money.ts';

export interface AdminRouteDeps extends StatementDeps {
  db: Db;
  outbox: Outbox;
  ledger: LedgerStore;
  /** Asks for the new statements' first charge now rather than at the next sweep. */
  chargeNow: () => Promise<void>;
}

export function adminRoutes(router: Router, deps: AdminRouteDeps): void {
  router.post(
    '/api/admin/billing/close-period',
    requireUser,
    audited(
      deps,
      () => ({ action: 'billing.close-period', resource: 'billing_period', resourceId: null }),
      async (req, res) => {
        const admin = currentAdmin(req);
        const result = await closeCurrentPeriod(deps, { ...auditContextOf(req), userId: admin.id });
        if (result.statements.length > 0) await deps.chargeNow();
        res.json({
          periods: result.periods.map((period) => ({
            id: period.id,
            periodStart: period.start.toISOString(),
            periodEnd: period.end.toISOString(),
          })),
          statements: result.statements.map(toPayout),
        });
      },
    ),
  );

  router.post(
    '/api/admin/billing/credits',
    requireUser,
    audited(
      deps,
      () => ({ action: 'billing.credit', resource: 'ledger_entry', resourceId: null }),
      async (req, res) => {
        const admin = currentAdmin(req);
        const request = billingCreditRequestSchema.parse(req.body ?? {});
        const credit = await creditAdEvent(deps, request.adEventId, request.reason, {
          ...auditContextOf(req),
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
      },
    ),
  );
}
