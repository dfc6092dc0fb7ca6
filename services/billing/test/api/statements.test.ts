import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminStatementEntries,
  AdminStatementPage,
  PayoutDetail,
  PayoutListItem,
  RevenueAnalyticsResponse,
} from '@laundry/contracts';
import {
  adEvent,
  adEventIn,
  admin,
  caller,
  eventually,
  newAdvertiser,
  sendEvents,
  startBillingStack,
  untilLedgerHas,
  type Advertiser,
  type AdEvent,
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

const closePeriod = () => caller(stack, adminSession)('POST', '/api/admin/billing/close-period');

async function send(advertiser: Advertiser, events: AdEvent[]) {
  const before = (
    await stack.billing.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries WHERE advertiser_id = $1`,
      [advertiser.advertiserId],
    )
  )[0]!.n;
  await sendEvents(stack, events);
  await untilLedgerHas(stack, advertiser.advertiserId, before + events.length);
}

const impressions = (advertiser: Advertiser, n: number, cost: number) =>
  Array.from({ length: n }, () => adEvent('impression', advertiser, cost));
const clicks = (advertiser: Advertiser, n: number, cost: number) =>
  Array.from({ length: n }, () => adEvent('click', advertiser, cost));

async function payouts(advertiser: Advertiser) {
  const answer = await caller(stack, advertiser.session)<PayoutListItem[]>('GET', '/api/payouts');
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('closing a period', () => {
  it('when an admin closes the period, then each advertiser gets one statement whose figures are the events sent', async () => {
    const cpm = await newAdvertiser(stack);
    const cpc = await newAdvertiser(stack);
    // 1,000 impressions at $0.0025 and 3 clicks at $0.30 = $3.40; fee 15% = $0.51.
    await send(cpm, [...impressions(cpm, 1000, 0.0025), ...clicks(cpm, 3, 0.3)]);
    // Free impressions of a pay-per-click campaign and 7 clicks at $0.45 = $3.15; fee $0.4725 → $0.47.
    await send(cpc, [...impressions(cpc, 40, 0), ...clicks(cpc, 7, 0.45)]);

    const closed = await closePeriod();

    expect(closed.status).toBe(200);
    const [cpmStatement] = await payouts(cpm);
    expect(cpmStatement).toMatchObject({
      totalImpressions: 1000,
      totalClicks: 3,
      totalRevenue: 3.4,
      status: 'pending',
    });
    const detail = await caller(stack, cpm.session)<PayoutDetail>('GET', `/api/payouts/${cpmStatement!.id}`);
    expect(detail.body).toMatchObject({ platformFee: 0.51, advertiserCharge: 3.91, invoiceNumber: null });
    const [cpcStatement] = await payouts(cpc);
    expect(cpcStatement).toMatchObject({ totalImpressions: 40, totalClicks: 7, totalRevenue: 3.15 });
    const cpcDetail = await caller(stack, cpc.session)<PayoutDetail>(
      'GET',
      `/api/payouts/${cpcStatement!.id}`,
    );
    expect(cpcDetail.body).toMatchObject({ platformFee: 0.47, advertiserCharge: 3.62 });
  });

  it('when an admin closes the period, then a statement with a card is charged at once, not at the next sweep a minute away', async () => {
    const advertiser = await newAdvertiser(stack);
    const started = await caller(stack, advertiser.session)<{ url: string }>(
      'POST',
      '/api/billing/payment-method',
    );
    const saved = await fetch(`${stack.baseUrl}${started.body.url}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: advertiser.session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34' }).toString(),
    });
    expect(saved.status).toBe(303);
    await send(advertiser, clicks(advertiser, 2, 1));
    const closedAt = Date.now();

    expect((await closePeriod()).status).toBe(200);

    // The sweep runs every 60 s here (BILLING_CHARGE_SWEEP_MS's default); the close asks for one itself.
    await eventually(async () => (await payouts(advertiser))[0]?.status === 'processed', 10_000);
    expect(Date.now() - closedAt).toBeLessThan(10_000);
  });

  it('when a dollar and a yen advertiser are billed, and one advertiser has entries in both, then each statement is in one currency and nothing is summed across them', async () => {
    const dollars = await newAdvertiser(stack);
    const yen = await newAdvertiser(stack);
    const both = await newAdvertiser(stack);
    // 3 clicks at $0.30: $0.90, fee $0.135 → $0.14.
    await send(dollars, clicks(dollars, 3, 0.3));
    // 4 clicks at ¥75.5 and 10 impressions at ¥0.25: ¥304.5 → ¥305 (half up to the yen); fee ¥45.75 → ¥46.
    await send(yen, [
      ...Array.from({ length: 4 }, () => adEventIn('JPY', 'click', yen, 75.5)),
      ...Array.from({ length: 10 }, () => adEventIn('JPY', 'impression', yen, 0.25)),
    ]);
    // Dollars from before the advertiser chose yen (no currency on the event), then yen.
    await send(both, [adEvent('click', both, 0.5), adEventIn('JPY', 'click', both, 75)]);

    expect((await closePeriod()).status).toBe(200);

    expect(await payouts(dollars)).toEqual([
      expect.objectContaining({
        currency: 'USD',
        totalRevenue: 0.9,
        platformFeeCents: 14,
        advertiserChargeCents: 104,
      }),
    ]);
    expect(await payouts(yen)).toEqual([
      expect.objectContaining({
        currency: 'JPY',
        totalClicks: 4,
        totalImpressions: 10,
        totalRevenue: 305,
        platformFeeCents: 46,
        advertiserChargeCents: 351,
      }),
    ]);
    const split = await payouts(both);
    expect(split).toHaveLength(2);
    expect(split).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          currency: 'USD',
          totalClicks: 1,
          totalRevenue: 0.5,
          advertiserChargeCents: 58,
        }),
        expect.objectContaining({
          currency: 'JPY',
          totalClicks: 1,
          totalRevenue: 75,
          advertiserChargeCents: 86,
        }),
      ]),
    );
    const billed = await stack.billing.db.query<{ statement: string; entry: string }>(
      `SELECT s.currency AS statement, e.currency AS entry FROM statements s
       JOIN statement_entries se ON se.statement_id = s.id JOIN ledger_entries e ON e.id = se.entry_id
       WHERE s.advertiser_id = $1`,
      [both.advertiserId],
    );
    expect(billed.every((row) => row.statement === row.entry)).toBe(true);
    expect(billed).toHaveLength(2);
    const listed = await caller(stack, adminSession)<AdminStatementPage>(
      'GET',
      '/api/admin/billing/statements?limit=100',
    );
    const ofBoth = listed.body.statements.filter((row) => row.advertiserId === both.advertiserId);
    expect(ofBoth.map((row) => [row.currency, row.chargeCents]).sort()).toEqual([
      ['JPY', 86],
      ['USD', 58],
    ]);
  });

  it('when the period is closed twice, and three times at once, then no statement is ever made twice', async () => {
    const advertiser = await newAdvertiser(stack);
    await send(advertiser, clicks(advertiser, 5, 0.5));

    const racing = await Promise.all([closePeriod(), closePeriod(), closePeriod()]);
    const again = await closePeriod();

    expect(racing.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(again.status).toBe(200);
    expect(await payouts(advertiser)).toHaveLength(1);
    expect((await payouts(advertiser))[0]).toMatchObject({ totalClicks: 5, totalRevenue: 2.5 });
    const made = racing.flatMap(
      (answer) => (answer.body as { statements: { advertiserId: string }[] }).statements,
    );
    expect(made.filter((statement) => statement.advertiserId === advertiser.advertiserId)).toHaveLength(1);
  });

  it('when more events come after a close, then the next close bills only them', async () => {
    const advertiser = await newAdvertiser(stack);
    await send(advertiser, clicks(advertiser, 2, 1));
    await closePeriod();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await send(advertiser, clicks(advertiser, 3, 1));

    await closePeriod();

    const list = await payouts(advertiser);
    expect(list.map((payout) => [payout.totalClicks, payout.totalRevenue])).toEqual([
      [3, 3],
      [2, 2],
    ]);
    expect(new Date(list[0]!.periodStart).getTime()).toBe(new Date(list[1]!.periodEnd).getTime());
  });

  it('when someone who is not an admin closes the period, then it is refused and the refusal is audited', async () => {
    const advertiser = await newAdvertiser(stack);

    const asUser = await caller(stack, advertiser.session)('POST', '/api/admin/billing/close-period');
    const anonymous = await caller(stack)('POST', '/api/admin/billing/close-period');

    expect(asUser.status).toBe(403);
    expect(anonymous.status).toBe(401);
    await expect
      .poll(async () =>
        stack.ad.db.query(
          `SELECT status FROM audit_log WHERE action = 'billing.close-period' AND user_id = $1`,
          [advertiser.session.user.id],
        ),
      )
      .toEqual([{ status: 'failure' }]);
  });

  it('when an admin closes the period, then the audit log has it', async () => {
    await closePeriod();

    await expect
      .poll(
        async () =>
          (
            await stack.ad.db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM audit_log
             WHERE action = 'billing.close-period' AND status = 'success' AND user_id = $1`,
              [adminSession.user.id],
            )
          )[0]!.n,
      )
      .toBeGreaterThan(0);
  });
});

describe("an advertiser's own views", () => {
  it('when the advertiser asks for revenue, then it is every event so far and the statements’ charges', async () => {
    const advertiser = await newAdvertiser(stack);
    await send(advertiser, clicks(advertiser, 4, 0.25));
    await closePeriod();
    // In the open period: counted in the revenue, on no statement yet.
    await send(advertiser, impressions(advertiser, 10, 0.0123));

    const revenue = await caller(stack, advertiser.session)<RevenueAnalyticsResponse>(
      'GET',
      '/api/analytics/revenue',
    );

    expect(revenue.body).toEqual({
      totalRevenue: 1.12,
      totalPayouts: 1.15,
      pendingPayouts: 1.15,
      processedPayouts: 0,
      currency: 'USD',
    });
  });

  it('when a user with no advertising asks, then everything is zero and the list empty', async () => {
    const stranger = await newAdvertiser(stack);

    const revenue = await caller(stack, stranger.session)('GET', '/api/analytics/revenue');

    expect(revenue.body).toEqual({
      totalRevenue: 0,
      totalPayouts: 0,
      pendingPayouts: 0,
      processedPayouts: 0,
      currency: 'USD',
    });
    expect(await payouts(stranger)).toEqual([]);
    expect((await caller(stack)('GET', '/api/payouts')).status).toBe(401);
  });

  it('when another advertiser asks for a statement or its invoice, then it is not found', async () => {
    const owner = await newAdvertiser(stack);
    const other = await newAdvertiser(stack);
    await send(owner, impressions(owner, 3, 0));
    await closePeriod();
    const [statement] = await payouts(owner);

    const detail = await caller(stack, other.session)('GET', `/api/payouts/${statement!.id}`);
    const invoice = await caller(stack, other.session)('GET', `/api/payouts/${statement!.id}/invoice.pdf`);

    expect(detail.status).toBe(404);
    expect(invoice.status).toBe(404);
    expect(await payouts(other)).toEqual([]);
  });

  it('when a statement is not paid yet, then its invoice is not found', async () => {
    const advertiser = await newAdvertiser(stack);
    await send(advertiser, clicks(advertiser, 1, 0.3));
    await closePeriod();
    const [statement] = await payouts(advertiser);

    const invoice = await caller(stack, advertiser.session)(
      'GET',
      `/api/payouts/${statement!.id}/invoice.pdf`,
    );

    expect(invoice.status).toBe(404);
  });

  it('when a statement has nothing to charge, then it is processed at once with a numbered invoice', async () => {
    const advertiser = await newAdvertiser(stack);
    await send(advertiser, impressions(advertiser, 25, 0));
    await closePeriod();
    const [statement] = await payouts(advertiser);

    const detail = await caller(stack, advertiser.session)<PayoutDetail>(
      'GET',
      `/api/payouts/${statement!.id}`,
    );
    const response = await fetch(`${stack.baseUrl}/api/payouts/${statement!.id}/invoice.pdf`, {
      headers: { cookie: advertiser.session.cookie },
    });

    expect(statement!.status).toBe('processed');
    expect(detail.body.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf).join('\n');
    expect(text).toContain(detail.body.invoiceNumber!);
    expect(text).toContain('Total charged');
    expect(text).toContain('$0.00');
  });
});

describe('credits for invalid traffic', () => {
  it('when an admin credits a billed click, then a new entry gives its cost back and the original stays', async () => {
    const advertiser = await newAdvertiser(stack);
    const [fraudulent, ...rest] = clicks(advertiser, 3, 0.4);
    await send(advertiser, [fraudulent!, ...rest]);

    const credited = await caller(stack, adminSession)('POST', '/api/admin/billing/credits', {
      adEventId: fraudulent!.data.adEventId,
      reason: 'Click farm found by the weekly review',
    });
    const twice = await caller(stack, adminSession)('POST', '/api/admin/billing/credits', {
      adEventId: fraudulent!.data.adEventId,
      reason: 'Again',
    });
    await closePeriod();

    expect(credited.status).toBe(201);
    expect(credited.body).toMatchObject({
      adEventId: fraudulent!.data.adEventId,
      amount: 0.4,
      amountE4: 4000,
    });
    expect(twice.status).toBe(409);
    const kinds = await stack.billing.db.query<{ kind: string; amountE4: string }>(
      `SELECT kind, amount_e4::text AS "amountE4" FROM ledger_entries WHERE advertiser_id = $1 ORDER BY id`,
      [advertiser.advertiserId],
    );
    expect(kinds).toEqual([
      { kind: 'click', amountE4: '4000' },
      { kind: 'click', amountE4: '4000' },
      { kind: 'click', amountE4: '4000' },
      { kind: 'credit', amountE4: '4000' },
    ]);
    expect((await payouts(advertiser))[0]).toMatchObject({ totalClicks: 3, totalRevenue: 0.8 });
  });

  it('when an admin credits a yen click, then the credit gives the yen back and the statement nets in yen', async () => {
    const advertiser = await newAdvertiser(stack);
    const [fraudulent, ...rest] = Array.from({ length: 3 }, () => adEventIn('JPY', 'click', advertiser, 75));
    await send(advertiser, [fraudulent!, ...rest]);

    const credited = await caller(stack, adminSession)('POST', '/api/admin/billing/credits', {
      adEventId: fraudulent!.data.adEventId,
      reason: 'Click farm',
    });
    await closePeriod();

    expect(credited.status).toBe(201);
    expect(credited.body).toMatchObject({ amount: 75, amountE4: 750_000, currency: 'JPY' });
    const credit = await stack.billing.db.query<{ currency: string }>(
      `SELECT currency FROM ledger_entries WHERE advertiser_id = $1 AND kind = 'credit'`,
      [advertiser.advertiserId],
    );
    expect(credit).toEqual([{ currency: 'JPY' }]);
    // ¥150 spend, fee ¥22.5 → ¥23.
    expect(await payouts(advertiser)).toEqual([
      expect.objectContaining({
        currency: 'JPY',
        totalClicks: 3,
        totalRevenue: 150,
        advertiserChargeCents: 173,
      }),
    ]);
  });

  it('when someone who is not an admin credits, or the event is unknown, then it is refused', async () => {
    const advertiser = await newAdvertiser(stack);
    const [click] = clicks(advertiser, 1, 0.4);
    await send(advertiser, [click!]);

    const asUser = await caller(stack, advertiser.session)('POST', '/api/admin/billing/credits', {
      adEventId: click!.data.adEventId,
      reason: 'mine',
    });
    const unknown = await caller(stack, adminSession)('POST', '/api/admin/billing/credits', {
      adEventId: crypto.randomUUID(),
      reason: 'no such event',
    });

    expect(asUser.status).toBe(403);
    expect(unknown.status).toBe(404);
  });
});

describe("the admin console's statements", () => {
  const asAdmin = () => caller(stack, adminSession);

  async function allStatements(query: string) {
    const seen: AdminStatementPage['statements'] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { status: number; body: AdminStatementPage } = await asAdmin()<AdminStatementPage>(
        'GET',
        `/api/admin/billing/statements?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.statements.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.statements);
      cursor = page.body.nextCursor;
    }
    return seen;
  }

  it("when an admin lists statements, then every advertiser's are there newest first, paged, with the invoice name and the charge in cents", async () => {
    const named = await newAdvertiser(stack);
    const saved = await caller(stack, named.session)('PUT', '/api/billing/details', {
      legalName: 'Sparkle Suds LLC',
      addressLine1: '1 Main Street',
      city: 'Springfield',
      country: 'US',
    });
    expect(saved.status).toBe(200);
    // 3 clicks at $0.35 = $1.05; fee 15% = $0.1575 → $0.16; charged $1.21.
    await send(named, clicks(named, 3, 0.35));
    const free = await newAdvertiser(stack);
    await send(free, impressions(free, 5, 0));
    await closePeriod();

    const all = await allStatements('');

    expect(new Set(all.map((statement) => statement.id)).size).toBe(all.length);
    const starts = all.map((statement) => new Date(statement.periodStart).getTime());
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(all.find((statement) => statement.advertiserId === named.advertiserId)).toMatchObject({
      advertiserName: 'Sparkle Suds LLC',
      chargeCents: 121,
      currency: 'USD',
      status: 'pending',
      state: 'due',
      // Closing the period starts a charge in the background: not tried yet, or tried without a card.
      lastDecline: expect.toSatisfy(
        (decline: { code: string } | null) => decline === null || decline.code === 'no_payment_method',
      ),
    });
    expect(all.find((statement) => statement.advertiserId === free.advertiserId)).toMatchObject({
      advertiserName: null,
      chargeCents: 0,
      status: 'processed',
      state: 'nothing_due',
      invoiceNumber: expect.stringMatching(/^INV-/),
    });
    const nothingDue = await allStatements('&state=nothing_due');
    expect(nothingDue.length).toBeGreaterThan(0);
    expect(nothingDue.every((statement) => statement.state === 'nothing_due')).toBe(true);
    expect(nothingDue.map((statement) => statement.advertiserId)).toContain(free.advertiserId);
    expect(nothingDue.map((statement) => statement.advertiserId)).not.toContain(named.advertiserId);
  });

  it('when the list is asked with a state, cursor or limit it does not know, or by someone not an admin, then it is refused', async () => {
    const advertiser = await newAdvertiser(stack);

    const state = await asAdmin()('GET', '/api/admin/billing/statements?state=bogus');
    const cursor = await asAdmin()('GET', '/api/admin/billing/statements?cursor=bm90LWEtY3Vyc29y');
    const limit = await asAdmin()('GET', '/api/admin/billing/statements?limit=0');
    const unknown = await asAdmin()('GET', '/api/admin/billing/statements?sort=name');
    const asUser = await caller(stack, advertiser.session)('GET', '/api/admin/billing/statements');
    const anonymous = await caller(stack)('GET', '/api/admin/billing/statements');

    expect([state.status, cursor.status, limit.status, unknown.status]).toEqual([400, 400, 400, 400]);
    expect(cursor.body).toMatchObject({ message: 'The cursor is not one this list gave.' });
    expect(asUser.status).toBe(403);
    expect(anonymous.status).toBe(401);
  });

  it("when an admin opens a statement's ad events, then each is listed with its cost in E4, and one given back says so", async () => {
    const advertiser = await newAdvertiser(stack);
    const billed = clicks(advertiser, 2, 0.4);
    await send(advertiser, billed);
    const credited = await asAdmin()('POST', '/api/admin/billing/credits', {
      adEventId: billed[0]!.data.adEventId,
      reason: 'Same address clicking twice a second',
    });
    expect(credited.status).toBe(201);
    await closePeriod();
    const [statement] = await payouts(advertiser);

    const entries = await asAdmin()<AdminStatementEntries>(
      'GET',
      `/api/admin/billing/statements/${statement!.id}/entries`,
    );
    const missing = await asAdmin()('GET', `/api/admin/billing/statements/${crypto.randomUUID()}/entries`);

    expect(entries.status).toBe(200);
    expect(entries.body.currency).toBe('USD');
    expect(entries.body.truncated).toBe(false);
    expect(entries.body.entries).toHaveLength(3);
    expect(entries.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sourceId: billed[0]!.data.adEventId,
          kind: 'click',
          amountE4: 4000,
          credited: true,
        }),
        expect.objectContaining({
          sourceId: billed[1]!.data.adEventId,
          kind: 'click',
          amountE4: 4000,
          credited: false,
        }),
        expect.objectContaining({
          kind: 'credit',
          amountE4: 4000,
          note: 'Same address clicking twice a second',
        }),
      ]),
    );
    expect(missing.status).toBe(404);
  });
});
