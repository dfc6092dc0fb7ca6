import type { Router } from 'express';
import { currentUser, requireUser } from '@laundry/platform/auth';
import { notFound } from '@laundry/platform/errors';
import { idSchema } from '@laundry/contracts';
import {
  listPayouts,
  ownStatement,
  payoutNotFoundMessage,
  revenueAnalytics,
  toPayout,
  type PayoutDeps,
} from '../domain/payouts.ts';
import { invoiceUrlOf } from '../domain/invoice-list.ts';
import { invoiceFileName, invoiceNotIssuedMessage, type InvoiceRenderer } from '../domain/invoice.ts';

export interface PayoutRouteDeps extends PayoutDeps {
  invoices: InvoiceRenderer;
  testMode: boolean;
}

function statementId(raw: unknown): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw notFound(payoutNotFoundMessage);
  return parsed.data;
}

/** The signed-in advertiser's own statements and revenue (spec §7); nobody else's is ever reachable. */
export function payoutRoutes(router: Router, deps: PayoutRouteDeps): void {
  router.get('/api/payouts', requireUser, async (req, res) => {
    res.json(await listPayouts(deps, currentUser(req).id));
  });

  router.get('/api/payouts/:id', requireUser, async (req, res) => {
    const statement = await ownStatement(deps, currentUser(req).id, statementId(req.params.id));
    res.json({
      ...toPayout(statement),
      invoiceUrl: statement.invoiceNumber ? invoiceUrlOf(statement.id) : null,
    });
  });

  router.get('/api/payouts/:id/invoice.pdf', requireUser, async (req, res) => {
    const statement = await ownStatement(deps, currentUser(req).id, statementId(req.params.id));
    if (statement.status !== 'processed') throw notFound(invoiceNotIssuedMessage);
    const pdf = await deps.invoices.render(statement, { testMode: deps.testMode });
    res
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="${invoiceFileName(statement)}"`)
      .send(pdf);
  });

  router.get('/api/analytics/revenue', requireUser, async (req, res) => {
    res.json(await revenueAnalytics(deps, currentUser(req).id));
  });
}
