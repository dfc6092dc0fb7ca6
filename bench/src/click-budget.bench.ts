import type { Db } from '@laundry/platform';
import {
  billingCurrencies,
  formatUnits,
  type BillingCurrency,
  type Campaign,
  type ServedAd,
} from '@laundry/contracts';
import { dollarsToE4 } from '@laundry/contracts/money';
import { startStack, type TestStack } from '../../test/support/stack.ts';
import { apiClient, signUp, type Session } from '../../test/support/session.ts';
import { positive } from './bench-env.ts';
import { hostFacts } from './machine-facts.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { roundTo } from './statistics.ts';

/**
 * Budgets that hold in every billing currency: for each of the six, one advertiser billed in it runs one
 * campaign whose budget allows a few hundred clicks, and 1,000 clicks on served ads arrive at once through
 * the gateway of a real stack (PostgreSQL, RabbitMQ, Redis). In each currency the spend must never pass the
 * budget, the sum billed must be exactly the clicks the budget allows times the bid (E4, no rounding), and
 * billing's ledger must hold each billed click once, in that currency, at that amount.
 */
const COMMAND = 'npm run bench:click-budget -w bench';
const CLICKS = Math.round(positive('BENCH_CLICKS', 1_000));
const PLACEMENT = 'home-page';
/** How long billing may take to post the clicks it is told of through the bus. */
const LEDGER_WAIT_MS = 120_000;

/** Each currency's budget and bid: a whole number of clicks fits in none, and a few hundred fit in each. */
const plans: Record<BillingCurrency, { totalBudget: number; costPerClick: number }> = {
  USD: { totalBudget: 100, costPerClick: 0.3 },
  EUR: { totalBudget: 90, costPerClick: 0.35 },
  GBP: { totalBudget: 80, costPerClick: 0.3 },
  JPY: { totalBudget: 15_000, costPerClick: 45 },
  AUD: { totalBudget: 150, costPerClick: 0.45 },
  CAD: { totalBudget: 130, costPerClick: 0.35 },
};

/** A spot of its own per currency, far from the others', so each campaign is the only one served there. */
const spots: Record<BillingCurrency, { latitude: number; longitude: number }> = {
  USD: { latitude: 40.7128, longitude: -74.006 },
  EUR: { latitude: 48.8566, longitude: 2.3522 },
  GBP: { latitude: 51.5072, longitude: -0.1276 },
  JPY: { latitude: 35.6762, longitude: 139.6503 },
  AUD: { latitude: -33.8688, longitude: 151.2093 },
  CAD: { latitude: 43.6532, longitude: -79.3832 },
};

const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const write = (text: string) => process.stdout.write(text);

async function call<T>(stack: TestStack, session: Session, method: string, path: string, body?: unknown) {
  const response = await apiClient(stack.baseUrl, session)(path, { method, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An advertiser billed in `currency`, with billing's test card saved, whose campaigns the ad service serves. */
async function advertiserIn(stack: TestStack, currency: BillingCurrency): Promise<Session> {
  const session = await signUp(stack.baseUrl);
  await call(stack, session, 'POST', '/api/advertisers', {
    businessName: `Suds billed in ${currency}`,
    industry: 'laundromat',
    website: 'https://brightsuds.example',
    contactEmail: 'owner@brightsuds.example',
    billingCurrency: currency,
  });
  const started = await call<{ url: string }>(stack, session, 'POST', '/api/billing/payment-method');
  const saved = await fetch(`${stack.baseUrl}${started.url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '04 / 34' }).toString(),
  });
  if (saved.status !== 303) throw new Error(`the test card was not saved: ${saved.status}`);
  await until(
    async () => {
      const serving = await call<{ emailVerified: boolean; hasPaymentMethod: boolean }>(
        stack,
        session,
        'GET',
        '/api/advertisers/me/serving',
      );
      return serving.emailVerified && serving.hasPaymentMethod;
    },
    60_000,
    `the ad service hearing of ${currency}'s card`,
  );
  return session;
}

async function requestAd(stack: TestStack, spot: { latitude: number; longitude: number }) {
  const params = new URLSearchParams({
    placement: PLACEMENT,
    latitude: String(spot.latitude),
    longitude: String(spot.longitude),
  });
  const response = await fetch(`${stack.baseUrl}/api/ads?${params}`, {
    headers: { 'user-agent': browserAgent },
  });
  if (response.status === 204) return undefined;
  if (response.status !== 200) throw new Error(`GET /api/ads: ${response.status} ${await response.text()}`);
  return (await response.json()) as ServedAd;
}

/** `fn` over `items`, at most `width` at a time. */
async function inBatches<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  }
  return results;
}

const one = async <T extends object>(db: Db, sql: string, params: unknown[]) =>
  (await db.query<T>(sql, params))[0]!;

async function ledgerHasCurrency(billing: Db): Promise<boolean> {
  const row = await one<{ has: boolean }>(
    billing,
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name = 'ledger_entries'
                      AND column_name = 'currency') AS has`,
    [],
  );
  return row.has;
}

async function runCurrency(stack: TestStack, currency: BillingCurrency, ledgerCurrency: boolean) {
  const plan = plans[currency];
  const spot = spots[currency];
  const budgetE4 = dollarsToE4(plan.totalBudget);
  const bidE4 = dollarsToE4(plan.costPerClick);
  // Integer arithmetic: the clicks a budget allows and what they cost, exactly.
  const allowed = Math.floor(budgetE4 / bidE4);
  const session = await advertiserIn(stack, currency);
  const campaign = await call<Campaign>(stack, session, 'POST', '/api/campaigns', {
    title: `Half-price drying, billed in ${currency}`,
    description: 'Fresh towels, free wifi',
    targetUrl: 'https://brightsuds.example/offers',
    totalBudget: plan.totalBudget,
    dailyBudget: plan.totalBudget,
    costPerClick: plan.costPerClick,
    status: 'active',
    targetLatitude: spot.latitude,
    targetLongitude: spot.longitude,
    radiusKm: 5,
  });
  if (campaign.currency !== currency) throw new Error(`the campaign answered ${campaign.currency}`);
  await until(
    async () => (await requestAd(stack, spot))?.campaignId === campaign.id,
    30_000,
    `the ad server loading the ${currency} campaign`,
  );

  // The ads, each seen (a click is billable only after its impression); then every click at once.
  const ads = (await inBatches(Array.from({ length: CLICKS }), 100, () => requestAd(stack, spot))).filter(
    (ad): ad is ServedAd => ad?.campaignId === campaign.id,
  );
  await inBatches(ads, 100, (ad) =>
    fetch(`${stack.baseUrl}/api/ads/impressions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': browserAgent },
      body: JSON.stringify({ token: ad.token }),
    }).then((response) => response.arrayBuffer()),
  );
  const started = performance.now();
  const answers = await Promise.all(
    ads.map((ad) =>
      fetch(`${stack.baseUrl}${ad.clickUrl}`, {
        redirect: 'manual',
        headers: { 'user-agent': browserAgent },
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return String(response.status);
        },
        // A click the gateway never answered (a reset connection): named by its error, counted apart.
        (error: unknown) => `failed: ${(error as Error).cause ?? (error as Error).message}`,
      ),
    ),
  );
  const burstSeconds = (performance.now() - started) / 1000;

  const ad = stack.ad.db;
  const events = await one<{
    stored: number;
    billed: number;
    counted: number;
    exhausted: number;
    otherInvalid: number;
  }>(
    ad,
    `SELECT count(*)::int AS stored, COALESCE((SUM(cost) * 10000)::bigint, 0)::float8 AS billed,
            count(*) FILTER (WHERE invalid_reason IS NULL)::int AS counted,
            count(*) FILTER (WHERE invalid_reason = 'budget_exhausted')::int AS exhausted,
            count(*) FILTER (WHERE invalid_reason IS NOT NULL AND invalid_reason <> 'budget_exhausted')::int
              AS "otherInvalid"
     FROM ad_events WHERE campaign_id = $1 AND event_type = 'click'`,
    [campaign.id],
  );
  const spent = await one<{ spentE4: number; todayE4: number }>(
    ad,
    `SELECT (c.total_spent * 10000)::bigint::float8 AS "spentE4",
            COALESCE((SELECT (d.spent * 10000)::bigint::float8 FROM campaign_daily_spend d
                      WHERE d.campaign_id = c.id), 0) AS "todayE4"
     FROM campaigns c WHERE c.id = $1`,
    [campaign.id],
  );
  const expectedE4 = allowed * bidE4;
  const checks: Record<string, boolean> = {
    everyClickAnswered: answers.every((status) => status === '302'),
    spendWithinBudget: spent.spentE4 <= budgetE4 && spent.todayE4 <= budgetE4,
    countedIsWhatTheBudgetAllows: events.counted === allowed,
    billedIsExactlyAllowedTimesBid: events.billed === expectedE4 && spent.spentE4 === expectedE4,
    // Every click the service counted and did not bill was refused for the budget, and nothing else.
    restRefusedForBudget: events.exhausted === events.stored - allowed && events.otherInvalid === 0,
  };

  let ledger: Record<string, unknown> | null = null;
  if (ledgerCurrency) {
    const billing = stack.billing.db;
    const ledgerRows = () =>
      billing.query<{ sourceId: string; currency: string; amountE4: number }>(
        `SELECT source_id::text AS "sourceId", currency, amount_e4::float8 AS "amountE4"
         FROM ledger_entries WHERE campaign_id = $1 AND kind = 'click'`,
        [campaign.id],
      );
    const waited = performance.now();
    await until(
      async () => (await ledgerRows()).length >= allowed,
      LEDGER_WAIT_MS,
      `${currency} ledger`,
    ).catch(() => undefined);
    const rows = await ledgerRows();
    const validIds = new Set(
      (
        await ad.query<{ id: string }>(
          `SELECT id::text FROM ad_events WHERE campaign_id = $1 AND event_type = 'click' AND invalid_reason IS NULL`,
          [campaign.id],
        )
      ).map((row) => row.id),
    );
    const sources = new Set(rows.map((row) => row.sourceId));
    const sum = rows.reduce((total, row) => total + row.amountE4, 0);
    checks.ledgerHoldsEachBilledClickOnce =
      rows.length === allowed && sources.size === allowed && [...sources].every((id) => validIds.has(id));
    checks.ledgerInTheCurrency = rows.every((row) => row.currency === currency);
    checks.ledgerSumIsTheBilledSum = sum === expectedE4;
    ledger = {
      entries: rows.length,
      distinctEvents: sources.size,
      currencies: [...new Set(rows.map((row) => row.currency))],
      sumE4: sum,
      secondsToPostAfterBurst: roundTo((performance.now() - waited) / 1000, 2),
    };
  }

  const held = Object.values(checks).every(Boolean);
  write(
    `${currency}: ${ads.length} clicks in ${roundTo(burstSeconds, 2)} s; ${events.counted} billed ` +
      `(${formatUnits(expectedE4 / 10_000, currency)} of ${formatUnits(plan.totalBudget, currency)}), ` +
      `${events.exhausted} refused for the budget; ${held ? 'held' : `FAILED ${JSON.stringify(checks)}`}\n`,
  );
  return {
    currency,
    totalBudget: plan.totalBudget,
    costPerClick: plan.costPerClick,
    budgetE4,
    bidE4,
    clicksSent: ads.length,
    answers: Object.fromEntries(
      [...new Set(answers)].map((status) => [status, answers.filter((other) => other === status).length]),
    ),
    clicksStored: events.stored,
    clicksAllowedByBudget: allowed,
    clicksBilled: events.counted,
    refusedForBudget: events.exhausted,
    otherInvalid: events.otherInvalid,
    billedE4: events.billed,
    expectedE4,
    spentE4: spent.spentE4,
    burstSeconds: roundTo(burstSeconds, 3),
    clicksPerSecond: roundTo(ads.length / burstSeconds, 1),
    ledger,
    checks,
    held,
  };
}

async function main() {
  const startedAt = new Date();
  write(`Starting a stack on the real servers; ${CLICKS} clicks at once per currency\n`);
  const stack = await startStack({
    RATE_LIMIT_PER_MINUTE: '100000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    ADS_REFRESH_MS: '100',
    UNVERIFIED_SPENDING_CAP: '100000',
    AD_BURST_CLICKS_PER_MINUTE: '100000',
    AD_BURST_IMPRESSIONS_PER_MINUTE: '100000',
    AD_DAILY_CLICKS_PER_ADDRESS: '100000',
    // A click answered otherwise than with its redirect says why in the services' error log.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  });
  try {
    if (!stack.realServers) throw new Error('PostgreSQL, RabbitMQ and Redis must answer for this benchmark');
    const ledgerCurrency = await ledgerHasCurrency(stack.billing.db);
    if (!ledgerCurrency) write("billing's ledger keeps no currency yet: the ledger is not checked\n");
    const results = [];
    for (const currency of billingCurrencies)
      results.push(await runCurrency(stack, currency, ledgerCurrency));
    const postgres = await one<{ version: string }>(
      stack.ad.db,
      "SELECT current_setting('server_version') AS version",
      [],
    );
    const file = await writeResults('click-budget', startedAt, {
      startedAt: startedAt.toISOString(),
      command: COMMAND,
      commit: gitCommit(),
      machine: { ...hostFacts(), postgres: postgres.version },
      settings: { clicksPerCurrency: CLICKS, placement: PLACEMENT, ledgerChecked: ledgerCurrency },
      currencies: results,
      allHeld: results.every((result) => result.held),
    });
    write(`Results: ${file}\n`);
    if (!results.every((result) => result.held)) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

await main();
// The stack's clients may keep the event loop alive a little after stop().
process.exit(process.exitCode ?? 0);
