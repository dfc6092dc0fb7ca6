import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminStatementPage,
  BillingAccount,
  BillingInvoice,
  CreditNote,
  PayoutDetail,
  PayoutListItem,
  RevenueAnalyticsResponse,
} from '@laundry/contracts';
import {
  adEvent,
  adEventIn,
  admin,
  caller,
  newAdvertiser,
  publishedBy,
  sendEvents,
  startBillingStack,
  untilLedgerHas,
  untilStatement,
  type Advertiser,
  type Session,
  type TestStack,
} from '../support/billing-stack.ts';
import {
  createStripeStandIn,
  STAND_IN_KEY,
  WEBHOOK_SECRET,
  type StripeStandIn,
} from '../support/stripe-stand-in.ts';
import { pdfText } from '../support/pdf-text.ts';

let stack: TestStack;
let stripe: StripeStandIn;
let adminSession: Session;

beforeAll(async () => {
  stripe = createStripeStandIn();
  const port = await stripe.start();
  stack = await startBillingStack({
    STRIPE_SECRET_KEY: STAND_IN_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
    BILLING_CHARGE_SWEEP_MS: '100',
    BILLING_CHARGE_RETRY_DELAYS: '100ms,200ms',
  });
  stripe.sendWebhooksTo(`${stack.baseUrl}/api/billing/stripe/webhook`);
  adminSession = await admin(stack);
});
afterAll(async () => {
  await stack?.stop();
  await stripe?.stop();
});

async function addCard(advertiser: Advertiser, cardNumber: string) {
  const started = await caller(stack, advertiser.session)<{ url: string }>(
    'POST',
    '/api/billing/payment-method',
  );
  expect(started.status).toBe(200);
  const completed = stripe.completeCheckout(started.body.url, cardNumber);
  expect((await stripe.deliver(completed)).status).toBe(200);
  return { url: started.body.url, completed };
}

async function billedAdvertiser(cardNumber: string) {
  const advertiser = await newAdvertiser(stack);
  await addCard(advertiser, cardNumber);
  const events = Array.from({ length: 3 }, () => adEvent('click', advertiser, 1.1));
  await sendEvents(stack, events);
  await untilLedgerHas(stack, advertiser.advertiserId, events.length);
  expect((await caller(stack, adminSession)('POST', '/api/admin/billing/close-period')).status).toBe(200);
  return advertiser;
}

const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

describe('Stripe, through the official package, against a stand-in server', () => {
  it('when an advertiser adds a card, then Checkout in setup mode is opened and the signed webhook saves the card', async () => {
    const advertiser = await newAdvertiser(stack);

    const { url } = await addCard(advertiser, '4242424242424242');

    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const created = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(created?.form).toMatchObject({ mode: 'setup', client_reference_id: advertiser.session.user.id });
    const account = await caller(stack, advertiser.session)<BillingAccount>('GET', '/api/billing/account');
    expect(account.body).toMatchObject({
      mode: 'test',
      provider: 'stripe',
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      status: 'active',
    });
    expect(stripe.problems).toEqual([]);
  });

  it('when an advertiser removes their card, then it is detached at Stripe and billing forgets it', async () => {
    const advertiser = await newAdvertiser(stack);
    await addCard(advertiser, '4242424242424242');
    const account = await stack.billing.db.query<{ paymentMethodId: string }>(
      'SELECT payment_method_id AS "paymentMethodId" FROM billing_accounts WHERE user_id = $1',
      [advertiser.session.user.id],
    );
    const paymentMethodId = account[0]!.paymentMethodId;

    const removed = await caller(stack, advertiser.session)<BillingAccount>(
      'DELETE',
      '/api/billing/payment-method',
    );

    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ provider: 'stripe', paymentMethod: null });
    expect(
      stripe.requests.filter((request) => request.path === `/v1/payment_methods/${paymentMethodId}/detach`),
    ).toHaveLength(1);
    expect(stripe.problems).toEqual([]);
  });

  it('when a statement is charged, then its PaymentIntent is off-session with the statement id as idempotency key', async () => {
    const advertiser = await billedAdvertiser('4242424242424242');

    const statement = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');

    // 3 clicks at $1.10 = $3.30; fee $0.495 → $0.50; charge $3.80.
    expect(statement).toMatchObject({
      totalRevenue: 3.3,
      platformFee: 0.5,
      advertiserCharge: 3.8,
      paymentStatus: 'paid',
    });
    const create = stripe.requests.filter(
      (request) =>
        request.path === '/v1/payment_intents' && request.form['metadata[statementId]'] === statement.id,
    );
    expect(create).toHaveLength(1);
    expect(create[0]).toMatchObject({
      idempotencyKey: statement.id,
      form: { amount: '380', currency: 'usd', off_session: 'true' },
    });
    expect(statement.stripePaymentIntentId).toMatch(/^pi_/);
    expect(statement.stripeChargeId).toMatch(/^ch_/);
    expect(stripe.problems).toEqual([]);
  });

  it('when a yen advertiser’s statement is charged, then Stripe is asked for whole yen in jpy, and the statement, invoice, ledger and refunds are in yen', async () => {
    const advertiser = await newAdvertiser(stack);
    // Ten clicks at ¥1,234.55: spend ¥12,345.5 → ¥12,346 (half up to the yen); fee 15 % ¥1,851.9 → ¥1,852;
    // charged ¥14,198.
    const events = Array.from({ length: 10 }, () => adEventIn('JPY', 'click', advertiser, 1234.55));
    await sendEvents(stack, events);
    await untilLedgerHas(stack, advertiser.advertiserId, events.length);
    await addCard(advertiser, '4242424242424242');
    const setup = stripe.requests.filter(
      (request) =>
        request.path === '/v1/checkout/sessions' &&
        request.form.client_reference_id === advertiser.session.user.id,
    );
    expect(setup.map((request) => request.form.currency)).toEqual(['jpy']);
    expect((await caller(stack, adminSession)('POST', '/api/admin/billing/close-period')).status).toBe(200);

    const statement = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');

    expect(statement).toMatchObject({
      currency: 'JPY',
      totalRevenue: 12_346,
      platformFee: 1852,
      advertiserCharge: 14_198,
      paymentStatus: 'paid',
    });
    const create = stripe.requests.filter(
      (request) =>
        request.path === '/v1/payment_intents' && request.form['metadata[statementId]'] === statement.id,
    );
    expect(create.map((request) => request.form)).toEqual([
      expect.objectContaining({ amount: '14198', currency: 'jpy' }),
    ]);
    const [processed] = await publishedBy(stack, 'payout.processed.v2', advertiser.advertiserId);
    expect(processed!.data).toMatchObject({
      totalRevenueCents: 12_346,
      platformFeeCents: 1852,
      advertiserChargeCents: 14_198,
      currency: 'JPY',
    });
    const told = await publishedBy(stack, 'advertiser.notice-raised.v1', advertiser.advertiserId);
    expect(told.map((event) => event.data)).toContainEqual(
      expect.objectContaining({ kind: 'statement-issued', amountCents: 14_198, currency: 'JPY' }),
    );
    const payouts = await caller(stack, advertiser.session)<PayoutListItem[]>('GET', '/api/payouts');
    expect(payouts.body).toEqual([
      expect.objectContaining({
        currency: 'JPY',
        totalRevenue: 12_346,
        platformFeeCents: 1852,
        advertiserChargeCents: 14_198,
      }),
    ]);
    const revenue = await caller(stack, advertiser.session)<RevenueAnalyticsResponse>(
      'GET',
      '/api/analytics/revenue',
    );
    expect(revenue.body).toMatchObject({ currency: 'JPY', totalRevenue: 12_346, processedPayouts: 14_198 });

    const invoice = await fetch(`${stack.baseUrl}/api/payouts/${statement.id}/invoice.pdf`, {
      headers: { cookie: advertiser.session.cookie },
    });
    const text = pdfText(Buffer.from(await invoice.arrayBuffer())).join('\n');
    expect(text).toContain('¥12,346');
    expect(text).toContain('¥1,852');
    expect(text).toContain('¥14,198');
    // A yen has no decimals, and no amount is in dollars or followed by a currency code.
    expect(text).not.toMatch(/¥[\d,]+\.\d/);
    expect(text).not.toMatch(/\$|USD|\d JPY/);

    // ¥14,198 charged: ¥1,000 back, then more than the ¥13,198 left is refused.
    const refunded = await caller(stack, adminSession)<CreditNote>(
      'POST',
      `/api/admin/billing/statements/${statement.id}/refunds`,
      { amountCents: 1000, reason: 'Shown beside a closed laundromat' },
    );
    const tooMuch = await caller(stack, adminSession)(
      'POST',
      `/api/admin/billing/statements/${statement.id}/refunds`,
      { amountCents: 13_199, reason: 'Too much' },
    );
    expect(refunded.status).toBe(201);
    expect(refunded.body).toMatchObject({ amountCents: 1000, currency: 'JPY' });
    expect(tooMuch.status).toBe(409);
    expect(JSON.stringify(tooMuch.body)).toContain('at most ¥13,198.');
    const atStripe = stripe.refunds.filter((made) => made.payment_intent === statement.stripePaymentIntentId);
    expect(atStripe.map((made) => [made.amount, made.currency])).toEqual([[1000, 'jpy']]);
    const ledger = await stack.billing.db.query<{ kind: string; currency: string; e4: string }>(
      `SELECT kind, currency, sum(amount_e4)::text AS e4 FROM ledger_entries WHERE advertiser_id = $1
       GROUP BY kind, currency ORDER BY kind`,
      [advertiser.advertiserId],
    );
    expect(ledger).toEqual([
      { kind: 'click', currency: 'JPY', e4: String(10 * 12_345_500) },
      { kind: 'refund', currency: 'JPY', e4: String(1000 * 10_000) },
    ]);
    const note = await fetch(`${stack.baseUrl}${refunded.body.url}`, {
      headers: { cookie: adminSession.cookie },
    });
    const noteText = pdfText(Buffer.from(await note.arrayBuffer())).join('\n');
    expect(noteText).toContain('Credit note (test mode)');
    expect(noteText).toContain('-¥1,000');
    expect(noteText).not.toMatch(/¥[\d,]+\.\d/);
    expect(stripe.problems).toEqual([]);
  });

  it('when an admin refunds part, then the rest, of a charged statement, then Stripe refunds each exactly once, the ledger, audit log and advertiser have them, and credit notes download', async () => {
    const advertiser = await billedAdvertiser('4242424242424242');
    const statement = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');
    const refund = (body: unknown, id = statement.id) =>
      caller(stack, adminSession)<CreditNote>('POST', `/api/admin/billing/statements/${id}/refunds`, body);

    // $3.80 charged: $1.50 back, then more than the $2.30 left is refused, then the $2.30.
    const first = await refund({ amountCents: 150, reason: 'Campaign ran on a closed laundromat' });
    const tooMuch = await refund({ amountCents: 231, reason: 'Too much' });
    const rest = await refund({ amountCents: 230, reason: 'Goodwill' });
    const beyond = await refund({ amountCents: 1, reason: 'Nothing is left' });

    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      statementId: statement.id,
      invoiceNumber: statement.invoiceNumber,
      amountCents: 150,
      currency: 'USD',
      reason: 'Campaign ran on a closed laundromat',
      url: `/api/admin/billing/credit-notes/${first.body.id}.pdf`,
    });
    expect(first.body.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(tooMuch.status).toBe(409);
    expect(JSON.stringify(tooMuch.body)).toContain('at most $2.30.');
    expect(rest.status).toBe(201);
    expect(beyond.status).toBe(409);
    expect(rest.body.number).not.toBe(first.body.number);
    const atStripe = stripe.refunds.filter((made) => made.payment_intent === statement.stripePaymentIntentId);
    expect(atStripe.map((made) => made.amount)).toEqual([150, 230]);
    const calls = stripe.requests.filter((request) => request.path === '/v1/refunds');
    expect(calls.map((call) => call.idempotencyKey)).toEqual(
      expect.arrayContaining([`refund-${first.body.id}`, `refund-${rest.body.id}`]),
    );
    expect(stripe.problems).toEqual([]);

    const ledger = await stack.billing.db.query<{ amountE4: string; creditAccount: string }>(
      `SELECT amount_e4::text AS "amountE4", credit_account AS "creditAccount" FROM ledger_entries
       WHERE advertiser_id = $1 AND kind = 'refund' ORDER BY id`,
      [advertiser.advertiserId],
    );
    expect(ledger).toEqual([
      { amountE4: '15000', creditAccount: 'advertiser:refunded' },
      { amountE4: '23000', creditAccount: 'advertiser:refunded' },
    ]);
    const audited = await publishedBy(stack, 'audit.recorded.v1', advertiser.advertiserId);
    expect(audited.map((event) => event.data)).toContainEqual(
      expect.objectContaining({
        action: 'billing.refund',
        userId: adminSession.user.id,
        resourceId: statement.id,
        status: 'success',
        newData: expect.objectContaining({ amountCents: 150, reason: 'Campaign ran on a closed laundromat' }),
      }),
    );
    const told = await publishedBy(stack, 'advertiser.notice-raised.v1', advertiser.advertiserId);
    expect(told.map((event) => event.data)).toContainEqual(
      expect.objectContaining({
        kind: 'refund-issued',
        creditNoteNumber: first.body.number,
        invoiceNumber: statement.invoiceNumber,
        amountCents: 150,
      }),
    );

    const invoices = await caller(stack, advertiser.session)<BillingInvoice[]>(
      'GET',
      '/api/billing/invoices',
    );
    const notes = invoices.body.find((invoice) => invoice.id === statement.id)!.creditNotes;
    expect(notes.map((note) => [note.number, note.amountCents])).toEqual([
      [first.body.number, 150],
      [rest.body.number, 230],
    ]);
    expect(notes[0]!.url).toBe(`/api/payouts/${statement.id}/credit-notes/${first.body.id}.pdf`);
    const download = await fetch(`${stack.baseUrl}${notes[0]!.url}`, {
      headers: { cookie: advertiser.session.cookie },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`${first.body.number}.pdf`);
    const text = pdfText(Buffer.from(await download.arrayBuffer())).join('\n');
    expect(text).toContain('Credit note (test mode)');
    expect(text).toContain(first.body.number);
    expect(text).toContain(statement.invoiceNumber!);
    expect(text).toContain('Campaign ran on a closed laundromat');
    expect(text).toContain('-$1.50');
    const byAdmin = await fetch(`${stack.baseUrl}${first.body.url}`, {
      headers: { cookie: adminSession.cookie },
    });
    expect(byAdmin.status).toBe(200);
    const stranger = await newAdvertiser(stack);
    const notTheirs = await fetch(`${stack.baseUrl}${notes[0]!.url}`, {
      headers: { cookie: stranger.session.cookie },
    });
    expect(notTheirs.status).toBe(404);
    const listed = await caller(stack, adminSession)<AdminStatementPage>(
      'GET',
      '/api/admin/billing/statements?state=paid&limit=100',
    );
    expect(listed.body.statements.find((row) => row.id === statement.id)).toMatchObject({
      refundedCents: 380,
      creditNotes: [{ number: first.body.number }, { number: rest.body.number }],
    });
  });

  it('when a refund is asked with a bad amount, no reason, of an unknown statement, or by a non-admin, then it is refused and nothing changes', async () => {
    const advertiser = await billedAdvertiser('4242424242424242');
    const statement = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');
    const refundsBefore = stripe.refunds.length;
    const refund = (body: unknown, id = statement.id, session = adminSession) =>
      caller(stack, session)('POST', `/api/admin/billing/statements/${id}/refunds`, body);

    const answers = [
      (await refund({ amountCents: 0, reason: 'Zero' })).status,
      (await refund({ amountCents: -100, reason: 'Negative' })).status,
      (await refund({ amountCents: 1.5, reason: 'Half a cent' })).status,
      (await refund({ amountCents: 100 })).status,
      (await refund({ amountCents: 100, reason: '   ' })).status,
      (await refund({ amountCents: 100, reason: 'x'.repeat(501) })).status,
      (await refund({ amountCents: 381, reason: 'More than charged' })).status,
      (await refund({ amountCents: 100, reason: 'Unknown' }, '00000000-0000-4000-8000-000000000000')).status,
      (await refund({ amountCents: 100, reason: 'Not mine to give' }, statement.id, advertiser.session))
        .status,
    ];

    expect(answers).toEqual([400, 400, 400, 400, 400, 400, 409, 404, 403]);
    expect(stripe.refunds.length).toBe(refundsBefore);
    const [{ count }] = (await stack.billing.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM refunds WHERE statement_id = $1`,
      [statement.id],
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('when every webhook is replayed twice in random order, with a late failure among them, then nothing changes', async () => {
    const advertiser = await billedAdvertiser('4242424242424242');
    const statement = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');
    const before = await caller(stack, advertiser.session)<PayoutDetail>(
      'GET',
      `/api/payouts/${statement.id}`,
    );
    const succeeded = stripe
      .eventsFor(statement.id)
      .find((made) => made.type === 'payment_intent.succeeded')!;
    const lateFailure = {
      ...succeeded,
      id: `evt_late_${statement.id.slice(0, 8)}`,
      type: 'payment_intent.payment_failed',
      data: {
        object: {
          ...succeeded.data.object,
          status: 'requires_payment_method',
          last_payment_error: { code: 'card_declined' },
        },
      },
    };
    const checkout = stripe.events.filter((made) => made.type === 'checkout.session.completed');

    const answers = [];
    for (const made of shuffled([succeeded, succeeded, lateFailure, lateFailure, ...checkout, ...checkout])) {
      answers.push((await stripe.deliver(made)).status);
    }

    expect(answers.every((status) => status === 200)).toBe(true);
    const after = await caller(stack, advertiser.session)<PayoutDetail>(
      'GET',
      `/api/payouts/${statement.id}`,
    );
    expect(after.body).toEqual(before.body);
    expect(await publishedBy(stack, 'payout.processed.v2', advertiser.advertiserId)).toHaveLength(1);
    const account = await caller(stack, advertiser.session)<BillingAccount>('GET', '/api/billing/account');
    expect(account.body.status).toBe('active');
  });

  it('when a success webhook comes before billing heard the answer, then the statement is processed once all the same', async () => {
    const advertiser = await newAdvertiser(stack);
    await addCard(advertiser, '4242424242424242');
    await sendEvents(stack, [adEvent('click', advertiser, 2)]);
    await untilLedgerHas(stack, advertiser.advertiserId, 1);
    await caller(stack, adminSession)('POST', '/api/admin/billing/close-period');
    const statement = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');
    const succeeded = stripe
      .eventsFor(statement.id)
      .find((made) => made.type === 'payment_intent.succeeded')!;

    const first = await stripe.deliver(succeeded);
    const second = await stripe.deliver({ ...succeeded, id: `${succeeded.id}_copy` });

    expect([first.status, second.status]).toEqual([200, 200]);
    const detail = await caller(stack, advertiser.session)<PayoutDetail>(
      'GET',
      `/api/payouts/${statement.id}`,
    );
    expect(detail.body.invoiceNumber).toBe(statement.invoiceNumber);
    expect(await publishedBy(stack, 'payout.processed.v2', advertiser.advertiserId)).toHaveLength(1);
  });

  it('when a webhook is signed with another secret or not signed at all, then it is 400 and changes nothing', async () => {
    const advertiser = await billedAdvertiser('4000000000000002');
    const statement = await untilStatement<PayoutDetail>(
      stack,
      advertiser,
      (s) => s.paymentStatus === 'failed',
    );
    const forgedSuccess = {
      id: 'evt_forged_1',
      object: 'event' as const,
      type: 'payment_intent.succeeded',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false as const,
      data: {
        object: {
          id: 'pi_forged',
          object: 'payment_intent',
          metadata: { statementId: statement.id },
          latest_charge: 'ch_forged',
        },
      },
    };

    const wrongSecret = await stripe.deliver(forgedSuccess, 'whsec_someone_else_entirely_000');
    const unsigned = await fetch(`${stack.baseUrl}/api/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forgedSuccess),
    });

    expect(wrongSecret.status).toBe(400);
    expect(unsigned.status).toBe(400);
    expect(((await wrongSecret.json()) as { code: string }).code).toBe('INVALID_SIGNATURE');
    const after = await caller(stack, advertiser.session)<PayoutDetail>(
      'GET',
      `/api/payouts/${statement.id}`,
    );
    expect(after.body).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
  });

  it('when the card is declined, then the same PaymentIntent is confirmed again per attempt, then the account is suspended', async () => {
    const advertiser = await billedAdvertiser('4000000000000002');

    const statement = await untilStatement<PayoutDetail>(
      stack,
      advertiser,
      (s) => s.paymentStatus === 'failed',
    );

    const calls = stripe.requests.filter(
      (request) =>
        (request.path === '/v1/payment_intents' && request.form['metadata[statementId]'] === statement.id) ||
        request.path === `/v1/payment_intents/${statement.stripePaymentIntentId}/confirm`,
    );
    expect(calls.map((call) => call.idempotencyKey)).toEqual([
      statement.id,
      `${statement.id}:attempt-2`,
      `${statement.id}:attempt-3`,
    ]);
    const account = await caller(stack, advertiser.session)<BillingAccount>('GET', '/api/billing/account');
    expect(account.body).toMatchObject({
      status: 'suspended',
      suspendedReason: expect.stringMatching(/declined 3 times/),
    });
    expect(await publishedBy(stack, 'billing.account-suspended.v1', advertiser.advertiserId)).toHaveLength(1);
    expect(stripe.problems).toEqual([]);
  });
});
