import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminStatement,
  BillingAccount,
  BillingDetails,
  BillingInvoice,
  CreditNote,
  FailedChargeList,
  PayoutDetail,
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
  eventually,
  signUp,
  type Advertiser,
  type Session,
  type TestStack,
} from '../support/billing-stack.ts';
import { pdfText } from '../support/pdf-text.ts';
import { chargesFailed } from '@laundry/platform/observability';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

let stack: TestStack;
let adminSession: Session;

/**
 * A stand-in for VIES's REST check: a JSON POST of countryCode and vatNumber (else 400). FR40303265045 is
 * registered, German numbers find their register down until `germanRegisterUp`, anything else is unknown.
 */
const vies = { requests: [] as unknown[], germanRegisterUp: false, server: undefined as Server | undefined };
async function startViesStandIn(): Promise<string> {
  vies.server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: { countryCode?: string; vatNumber?: string } = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      // answered 400 below
    }
    vies.requests.push(body);
    if (req.method !== 'POST' || !/json/.test(req.headers['content-type'] ?? '') || !body.vatNumber) {
      return res.writeHead(400).end();
    }
    const germanDown = body.countryCode === 'DE' && !vies.germanRegisterUp;
    const valid =
      (body.countryCode === 'FR' && body.vatNumber === '40303265045') || body.countryCode === 'DE';
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ...body,
        valid: germanDown ? false : valid,
        userError: germanDown ? 'MS_UNAVAILABLE' : valid ? 'VALID' : 'INVALID',
      }),
    );
  });
  await new Promise<void>((resolve) => vies.server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(vies.server.address() as AddressInfo).port}/check-vat-number`;
}

beforeAll(async () => {
  // No Stripe key: the built-in test provider. Charges are looked for ten times a second, retried fast.
  stack = await startBillingStack({
    BILLING_CHARGE_SWEEP_MS: '100',
    BILLING_CHARGE_RETRY_DELAYS: '100ms,200ms',
    VIES_URL: await startViesStandIn(),
    BILLING_VAT_RETRY_MS: '200',
  });
  adminSession = await admin(stack);
});
afterAll(async () => {
  await stack?.stop();
  vies.server?.closeAllConnections();
  vies.server?.close();
});

/** What a browser does on the test checkout page: follows the url, submits the card number and expiry. */
async function addCard(
  advertiser: Advertiser,
  cardNumber: string,
  form: Record<string, string> = { expiry: '04 / 34' },
) {
  const started = await caller(stack, advertiser.session)<{ url: string }>(
    'POST',
    '/api/billing/payment-method',
  );
  expect(started.status).toBe(200);
  const page = await fetch(`${stack.baseUrl}${started.body.url}`, {
    headers: { cookie: advertiser.session.cookie },
  });
  const submitted = await fetch(`${stack.baseUrl}${started.body.url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: advertiser.session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, ...form }).toString(),
  });
  return { url: started.body.url, page, submitted };
}

async function billedAdvertiser(cardNumber: string) {
  const advertiser = await newAdvertiser(stack);
  await addCard(advertiser, cardNumber);
  const events = [
    ...Array.from({ length: 4 }, () => adEvent('click', advertiser, 0.5)),
    adEvent('impression', advertiser, 0.0025),
  ];
  await sendEvents(stack, events);
  await untilLedgerHas(stack, advertiser.advertiserId, events.length);
  expect((await caller(stack, adminSession)('POST', '/api/admin/billing/close-period')).status).toBe(200);
  return advertiser;
}

describe('test mode (no Stripe key)', () => {
  it('when a card is added on the local checkout page, then it is the payment method and every screen says test mode', async () => {
    const advertiser = await newAdvertiser(stack);

    const { url, page, submitted } = await addCard(advertiser, '4242 4242 4242 4242');
    const account = await caller(stack, advertiser.session)<BillingAccount>('GET', '/api/billing/account');

    expect(url).toMatch(/^\/api\/billing\/test-checkout\/cs_test_[0-9a-f]{32}$/);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Test mode');
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toMatch(/\/advertiser\/settings\?payment-method=added$/);
    const again = await fetch(`${stack.baseUrl}${url}?lang=es`, {
      headers: { cookie: advertiser.session.cookie },
    });
    const done = await again.text();
    expect(done).toContain('Esta tarjeta se ha guardado.');
    expect(done).toContain('href="/advertiser/settings?payment-method=added"');
    expect(done).not.toContain('<form');
    expect(account.body).toEqual({
      mode: 'test',
      provider: 'test',
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2034 },
      status: 'active',
      suspendedReason: null,
      suspendedAt: null,
    });
  });

  it('when a card is saved, then the audit log has it with the card it became, and a refused number leaves nothing', async () => {
    const advertiser = await newAdvertiser(stack);
    const refused = await addCard(advertiser, '4111 1111 1111 1112');
    expect(refused.submitted.status).toBe(400);

    const { url } = await addCard(advertiser, '4000 0000 0000 0002', { expiry: '11 / 31' });

    await expect
      .poll(async () =>
        stack.ad.db.query(
          `SELECT action, resource, resource_id AS "resourceId", status, http_method AS "httpMethod",
                  endpoint, new_data AS "newData"
             FROM audit_log WHERE user_id = $1 AND action LIKE 'billing.%'`,
          [advertiser.session.user.id],
        ),
      )
      .toEqual([
        {
          action: 'billing.payment-method',
          resource: 'payment_method',
          resourceId: url.split('/').at(-1),
          status: 'success',
          httpMethod: 'POST',
          endpoint: url,
          newData: { brand: 'visa', last4: '0002', expMonth: 11, expYear: 2031 },
        },
      ]);
  });

  it('when the advertiser removes their card, then it is gone, the audit log and the ad service hear of it, and a second removal finds none', async () => {
    const advertiser = await newAdvertiser(stack);
    await addCard(advertiser, '5555 5555 5555 4444', { expiry: '09 / 33' });
    const userId = advertiser.session.user.id;

    const removed = await caller(stack, advertiser.session)<BillingAccount>(
      'DELETE',
      '/api/billing/payment-method',
    );

    expect(removed.status).toBe(200);
    expect(removed.body.paymentMethod).toBeNull();
    const account = await caller(stack, advertiser.session)<BillingAccount>('GET', '/api/billing/account');
    expect(account.body.paymentMethod).toBeNull();
    const announced = await stack.billing.db.query<{ data: Record<string, unknown> }>(
      `SELECT envelope->'data' AS data FROM outbox
        WHERE type = 'billing.payment-method-changed.v1' AND envelope->'data'->>'userId' = $1 ORDER BY seq`,
      [userId],
    );
    expect(announced.map(({ data }) => data.hasPaymentMethod)).toEqual([true, false]);
    await expect
      .poll(async () =>
        stack.ad.db.query(
          `SELECT action, http_method AS "httpMethod", endpoint, old_data AS "oldData"
             FROM audit_log WHERE user_id = $1 AND action = 'billing.payment-method-removed'`,
          [userId],
        ),
      )
      .toEqual([
        {
          action: 'billing.payment-method-removed',
          httpMethod: 'DELETE',
          endpoint: '/api/billing/payment-method',
          oldData: { brand: 'mastercard', last4: '4444', expMonth: 9, expYear: 2033 },
        },
      ]);

    const again = await caller(stack, advertiser.session)<{ message: string }>(
      'DELETE',
      '/api/billing/payment-method',
    );
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('There is no card on file to remove.');
  });

  it('when a number is not a test card, then the page says which to use and nothing is saved', async () => {
    const advertiser = await newAdvertiser(stack);

    const { submitted } = await addCard(advertiser, '4111 1111 1111 1112');

    expect(submitted.status).toBe(400);
    expect(await submitted.text()).toContain('4242 4242 4242 4242');
    const account = await caller(stack, advertiser.session)<BillingAccount>('GET', '/api/billing/account');
    expect(account.body.paymentMethod).toBeNull();
  });

  it.each([
    ['no expiry', {}, "Enter the card's expiry date as MM / YY"],
    ['an unreadable expiry', { expiry: '13/30' }, "Enter the card's expiry date as MM / YY"],
    ['an expiry in the past', { expiry: '01 / 20' }, 'This card has expired'],
  ])(
    'when a test card is given %s, then the page says so, keeps the number and saves nothing',
    async (_, form, message) => {
      const advertiser = await newAdvertiser(stack);

      const { submitted } = await addCard(advertiser, '4242 4242 4242 4242', form);

      expect(submitted.status).toBe(400);
      const page = await submitted.text();
      expect(page).toContain(message.replace("'", '&#39;'));
      expect(page).toContain('aria-invalid="true"');
      expect(page).toContain('value="4242 4242 4242 4242"');
      const account = await caller(stack, advertiser.session)<BillingAccount>('GET', '/api/billing/account');
      expect(account.body.paymentMethod).toBeNull();
    },
  );

  it('when the checkout page is asked for in French, by ?lang=, cookie or Accept-Language, then it is in French', async () => {
    const advertiser = await newAdvertiser(stack);
    const started = await caller(stack, advertiser.session)<{ url: string }>(
      'POST',
      '/api/billing/payment-method',
    );
    const open = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${stack.baseUrl}${path}`, { headers: { cookie: advertiser.session.cookie, ...headers } });

    const pages = [
      await open(`${started.body.url}?lang=fr`),
      await open(started.body.url, { cookie: `${advertiser.session.cookie}; i18next=fr` }),
      await open(started.body.url, { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' }),
    ];

    for (const page of pages) {
      expect(page.headers.get('content-language')).toBe('fr');
      const html = await page.text();
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain('Mode test');
      expect(html).toContain('Numéro de carte');
    }
    const english = await open(started.body.url);
    expect(await english.text()).toContain('Card number');
  });

  it('when a refused card was typed on the Hindi page, then the page shown again is in Hindi', async () => {
    const advertiser = await newAdvertiser(stack);

    const { submitted } = await addCard(advertiser, '1234', { expiry: '04 / 34', language: 'hi' });

    expect(submitted.status).toBe(400);
    expect(await submitted.text()).toContain('टेस्ट मोड में टेस्ट कार्ड का उपयोग करें');
  });

  it("when someone opens another user's checkout session, then it is not found", async () => {
    const owner = await newAdvertiser(stack);
    const other = await newAdvertiser(stack);
    const started = await caller(stack, owner.session)<{ url: string }>(
      'POST',
      '/api/billing/payment-method',
    );

    const page = await caller(stack, other.session)('GET', started.body.url);

    expect(page.status).toBe(404);
  });

  it('when a statement is closed for a 4242 card, then it is charged, processed, announced and its invoice says test mode', async () => {
    const advertiser = await billedAdvertiser('4242424242424242');

    const statement = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');

    // 4 clicks at $0.50 and an impression at $0.0025: $2.0025 → $2.00; fee 15% $0.30; charge $2.30.
    expect(statement).toMatchObject({
      totalClicks: 4,
      totalImpressions: 1,
      totalRevenue: 2,
      platformFee: 0.3,
      advertiserCharge: 2.3,
      paymentStatus: 'paid',
      stripePaymentIntentId: `pi_test_${statement.id.replace(/-/g, '')}`,
    });
    expect(statement.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const announced = await publishedBy(stack, 'payout.processed.v2', advertiser.advertiserId);
    expect(announced.map((event) => event.data)).toEqual([
      expect.objectContaining({
        payoutId: statement.id,
        totalRevenueCents: 200,
        platformFeeCents: 30,
        advertiserChargeCents: 230,
        currency: 'USD',
        status: 'processed',
      }),
    ]);
    // The advertiser is told once that the statement and its invoice are ready (dashboard and mail).
    const told = await publishedBy(stack, 'advertiser.notice-raised.v1', advertiser.advertiserId);
    expect(told.map((event) => event.data)).toEqual([
      expect.objectContaining({
        noticeId: `statement-issued:${statement.id}`,
        kind: 'statement-issued',
        invoiceNumber: statement.invoiceNumber,
        amountCents: 230,
        currency: 'USD',
      }),
    ]);
    const invoice = await fetch(`${stack.baseUrl}/api/payouts/${statement.id}/invoice.pdf`, {
      headers: { cookie: advertiser.session.cookie },
    });
    const text = pdfText(Buffer.from(await invoice.arrayBuffer())).join('\n');
    expect(text).toContain('Invoice (test mode)');
    expect(text).toContain(statement.invoiceNumber!);
    expect(text).toContain('$2.30');
    expect(text).not.toContain('$2.30 USD');
    const invoices = await caller(stack, advertiser.session)<BillingInvoice[]>(
      'GET',
      '/api/billing/invoices',
    );
    expect(invoices.body).toEqual([
      {
        id: statement.id,
        periodStart: statement.periodStart,
        periodEnd: statement.periodEnd,
        amount: 2.3,
        currency: 'USD',
        status: 'processed',
        paymentStatus: 'paid',
        attempts: 1,
        nextAttemptAt: null,
        lastDecline: null,
        invoiceNumber: statement.invoiceNumber,
        invoiceUrl: `/api/payouts/${statement.id}/invoice.pdf`,
        processedAt: statement.processedAt,
        creditNotes: [],
      },
    ]);
    const revenue = await caller(stack, advertiser.session)('GET', '/api/analytics/revenue');
    expect(revenue.body).toEqual({
      totalRevenue: 2,
      totalPayouts: 2.3,
      pendingPayouts: 0,
      processedPayouts: 2.3,
      currency: 'USD',
    });
  });

  it('when the card is 4000 0000 0000 0002, then the charge is retried on schedule, then the account is suspended and the campaigns told to pause', async () => {
    const declinedBefore = await declinedCharges();
    const advertiser = await billedAdvertiser('4000000000000002');

    const statement = await untilStatement<PayoutDetail>(
      stack,
      advertiser,
      (s) => s.paymentStatus === 'failed',
    );

    expect(statement.status).toBe('pending');
    const attempts = await stack.billing.db.query<{ attempt: number; outcome: string; failureCode: string }>(
      `SELECT attempt, outcome, failure_code AS "failureCode" FROM charge_attempts WHERE statement_id = $1 ORDER BY attempt`,
      [statement.id],
    );
    expect(attempts).toEqual(
      [1, 2, 3].map((attempt) => ({ attempt, outcome: 'declined', failureCode: 'card_declined' })),
    );
    const account = await caller(stack, advertiser.session)<BillingAccount>('GET', '/api/billing/account');
    expect(account.body.status).toBe('suspended');
    expect(account.body.suspendedReason).toMatch(/declined 3 times/);
    // The operators' failed-charge series: two declines retried, the third final.
    const declinedAfter = await declinedCharges();
    expect(declinedAfter.retried - declinedBefore.retried).toBe(2);
    expect(declinedAfter.final - declinedBefore.final).toBe(1);
    const suspended = await publishedBy(stack, 'billing.account-suspended.v1', advertiser.advertiserId);
    expect(suspended.map((event) => event.data)).toEqual([
      expect.objectContaining({ statementId: statement.id, failureCode: 'card_declined', attempts: 3 }),
    ]);
    // Told once, at the first decline, with the amount and what went wrong; the suspension is the ad service's notice.
    const told = await publishedBy(stack, 'advertiser.notice-raised.v1', advertiser.advertiserId);
    expect(told.map((event) => event.data)).toEqual([
      expect.objectContaining({
        noticeId: `charge-failed:${statement.id}`,
        kind: 'charge-failed',
        failureCode: 'card_declined',
        amountCents: 230,
      }),
    ]);
    // Identity mails it once, in the person's language (English here), with its unsubscribe footer.
    const mailed = async () =>
      stack.identityDb.query<{ subject: string }>(
        `SELECT subject FROM mail_outbox WHERE recipient = $1 AND subject = $2`,
        [advertiser.session.user.email.toLowerCase(), 'A charge to your card did not go through'],
      );
    await eventually(async () => (await mailed()).length > 0);
    expect(await mailed()).toHaveLength(1);
    const invoice = await caller(stack, advertiser.session)(
      'GET',
      `/api/payouts/${statement.id}/invoice.pdf`,
    );
    expect(invoice.status).toBe(404);
    const invoices = await caller(stack, advertiser.session)<BillingInvoice[]>(
      'GET',
      '/api/billing/invoices',
    );
    expect(invoices.body).toEqual([
      expect.objectContaining({
        id: statement.id,
        amount: 2.3,
        status: 'pending',
        paymentStatus: 'failed',
        attempts: 3,
        nextAttemptAt: null,
        lastDecline: { code: 'card_declined', message: 'Your card was declined.', at: expect.any(String) },
        invoiceNumber: null,
        invoiceUrl: null,
      }),
    ]);
  });

  it('when another advertiser asks for invoices, then it sees only its own (none)', async () => {
    await billedAdvertiser('4242424242424242');
    const other = await newAdvertiser(stack);

    const invoices = await caller(stack, other.session)<BillingInvoice[]>('GET', '/api/billing/invoices');

    expect(invoices).toMatchObject({ status: 200, body: [] });
  });

  it('when a suspended advertiser adds a card that pays, then the failed statement is charged at once and the account is active again', async () => {
    const advertiser = await billedAdvertiser('4000000000000002');
    const failed = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.paymentStatus === 'failed');

    await addCard(advertiser, '4242 4242 4242 4242');

    const paid = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');
    expect(paid).toMatchObject({ id: failed.id, paymentStatus: 'paid', advertiserCharge: 2.3 });
    const account = await caller(stack, advertiser.session)<BillingAccount>('GET', '/api/billing/account');
    expect(account.body).toMatchObject({
      status: 'active',
      suspendedReason: null,
      paymentMethod: { brand: 'visa', last4: '4242' },
    });
  });

  it('when there is no payment method, then the attempts fail the same way and say so', async () => {
    const advertiser = await newAdvertiser(stack);
    await sendEvents(stack, [adEvent('click', advertiser, 1)]);
    await untilLedgerHas(stack, advertiser.advertiserId, 1);
    await caller(stack, adminSession)('POST', '/api/admin/billing/close-period');

    const statement = await untilStatement<PayoutDetail>(
      stack,
      advertiser,
      (s) => s.paymentStatus === 'failed',
    );

    expect(statement.payoutNotes).toMatch(/No payment method/);
    const account = await caller(stack, advertiser.session)<BillingAccount>('GET', '/api/billing/account');
    expect(account.body).toMatchObject({ status: 'suspended', paymentMethod: null });
  });

  it('when a charge is declined on every try, then the admin sees it among the failed charges and Retry now tries once more, audited', async () => {
    const advertiser = await billedAdvertiser('4000000000000002');
    const failed = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.paymentStatus === 'failed');
    const asAdmin = caller(stack, adminSession);

    const listed = await asAdmin<FailedChargeList>('GET', '/api/admin/billing/failed-charges');

    expect(listed.status).toBe(200);
    expect(listed.body.charges.find((charge) => charge.id === failed.id)).toEqual(
      expect.objectContaining({
        advertiserId: advertiser.advertiserId,
        state: 'failed',
        chargeCents: 230,
        currency: 'USD',
        attempts: 3,
        nextAttemptAt: null,
        lastDecline: { code: 'card_declined', message: 'Your card was declined.', at: expect.any(String) },
      }),
    );

    const retried = await asAdmin<AdminStatement>('POST', `/api/admin/billing/statements/${failed.id}/retry`);

    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: failed.id, state: 'due', attempts: 3 });
    // The attempt runs at once (the route asks for a sweep) and, past the last retry, fails the statement again.
    await eventually(async () => {
      const [row] = await stack.billing.db.query<{ attempts: number; paymentStatus: string }>(
        `SELECT attempts, payment_status AS "paymentStatus" FROM statements WHERE id = $1`,
        [failed.id],
      );
      return row?.attempts === 4 && row.paymentStatus === 'failed';
    });
    const fourth = await stack.billing.db.query<{ outcome: string }>(
      `SELECT outcome FROM charge_attempts WHERE statement_id = $1 AND attempt = 4`,
      [failed.id],
    );
    expect(fourth).toEqual([{ outcome: 'declined' }]);
    await expect
      .poll(async () =>
        stack.ad.db.query(
          `SELECT status, advertiser_id AS "advertiserId", user_id AS "userId" FROM audit_log
           WHERE action = 'billing.retry-charge' AND resource_id = $1`,
          [failed.id],
        ),
      )
      .toEqual([{ status: 'success', advertiserId: advertiser.advertiserId, userId: adminSession.user.id }]);
  });

  it('when Retry now is asked of a paid or unknown statement, or by someone not an admin, then it is refused', async () => {
    const payer = await billedAdvertiser('4242424242424242');
    const paid = await untilStatement<PayoutDetail>(stack, payer, (s) => s.status === 'processed');
    const asAdmin = caller(stack, adminSession);

    const ofPaid = await asAdmin('POST', `/api/admin/billing/statements/${paid.id}/retry`);
    const ofUnknown = await asAdmin('POST', `/api/admin/billing/statements/${randomUUID()}/retry`);
    const notAnId = await asAdmin('POST', '/api/admin/billing/statements/not-an-id/retry');
    const asAdvertiser = await caller(stack, payer.session)(
      'POST',
      `/api/admin/billing/statements/${paid.id}/retry`,
    );
    const listAsAdvertiser = await caller(stack, payer.session)('GET', '/api/admin/billing/failed-charges');

    expect(ofPaid.status).toBe(409);
    expect(ofUnknown.status).toBe(404);
    expect(notAnId.status).toBe(400);
    expect(asAdvertiser.status).toBe(403);
    expect(listAsAdvertiser.status).toBe(403);
    await expect
      .poll(async () =>
        stack.ad.db.query(
          `SELECT status FROM audit_log WHERE action = 'billing.retry-charge' AND user_id = $1`,
          [payer.session.user.id],
        ),
      )
      .toEqual([{ status: 'failure' }]);
  });

  it('when a webhook is posted in test mode, then it is refused: nothing signs it', async () => {
    const answer = await caller(stack)('POST', '/api/billing/stripe/webhook', {
      id: 'evt_1',
      type: 'payment_intent.succeeded',
    });

    expect(answer.status).toBe(400);
  });

  it("when the charge fails after every retry, then the ad service pauses the advertiser's active campaigns", async () => {
    const session = await signUp(stack.baseUrl);
    const ad = caller(stack, session);
    const profile = await ad<{ id: string }>('POST', '/api/advertisers', {
      businessName: 'Late Payer Laundry',
      contactEmail: 'owner@late-payer.example',
      website: 'https://late-payer.example',
    });
    const campaign = await ad<{ id: string; status: string }>('POST', '/api/campaigns', {
      title: 'Cheap washes',
      targetUrl: 'https://late-payer.example/offers',
      totalBudget: 100,
      dailyBudget: 10,
      costPerClick: 0.5,
      status: 'active',
    });
    expect([profile.status, campaign.status, campaign.body.status]).toEqual([201, 201, 'active']);
    const advertiser = { advertiserId: profile.body.id, session };
    await addCard(advertiser, '4000 0000 0000 0002');
    await sendEvents(stack, [adEvent('click', advertiser, 0.5)]);
    await untilLedgerHas(stack, advertiser.advertiserId, 1);
    await caller(stack, adminSession)('POST', '/api/admin/billing/close-period');

    await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.paymentStatus === 'failed');

    await eventually(
      async () =>
        (await ad<{ status: string }>('GET', `/api/campaigns/${campaign.body.id}`)).body.status === 'paused',
    );
    const account = await ad<BillingAccount>('GET', '/api/billing/account');
    expect(account.body.suspendedReason).toMatch(/add another card in the settings to resume your campaigns/);
  });
});

/** laundry_charges_failed_total for declined cards, retried and final. */
async function declinedCharges(): Promise<{ retried: number; final: number }> {
  const { values } = await chargesFailed.get();
  const count = (final: string) =>
    values.find((value) => value.labels.reason === 'declined' && value.labels.final === final)?.value ?? 0;
  return { retried: count('false'), final: count('true') };
}

describe('invoices a business can file', () => {
  const laverie = {
    legalName: 'Laverie du Centre SARL',
    addressLine1: '3 rue de la Paix',
    postalCode: '75002',
    city: 'Paris',
    country: 'FR',
    taxId: 'FR 40 303 265 045',
    language: 'fr',
  };

  /** Two campaigns: 3 clicks at $0.50 in one, 2 at $0.25 and an impression at $0.0025 in the other. */
  async function billedInTwoCampaigns(advertiser: Advertiser) {
    await addCard(advertiser, '4242424242424242');
    const [first, second] = [randomUUID(), randomUUID()];
    const events = [
      ...Array.from({ length: 3 }, () => adEvent('click', advertiser, 0.5, new Date(), first)),
      ...Array.from({ length: 2 }, () => adEvent('click', advertiser, 0.25, new Date(), second)),
      adEvent('impression', advertiser, 0.0025, new Date(), second),
    ];
    await sendEvents(stack, events);
    await untilLedgerHas(stack, advertiser.advertiserId, events.length);
    expect((await caller(stack, adminSession)('POST', '/api/admin/billing/close-period')).status).toBe(200);
    const statement = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');
    const invoice = await fetch(`${stack.baseUrl}/api/payouts/${statement.id}/invoice.pdf`, {
      headers: { cookie: advertiser.session.cookie },
    });
    return { statement, text: pdfText(Buffer.from(await invoice.arrayBuffer())), first, second };
  }

  it('when a VAT number VIES does not know is given, then it is a 400 and nothing is saved', async () => {
    const advertiser = await newAdvertiser(stack);

    const saved = await caller(stack, advertiser.session)('PUT', '/api/billing/details', {
      ...laverie,
      taxId: 'FR99999999999',
    });
    const details = await caller(stack, advertiser.session)('GET', '/api/billing/details');

    expect(saved.status).toBe(400);
    expect(JSON.stringify(saved.body)).toContain('FR99999999999');
    expect(details.body).toBeNull();
    expect(vies.requests).toContainEqual({ countryCode: 'FR', vatNumber: '99999999999' });
  });

  it('when a French business with a verified VAT number is invoiced, then its French invoice names both parties, reverse charges VAT and has a line per campaign', async () => {
    const advertiser = await newAdvertiser(stack);
    const saved = await caller(stack, advertiser.session)<BillingDetails>(
      'PUT',
      '/api/billing/details',
      laverie,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ taxId: 'FR40303265045', taxIdStatus: 'verified', language: 'fr' });

    const { statement, text, first, second } = await billedInTwoCampaigns(advertiser);

    // $1.50 and $0.5025 spend: $2.0025 → $2.00; fee $0.30 split by spend: $0.22 and $0.08. No tax.
    expect(statement).toMatchObject({ totalRevenue: 2, platformFee: 0.3, advertiserCharge: 2.3 });
    const all = text.join('\n');
    expect(all).toContain('Facture (mode test)');
    expect(all).toContain('Laundromat Finder Ltd');
    expect(all).toContain('Laverie du Centre SARL');
    expect(all).toContain('3 rue de la Paix');
    expect(all).toContain('75002 Paris');
    expect(all).toContain('N° de TVA: FR40303265045');
    expect(all).toContain('Autoliquidation : TVA due par le preneur');
    expect(all).toContain('TVA 0 %');
    const row = (campaign: string) =>
      text.slice(
        text.indexOf(`Campagne ${campaign.slice(0, 8)}`),
        text.indexOf(`Campagne ${campaign.slice(0, 8)}`) + 4,
      );
    // Dollars as French writes them: '1,50 $US' (a no-break space before the symbol).
    const usd = (text: string) => text.replace(' ', '\u00a0');
    expect(row(first)).toEqual([
      `Campagne ${first.slice(0, 8)}`,
      usd('1,50 $US'),
      usd('0,22 $US'),
      usd('1,72 $US'),
    ]);
    expect(row(second)).toEqual([
      `Campagne ${second.slice(0, 8)}`,
      usd('0,50 $US'),
      usd('0,08 $US'),
      usd('0,58 $US'),
    ]);
    expect(all).toContain('Total débité');
    expect(all).toContain(usd('2,30 $US'));
  });

  it('when a French business billed in euros is invoiced and refunded, then every amount is in euros as French writes them', async () => {
    const advertiser = await newAdvertiser(stack);
    expect((await caller(stack, advertiser.session)('PUT', '/api/billing/details', laverie)).status).toBe(
      200,
    );
    await addCard(advertiser, '4242424242424242');
    // €1,000 and €73.53 of clicks: spend €1,073.53; fee 15 % €161.0295 → €161.03; charged €1,234.56.
    const events = [
      adEventIn('EUR', 'click', advertiser, 1000),
      adEventIn('EUR', 'click', advertiser, 73.5),
      adEventIn('EUR', 'impression', advertiser, 0.03),
    ];
    await sendEvents(stack, events);
    await untilLedgerHas(stack, advertiser.advertiserId, events.length);
    expect((await caller(stack, adminSession)('POST', '/api/admin/billing/close-period')).status).toBe(200);

    const statement = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');

    expect(statement).toMatchObject({
      currency: 'EUR',
      totalRevenue: 1073.53,
      platformFee: 161.03,
      advertiserCharge: 1234.56,
      paymentStatus: 'paid',
    });
    const [processed] = await publishedBy(stack, 'payout.processed.v2', advertiser.advertiserId);
    expect(processed!.data).toMatchObject({
      totalRevenueCents: 107_353,
      platformFeeCents: 16_103,
      advertiserChargeCents: 123_456,
      currency: 'EUR',
    });
    const invoices = await caller(stack, advertiser.session)<BillingInvoice[]>(
      'GET',
      '/api/billing/invoices',
    );
    expect(invoices.body.find((invoice) => invoice.id === statement.id)).toMatchObject({
      amount: 1234.56,
      currency: 'EUR',
    });
    const pdf = await fetch(`${stack.baseUrl}/api/payouts/${statement.id}/invoice.pdf`, {
      headers: { cookie: advertiser.session.cookie },
    });
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).join('\n');
    // French groups thousands with a (narrow) no-break space and puts the euro sign after the amount.
    const nbsp = '\u00a0';
    expect(text).toContain(`1${nbsp}073,53${nbsp}€`);
    expect(text).toContain(`161,03${nbsp}€`);
    expect(text).toContain(`1${nbsp}234,56${nbsp}€`);
    expect(text).not.toMatch(/\$|USD|EUR/);

    const refunded = await caller(stack, adminSession)<CreditNote>(
      'POST',
      `/api/admin/billing/statements/${statement.id}/refunds`,
      { amountCents: 23_456, reason: 'Geste commercial' },
    );
    expect(refunded.status).toBe(201);
    expect(refunded.body).toMatchObject({ amountCents: 23_456, currency: 'EUR' });
    const note = await fetch(`${stack.baseUrl}${refunded.body.url}`, {
      headers: { cookie: adminSession.cookie },
    });
    const noteText = pdfText(Buffer.from(await note.arrayBuffer())).join('\n');
    expect(noteText).toContain('Avoir (mode test)');
    expect(noteText).toContain(`-234,56${nbsp}€`);
    const tooMuch = await caller(stack, adminSession)(
      'POST',
      `/api/admin/billing/statements/${statement.id}/refunds`,
      { amountCents: 100_001, reason: 'Trop' },
    );
    expect(tooMuch.status).toBe(409);
    expect(JSON.stringify(tooMuch.body)).toContain('at most €1,000.00.');
  });

  it('when a business billed in yen owes tax, then the tax is whole yen, half up, and its refund splits in whole yen', async () => {
    const advertiser = await newAdvertiser(stack);
    const saved = await caller(stack, advertiser.session)('PUT', '/api/billing/details', {
      legalName: 'Sydney Suds Pty Ltd',
      addressLine1: '1 George Street',
      postalCode: '2000',
      city: 'Sydney',
      country: 'AU',
      language: 'en',
    });
    expect(saved.status).toBe(200);
    await addCard(advertiser, '4242424242424242');
    // Ten clicks at ¥1,234.55: spend ¥12,346, fee ¥1,852, net ¥14,198; GST 10 % ¥1,419.8 → ¥1,420; ¥15,618.
    const events = Array.from({ length: 10 }, () => adEventIn('JPY', 'click', advertiser, 1234.55));
    await sendEvents(stack, events);
    await untilLedgerHas(stack, advertiser.advertiserId, events.length);
    expect((await caller(stack, adminSession)('POST', '/api/admin/billing/close-period')).status).toBe(200);

    const statement = await untilStatement<PayoutDetail>(stack, advertiser, (s) => s.status === 'processed');

    expect(statement).toMatchObject({ currency: 'JPY', advertiserCharge: 15_618 });
    const [row] = await stack.billing.db.query<{ taxCents: string; currency: string }>(
      `SELECT tax_cents::text AS "taxCents", currency FROM statements WHERE id = $1`,
      [statement.id],
    );
    expect(row).toEqual({ taxCents: '1420', currency: 'JPY' });
    const invoice = await fetch(`${stack.baseUrl}/api/payouts/${statement.id}/invoice.pdf`, {
      headers: { cookie: advertiser.session.cookie },
    });
    const text = pdfText(Buffer.from(await invoice.arrayBuffer()));
    expect(text).toEqual(expect.arrayContaining(['VAT 10% (AU)', '¥1,420', '¥14,198', '¥15,618']));

    // ¥1,000 back: ¥91 of it tax (the statement's share, in whole yen), ¥909 spend and fee.
    const refunded = await caller(stack, adminSession)<CreditNote>(
      'POST',
      `/api/admin/billing/statements/${statement.id}/refunds`,
      { amountCents: 1000, reason: 'Goodwill' },
    );
    expect(refunded.status).toBe(201);
    const note = await fetch(`${stack.baseUrl}${refunded.body.url}`, {
      headers: { cookie: adminSession.cookie },
    });
    const noteText = pdfText(Buffer.from(await note.arrayBuffer()));
    expect(noteText).toEqual(expect.arrayContaining(['-¥909', '-¥91', '-¥1,000']));
  });

  it('when a Chinese and a Hindi business are invoiced and refunded, then their invoice and credit note are in their language with the text extractable', async () => {
    const expected = {
      zh: {
        invoice: ['发票（测试模式）', '购买方', '洗衣店有限公司', '扣款合计'],
        note: ['贷项通知单（测试模式）', '退款合计', '客户投诉'],
      },
      // Drawing order puts a vowel sign ि before its consonant, so only words without one are compared.
      hi: { invoice: ['चालान', 'धोबी घर', 'कुल वसूली'], note: ['नोट संख्या', 'कुल धनवापसी', 'ग्राहक'] },
    } as const;
    for (const language of ['zh', 'hi'] as const) {
      const advertiser = await newAdvertiser(stack);
      const saved = await caller(stack, advertiser.session)('PUT', '/api/billing/details', {
        legalName: language === 'zh' ? '洗衣店有限公司' : 'धोबी घर प्राइवेट लिमिटेड',
        addressLine1: language === 'zh' ? '南京路 100 号' : 'एम जी रोड 12',
        postalCode: language === 'zh' ? '200001' : '560001',
        city: language === 'zh' ? '上海' : 'बेंगलुरु',
        country: language === 'zh' ? 'CN' : 'IN',
        language,
      });
      expect(saved.status).toBe(200);
      const { statement, text } = await billedInTwoCampaigns(advertiser);
      const refunded = await caller(stack, adminSession)<{ url: string }>(
        'POST',
        `/api/admin/billing/statements/${statement.id}/refunds`,
        { amountCents: 100, reason: language === 'zh' ? '客户投诉' : 'ग्राहक की शिकायत' },
      );
      expect(refunded.status).toBe(201);
      const note = await fetch(`${stack.baseUrl}${refunded.body.url}`, {
        headers: { cookie: adminSession.cookie },
      });
      const noteText = pdfText(Buffer.from(await note.arrayBuffer())).join('');

      const invoiceText = text.join('');
      for (const words of expected[language].invoice) expect(invoiceText).toContain(words);
      expect(invoiceText).toContain(statement.invoiceNumber!);
      // Dollars as each language writes them: 'US$2.30' in Chinese, '$2.30' in Hindi.
      const dollars = language === 'zh' ? 'US$' : '$';
      expect(invoiceText).toContain(`${dollars}${statement.advertiserCharge.toFixed(2)}`);
      for (const words of expected[language].note) expect(noteText).toContain(words);
      expect(noteText).toContain(statement.invoiceNumber!);
      expect(noteText).toContain(`-${dollars}1.00`);
    }
  });

  it('when VIES cannot be reached, then the number is saved not yet verified, VAT is charged, and a retry verifies it later', async () => {
    vies.germanRegisterUp = false;
    const advertiser = await newAdvertiser(stack);
    const saved = await caller(stack, advertiser.session)<BillingDetails>('PUT', '/api/billing/details', {
      legalName: 'Waschsalon GmbH',
      addressLine1: 'Hauptstraße 1',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
      taxId: 'DE123456789',
      language: 'en',
    });
    expect(saved.body).toMatchObject({ taxIdStatus: 'pending', taxIdCheckedAt: null });

    const { statement, text } = await billedInTwoCampaigns(advertiser);

    // $2.00 + $0.30 fee = $2.30 net; German VAT 19% = $0.437 → $0.44; charged $2.74.
    expect(statement).toMatchObject({ advertiserCharge: 2.74, paymentStatus: 'paid' });
    const all = text.join('\n');
    expect(all).toContain('VAT 19% (DE)');
    expect(all).toContain('$0.44');
    expect(all).toContain('$2.74');
    expect(all).not.toContain('Reverse charge');

    vies.germanRegisterUp = true;
    await eventually(async () => {
      const details = await caller(stack, advertiser.session)<BillingDetails>('GET', '/api/billing/details');
      return details.body.taxIdStatus === 'verified';
    });
  });
});
