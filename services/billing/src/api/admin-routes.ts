import type { Router } from 'express';
import { currentUser } from '@laundry/platform/auth';
import { auditContextOf, auditedRoute, route } from '@laundry/platform/http';
import { billingOperations as operations } from '@laundry/contracts/operations';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { closeCurrentPeriod, type StatementDeps } from '../domain/statements.ts';
import { creditAdEvent } from '../domain/ledger.ts';
import type { LedgerStore } from '../domain/ledger-store.ts';
import { toPayout } from '../domain/payouts.ts';
import { e4ToDollars } from '@laundry/contracts/money';
import {
  listFailedCharges,
  listStatements,
  retryCharge,
  statementEntries,
  type AdminBillingStore,
} from '../domain/admin-billing.ts';
import type { PaymentStore } from '../domain/payment-store.ts';
import {
  creditNotePdf,
  refundStatement,
  toCreditNote,
  adminCreditNoteUrl,
  type CreditNoteDeps,
  type RefundDeps,
} from '../domain/refunds.ts';
import { creditNoteFileName } from '../domain/invoice.ts';

export interface AdminRouteDeps extends StatementDeps, RefundDeps, CreditNoteDeps {
  db: Db;
  outbox: Outbox;
  ledger: LedgerStore;
  adminBilling: AdminBillingStore;
  payments: PaymentStore;
  /** Asks for the new statements' first charge now rather than at the next sweep. */
  chargeNow: () => Promise<void>;
}

export function adminRoutes(router: Router, deps: AdminRouteDeps): void {
  // A refused or failed attempt by a signed-in person is audited too: the admin check runs inside.
  const auditedAs = (action: string, resource: string) =>
    auditedRoute(deps, () => ({ action, resource, resourceId: null }));

  route(router, operations.listAdminStatements, async ({ query }, _req, res) => {
    res.json(await listStatements(deps, query));
  });

  route(router, operations.listFailedCharges, async (_input, _req, res) => {
    res.json(await listFailedCharges(deps));
  });

  route(router, operations.listAdminStatementEntries, async ({ params }, _req, res) => {
    res.json(await statementEntries(deps, params.id));
  });

  route(
    router,
    operations.retryStatementCharge,
    auditedRoute(deps, (req) => ({
      action: 'billing.retry-charge',
      resource: 'statement',
      resourceId: typeof req.params.id === 'string' ? req.params.id.slice(0, 255) : null,
    })),
    async ({ params }, req, res) => {
      const admin = currentUser(req);
      res.json(await retryCharge(deps, params.id, { ...auditContextOf(req), userId: admin.id }));
    },
  );

  route(
    router,
    operations.refundStatement,
    auditedRoute(deps, (req) => ({
      action: 'billing.refund',
      resource: 'statement',
      resourceId: typeof req.params.id === 'string' ? req.params.id.slice(0, 255) : null,
    })),
    async ({ params, body }, req, res) => {
      const admin = currentUser(req);
      const { refund, statement } = await refundStatement(deps, params.id, body, {
        ...auditContextOf(req),
        userId: admin.id,
      });
      res
        .status(201)
        .json(toCreditNote(refund, statement.invoiceNumber ?? '', adminCreditNoteUrl(refund.id)));
    },
  );

  route(router, operations.getAdminCreditNote, async ({ params }, _req, res) => {
    const { pdf, refund } = await creditNotePdf(deps, params.id);
    res
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="${creditNoteFileName(refund)}"`)
      .send(pdf);
  });

  route(
    router,
    operations.closeBillingPeriod,
    auditedAs('billing.close-period', 'billing_period'),
    async (_input, req, res) => {
      const admin = currentUser(req);
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
  );

  route(
    router,
    operations.creditAdEvent,
    auditedAs('billing.credit', 'ledger_entry'),
    async ({ body: request }, req, res) => {
      const admin = currentUser(req);
      const credit = await creditAdEvent(deps, request.adEventId, request.reason, {
        ...auditContextOf(req),
        userId: admin.id,
      });
      res.status(201).json({
        id: credit.sourceId,
        adEventId: credit.correctsSourceId,
        advertiserId: credit.advertiserId,
        amount: e4ToDollars(credit.amountE4),
        amountE4: credit.amountE4,
        currency: credit.currency,
        reason: credit.note,
        createdAt: credit.occurredAt.toISOString(),
      });
    },
  );
}
