import type { Db } from '@laundry/platform/db';
import type { BillingInvoice } from '@laundry/contracts';
import type { LedgerStore } from './ledger-store.ts';
import type { PaymentStore } from './payment-store.ts';
import type { StatementStore } from './statement-store.ts';
import type { RefundStore } from './refund-store.ts';
import { advertiserCreditNoteUrl, toCreditNote } from './refunds.ts';
import { minorToUnits } from './payouts.ts';

export interface InvoiceListDeps {
  db: Db;
  ledger: LedgerStore;
  statements: StatementStore;
  payments: PaymentStore;
  refunds: RefundStore;
}

export const invoiceUrlOf = (statementId: string) => `/api/payouts/${statementId}/invoice.pdf`;

/**
 * GET /api/billing/invoices: the signed-in advertiser's statements, newest period first, as the settings
 * page lists them. A decline is shown only while the statement is unpaid: once paid, the old attempts are
 * history, not a problem.
 */
export async function listInvoices(deps: InvoiceListDeps, userId: string): Promise<BillingInvoice[]> {
  const advertisers = await deps.ledger.advertisersOf(deps.db, userId);
  const statements = await deps.statements.listFor(deps.db, advertisers);
  const unpaid = statements.filter((statement) => statement.status === 'pending').map((s) => s.id);
  const declines = await deps.payments.lastDeclines(deps.db, unpaid);
  const refunds = await deps.refunds.forStatements(
    deps.db,
    statements.filter((statement) => statement.paymentStatus === 'paid').map((statement) => statement.id),
  );
  return statements.map((statement) => {
    const decline = declines.get(statement.id);
    return {
      id: statement.id,
      periodStart: statement.periodStart.toISOString(),
      periodEnd: statement.periodEnd.toISOString(),
      // In units of the statement's currency: 3.8 for 380 cents, 14198 for ¥14,198.
      amount: minorToUnits(statement.advertiserChargeCents, statement.currency),
      currency: statement.currency,
      status: statement.status,
      paymentStatus: statement.paymentStatus,
      attempts: statement.attempts,
      nextAttemptAt:
        statement.paymentStatus === 'due' ? (statement.nextAttemptAt?.toISOString() ?? null) : null,
      lastDecline: decline
        ? { code: decline.code, message: decline.message, at: decline.at?.toISOString() ?? null }
        : null,
      invoiceNumber: statement.invoiceNumber,
      invoiceUrl: statement.invoiceNumber ? invoiceUrlOf(statement.id) : null,
      processedAt: statement.processedAt?.toISOString() ?? null,
      creditNotes: (refunds.get(statement.id) ?? []).map((refund) =>
        toCreditNote(refund, statement.invoiceNumber ?? '', advertiserCreditNoteUrl(statement.id, refund.id)),
      ),
    };
  });
}
