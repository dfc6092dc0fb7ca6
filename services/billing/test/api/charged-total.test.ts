import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingInvoice, PayoutDetail, PayoutListItem } from '@laundry/contracts';
import { statementFigures } from '@laundry/contracts';
import {
  adEvent,
  admin,
  caller,
  newAdvertiser,
  sendEvents,
  startBillingStack,
  untilLedgerHas,
  untilStatement,
  type Session,
  type TestStack,
} from '../support/billing-stack.ts';
import { pdfText } from '../support/pdf-text.ts';

let stack: TestStack;
let adminSession: Session;

beforeAll(async () => {
  stack = await startBillingStack({ BILLING_PLATFORM_FEE_RATE: '0.15' });
  adminSession = await admin(stack);
});
afterAll(() => stack?.stop());

describe('one charged total for a statement', () => {
  it('when a statement is paid, then the Payouts list, the statement, the invoices, the invoice PDF and the ledger show the same charge', async () => {
    const advertiser = await newAdvertiser(stack);
    const started = await caller(stack, advertiser.session)<{ url: string }>(
      'POST',
      '/api/billing/payment-method',
    );
    await fetch(`${stack.baseUrl}${started.body.url}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: advertiser.session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34' }).toString(),
    });
    // 3 clicks at $0.45 and 7 impressions at $0.0123: spend $1.4361 → $1.44; fee 15 % $0.216 → $0.22.
    const events = [
      ...Array.from({ length: 3 }, () => adEvent('click', advertiser, 0.45)),
      ...Array.from({ length: 7 }, () => adEvent('impression', advertiser, 0.0123)),
    ];
    await sendEvents(stack, events);
    await untilLedgerHas(stack, advertiser.advertiserId, events.length);
    expect((await caller(stack, adminSession)('POST', '/api/admin/billing/close-period')).status).toBe(200);

    const detail = await untilStatement<PayoutDetail>(
      stack,
      advertiser,
      (statement) => statement.status === 'processed',
    );
    const id = detail.id;
    const [row] = (await caller(stack, advertiser.session)<PayoutListItem[]>('GET', '/api/payouts')).body;
    const invoices = await caller(stack, advertiser.session)<BillingInvoice[]>(
      'GET',
      '/api/billing/invoices',
    );
    const pdf = await fetch(`${stack.baseUrl}/api/payouts/${id}/invoice.pdf`, {
      headers: { cookie: advertiser.session.cookie },
    });
    const [ledger] = await stack.billing.db.query<{ e4: string }>(
      `SELECT COALESCE(SUM(l.amount_e4), 0)::text AS e4 FROM statement_entries s
         JOIN ledger_entries l ON l.id = s.entry_id WHERE s.statement_id = $1`,
      [id],
    );

    const fromLedger = statementFigures(Number(ledger!.e4), 1500);
    expect(fromLedger).toEqual({ totalRevenueCents: 144, platformFeeCents: 22, advertiserChargeCents: 166 });
    expect(row).toMatchObject({
      totalRevenue: 1.44,
      currency: 'USD',
      platformFeeCents: 22,
      advertiserChargeCents: 166,
    });
    expect(detail).toMatchObject({
      totalRevenue: 1.44,
      platformFee: 0.22,
      advertiserCharge: 1.66,
      currency: 'USD',
    });
    expect(invoices.body.find((invoice) => invoice.id === id)).toMatchObject({ amount: 1.66 });
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).join('\n');
    expect(text).toContain('Ad spend');
    expect(text).toContain('$1.44');
    expect(text).toContain('$0.22');
    expect(text).toContain('$1.66');
  });
});
