import type { Router } from 'express';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { billingOperations as operations } from '@laundry/contracts/operations';
import { notFound } from '@laundry/platform/errors';
import {
  listPayouts,
  ownStatement,
  payoutNotFoundMessage,
  revenueAnalytics,
  toPayout,
  type PayoutDeps,
} from '../domain/payouts.ts';
import { invoiceUrlOf } from '../domain/invoice-list.ts';
import {
  invoiceFileName,
  invoiceNotIssuedMessage,
  type InvoiceParty,
  type InvoiceRenderer,
} from '../domain/invoice.ts';
import type { BillingDetailsStore } from '../domain/billing-details.ts';
import { creditNotePdf } from '../domain/refunds.ts';
import type { RefundStore } from '../domain/refund-store.ts';
import { creditNoteFileName } from '../domain/invoice.ts';

export interface PayoutRouteDeps extends PayoutDeps {
  refunds: RefundStore;
  invoices: InvoiceRenderer;
  testMode: boolean;
  seller: InvoiceParty;
  details: BillingDetailsStore;
}

/** A malformed id names no statement: answered like another advertiser's. */
const statement = { invalidParams: () => notFound(payoutNotFoundMessage) };

/**
 * The signed-in advertiser's own statements and revenue (docs/product.md, API calls); nobody else's is ever
 * reachable.
 */
export function payoutRoutes(router: Router, deps: PayoutRouteDeps): void {
  route(router, operations.listPayouts, async (_input, req, res) => {
    res.json(await listPayouts(deps, currentUser(req).id));
  });

  route(router, operations.getPayout, statement, async ({ params }, req, res) => {
    const own = await ownStatement(deps, currentUser(req).id, params.id);
    res.json({ ...toPayout(own), invoiceUrl: own.invoiceNumber ? invoiceUrlOf(own.id) : null });
  });

  route(router, operations.getPayoutInvoice, statement, async ({ params }, req, res) => {
    const own = await ownStatement(deps, currentUser(req).id, params.id);
    if (own.status !== 'processed') throw notFound(invoiceNotIssuedMessage);
    const pdf = await deps.invoices.render(own, {
      testMode: deps.testMode,
      seller: deps.seller,
      buyer: await deps.details.get(deps.db, currentUser(req).id),
      campaigns: await deps.statements.campaignSpend(deps.db, own.id),
    });
    res
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="${invoiceFileName(own)}"`)
      .send(pdf);
  });

  route(router, operations.getPayoutCreditNote, statement, async ({ params }, req, res) => {
    const own = await ownStatement(deps, currentUser(req).id, params.id);
    const { pdf, refund } = await creditNotePdf(deps, params.creditNoteId, own.id);
    res
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="${creditNoteFileName(refund)}"`)
      .send(pdf);
  });

  route(router, operations.getRevenueAnalytics, async (_input, req, res) => {
    res.json(await revenueAnalytics(deps, currentUser(req).id));
  });
}
