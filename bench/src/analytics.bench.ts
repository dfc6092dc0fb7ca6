import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { createLogger, migrate, openPostgres, type Db } from '@laundry/platform';
import { AD_MIGRATIONS, seededUuid } from './ad-campaigns.ts';
import { createSeededRandom } from '../../scripts/src/seeded-random.ts';
import { benchEnv, positive } from './bench-env.ts';
import { startDistributedStack, type RunningStack } from './distributed-stack.ts';
import { machineFacts } from './machine-facts.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { roundTo } from './statistics.ts';

/**
 * The campaign analytics report for one campaign with 90 days and 10,000,000 events stored, through the
 * gateway as its owner: GET /api/campaigns/{id}/analytics by day over 90 days, and by hour over 31 days.
 * The events go into the ad service's ad_events with one INSERT … SELECT over generate_series, and the
 * rollups the counting path keeps (ad_stats_hourly, and ad_stats_daily by UTC day, which the report reads)
 * are computed from them with one INSERT … SELECT … GROUP BY each.
 */
const COMMAND = 'npm run bench:analytics -w bench';
const BENCH_RATE_LIMIT_PER_MINUTE = 100_000_000;
const DAY_MS = 86_400_000;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const CAMPAIGN_ID = seededUuid(createSeededRandom(18_031));
const PLACEHOLDER_ADVERTISER = seededUuid(createSeededRandom(18_032));
/** A campaign paid per click: what a valid click costs. */
const COST_PER_CLICK = 0.5;

/** Where the campaign's ads were seen: 40 cities, and 200 laundromats (5 in each city) for the detail slot. */
const CITIES: [string, string][] = [
  ['Paris', 'FR'],
  ['Lyon', 'FR'],
  ['London', 'GB'],
  ['Manchester', 'GB'],
  ['Berlin', 'DE'],
  ['Munich', 'DE'],
  ['Madrid', 'ES'],
  ['Barcelona', 'ES'],
  ['Rome', 'IT'],
  ['Milan', 'IT'],
  ['Amsterdam', 'NL'],
  ['Brussels', 'BE'],
  ['Vienna', 'AT'],
  ['Zurich', 'CH'],
  ['Lisbon', 'PT'],
  ['Dublin', 'IE'],
  ['Stockholm', 'SE'],
  ['Oslo', 'NO'],
  ['Copenhagen', 'DK'],
  ['Warsaw', 'PL'],
  ['Prague', 'CZ'],
  ['New York', 'US'],
  ['Los Angeles', 'US'],
  ['Chicago', 'US'],
  ['Houston', 'US'],
  ['Toronto', 'CA'],
  ['Montréal', 'CA'],
  ['Mexico City', 'MX'],
  ['São Paulo', 'BR'],
  ['Buenos Aires', 'AR'],
  ['Tokyo', 'JP'],
  ['Osaka', 'JP'],
  ['Seoul', 'KR'],
  ['Singapore', 'SG'],
  ['Sydney', 'AU'],
  ['Melbourne', 'AU'],
  ['Mumbai', 'IN'],
  ['Bangkok', 'TH'],
  ['Cape Town', 'ZA'],
  ['Istanbul', 'TR'],
];
const LAUNDROMATS = 200;

const logger = createLogger('bench', process.env.LOG_LEVEL ?? 'warn');
const write = (text: string) => process.stdout.write(text);
const seconds = (since: number) => roundTo((performance.now() - since) / 1000, 1);

interface LoadFacts {
  reused: boolean;
  events: number;
  rollupRows: number;
  dailyRollupRows: number;
  loadedAt: string;
  insertSeconds?: number;
  indexSeconds?: number;
  rollupSeconds?: number;
  eventsTableBytes: number;
  rollupTableBytes: number;
  dailyRollupTableBytes: number;
}

/** The service's own indexes of ad_events, as its migrations made them, to drop while loading and rebuild after. */
async function eventIndexes(db: Db): Promise<{ primaryKey: string; indexes: string[] }> {
  const [pk] = await db.query<{ definition: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
     WHERE c.conrelid = 'ad_events'::regclass AND c.contype = 'p'`,
  );
  const indexes = await db.query<{ indexdef: string }>(
    `SELECT indexdef FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = 'ad_events'
       AND i.indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'ad_events'::regclass)`,
  );
  if (!pk) throw new Error('ad_events has no primary key: drop the schema and run again');
  return { primaryKey: pk.definition, indexes: indexes.map((row) => row.indexdef) };
}

/**
 * One chunk of events, `from`–`to` of `total` numbered events spread evenly over the 90 days before
 * `end`: 40 % in the home sidebar, 30 % in the home page slot (both in one of the cities), 30 % beside one of
 * the laundromats (in its city); one in 50 a click, about 3 % invalid (bots, bursts), clicks charged.
 */
function insertEventsSql(): string {
  const cities = CITIES.map(([name]) => `'${name.replace(/'/g, "''")}'`).join(',');
  const countries = CITIES.map(([, country]) => `'${country}'`).join(',');
  return `
    INSERT INTO ad_events (decision_id, campaign_id, placement_id, event_type, user_agent, ip_address, user_city,
                           user_country, laundromat_id, cost, revenue, invalid_reason, created_at)
    SELECT gen_random_uuid(), $1::uuid, p.placement, e.event_type, 'Mozilla/5.0 (bench)',
           '10.' || (g % 250) || '.' || (g / 250 % 250) || '.1',
           (ARRAY[${cities}])[1 + p.city], (ARRAY[${countries}])[1 + p.city], p.laundromat,
           e.cost, e.cost, e.invalid, $4::timestamptz - interval '90 days' + (g - 1) * ($5::float8 * interval '1 ms')
    FROM generate_series($2::bigint, $3::bigint) AS g
    CROSS JOIN LATERAL (SELECT
      CASE WHEN g % 10 < 4 THEN $6::uuid WHEN g % 10 < 7 THEN $7::uuid ELSE $8::uuid END AS placement,
      CASE WHEN g % 10 < 7 THEN (g * 7919 % ${CITIES.length})::int ELSE (g / 10 % ${LAUNDROMATS} % ${CITIES.length})::int END AS city,
      CASE WHEN g % 10 < 7 THEN NULL
           ELSE ('00000000-0000-4000-8000-' || lpad((g / 10 % ${LAUNDROMATS})::text, 12, '0'))::uuid END AS laundromat
    ) AS p
    CROSS JOIN LATERAL (SELECT
      CASE WHEN g % 50 = 0 THEN 'click' ELSE 'impression' END AS event_type,
      CASE WHEN g % 53 = 0 THEN 'bot' WHEN g % 97 = 0 THEN 'burst' END AS invalid,
      CASE WHEN g % 50 = 0 AND g % 53 <> 0 AND g % 97 <> 0 THEN ${COST_PER_CLICK} ELSE 0 END::numeric AS cost
    ) AS e`;
}

/**
 * Loads the schema afresh: the ad service's migrations, a placeholder advertiser and the campaign, the events
 * (two INSERTs side by side, one per core, with the table's indexes dropped meanwhile and rebuilt after), then
 * the hourly rollups from the events, the daily ones from the hourly, and the campaign's totals.
 */
async function loadEvents(url: string, schema: string, total: number): Promise<LoadFacts> {
  const admin = await openPostgres({ url, schema, logger, max: 1 });
  await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.close();
  const db = await openPostgres({ url, schema, logger, max: 2 });
  try {
    await migrate(db, AD_MIGRATIONS, { logger });
    await db.query(
      `INSERT INTO advertisers (id, user_id, business_name, contact_email) VALUES ($1, $1, 'Placeholder', 'p@example.test')`,
      [PLACEHOLDER_ADVERTISER],
    );
    await db.query(
      `INSERT INTO campaigns (id, advertiser_id, title, target_url, daily_budget, total_budget, cost_per_click, status,
                              moderation_status, start_date)
       VALUES ($1, $2, 'Ninety days of ads', 'https://bench-laundry.example.com/', 1000, 100000, $3, 'active', 'approved',
               (now() - interval '90 days')::date)`,
      [CAMPAIGN_ID, PLACEHOLDER_ADVERTISER, COST_PER_CLICK],
    );
    const placements = await db.query<{ id: string; key: string }>('SELECT id, key FROM ad_placements');
    const placement = (key: string) => placements.find((p) => p.key === key)!.id;
    const { primaryKey, indexes } = await eventIndexes(db);
    await db.exec(
      `ALTER TABLE ad_events DROP CONSTRAINT ad_events_pkey; ${indexes
        .map((def) => `DROP INDEX ${/INDEX (\S+) ON/.exec(def)![1]}`)
        .join('; ')}`,
    );
    const end = new Date();
    const stepMs = (90 * DAY_MS) / total;
    const half = Math.floor(total / 2);
    let started = performance.now();
    write(`  inserting ${total.toLocaleString('en')} events...\n`);
    const sql = insertEventsSql();
    const params = (from: number, to: number) => [
      CAMPAIGN_ID,
      from,
      to,
      end.toISOString(),
      stepMs,
      placement('home-sidebar'),
      placement('home-page'),
      placement('laundromat-detail'),
    ];
    await Promise.all([db.query(sql, params(1, half)), db.query(sql, params(half + 1, total))]);
    const insertSeconds = seconds(started);
    started = performance.now();
    write(`  ${insertSeconds} s; rebuilding the indexes...\n`);
    await db.exec(`ALTER TABLE ad_events ADD CONSTRAINT ad_events_pkey ${primaryKey}`);
    for (const def of indexes) await db.exec(def);
    const indexSeconds = seconds(started);
    started = performance.now();
    write(`  ${indexSeconds} s; computing the hourly rollups...\n`);
    await db.query(
      `INSERT INTO ad_stats_hourly (campaign_id, hour, placement_key, country, city, laundromat_id, impressions, clicks,
                                    invalid, spend)
       SELECT e.campaign_id, date_trunc('hour', e.created_at), p.key, COALESCE(e.user_country, ''),
              COALESCE(e.user_city, ''), COALESCE(e.laundromat_id, '${NIL_UUID}'),
              count(*) FILTER (WHERE e.invalid_reason IS NULL AND e.event_type = 'impression'),
              count(*) FILTER (WHERE e.invalid_reason IS NULL AND e.event_type = 'click'),
              count(*) FILTER (WHERE e.invalid_reason IS NOT NULL),
              COALESCE(sum(e.cost) FILTER (WHERE e.invalid_reason IS NULL), 0)
       FROM ad_events e JOIN ad_placements p ON p.id = e.placement_id
       WHERE e.campaign_id = $1
       GROUP BY 1, 2, 3, 4, 5, 6`,
      [CAMPAIGN_ID],
    );
    await db.query(
      `INSERT INTO ad_stats_daily (campaign_id, day, placement_key, country, city, laundromat_id, impressions, clicks,
                                   invalid, spend)
       SELECT campaign_id, (hour AT TIME ZONE 'UTC')::date, placement_key, country, city, laundromat_id,
              sum(impressions), sum(clicks), sum(invalid), sum(spend)
       FROM ad_stats_hourly WHERE campaign_id = $1
       GROUP BY 1, 2, 3, 4, 5, 6`,
      [CAMPAIGN_ID],
    );
    await db.query(
      `UPDATE campaigns c SET total_impressions = s.impressions, total_clicks = s.clicks, total_spent = s.spend
       FROM (SELECT sum(impressions) AS impressions, sum(clicks) AS clicks, sum(spend) AS spend
             FROM ad_stats_hourly WHERE campaign_id = $1) s
       WHERE c.id = $1`,
      [CAMPAIGN_ID],
    );
    await db.exec('ANALYZE ad_events; ANALYZE ad_stats_hourly; ANALYZE ad_stats_daily; ANALYZE campaigns');
    const rollupSeconds = seconds(started);
    await db.exec(
      `CREATE TABLE bench_analytics_load (events bigint NOT NULL, loaded_at timestamptz NOT NULL)`,
    );
    await db.query(`INSERT INTO bench_analytics_load VALUES ($1, $2)`, [total, end.toISOString()]);
    return { ...(await loadedFacts(db, end)), reused: false, insertSeconds, indexSeconds, rollupSeconds };
  } finally {
    await db.close();
  }
}

async function loadedFacts(db: Db, loadedAt: Date) {
  const [facts] = await db.query<{
    events: number;
    rollupRows: number;
    dailyRollupRows: number;
    eventsTableBytes: number;
    rollupTableBytes: number;
    dailyRollupTableBytes: number;
  }>(
    `SELECT (SELECT count(*) FROM ad_events) AS events, (SELECT count(*) FROM ad_stats_hourly) AS "rollupRows",
            (SELECT count(*) FROM ad_stats_daily) AS "dailyRollupRows",
            pg_total_relation_size('ad_events') AS "eventsTableBytes",
            pg_total_relation_size('ad_stats_hourly') AS "rollupTableBytes",
            pg_total_relation_size('ad_stats_daily') AS "dailyRollupTableBytes"`,
  );
  return { ...facts!, loadedAt: loadedAt.toISOString() };
}

/**
 * The load of an earlier run, when it holds `total` events and was made less than a day ago, brought to the
 * ad service's newest migrations as the service would on start (a newer rollup is filled from the older).
 */
async function earlierLoad(db: Db, total: number): Promise<LoadFacts | undefined> {
  const [marker] = await db
    .query<{ events: number; loadedAt: Date }>(
      `SELECT events, loaded_at AS "loadedAt" FROM bench_analytics_load
       WHERE loaded_at > now() - interval '1 day'`,
    )
    .catch(() => []);
  if (!marker || Number(marker.events) !== total) return undefined;
  await migrate(db, AD_MIGRATIONS, { logger });
  return { ...(await loadedFacts(db, marker.loadedAt)), reused: true };
}

async function signUp(gatewayUrl: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-analytics-${Date.now()}-${randomBytes(3).toString('hex')}@example.test`,
      password: 'correct horse battery',
      confirmAge13: true,
    }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (response.status !== 201 || !cookie) throw new Error(`sign-up failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

async function createAdvertiser(gatewayUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/advertisers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      businessName: 'Bench Laundry Co.',
      contactEmail: 'owner@bench-laundry.example.com',
    }),
  });
  const body = (await response.json()) as { id?: string };
  if (response.status !== 201 || !body.id)
    throw new Error(`advertiser: ${response.status} ${JSON.stringify(body)}`);
  return body.id;
}

interface Timings {
  requests: number;
  firstMs: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  responseBytes: number;
  seriesPoints: number;
}

interface Report {
  totals: { impressions: number; clicks: number; spend: number; invalid: number };
  series: unknown[];
}

/** `count` requests one after another (a person's dashboard asks one at a time), after `warmup` not counted. */
async function timeReport(
  gatewayUrl: string,
  cookie: string,
  path: () => string,
  count: number,
  warmup: number,
): Promise<Timings & { last: Report }> {
  const latencies: number[] = [];
  let first = 0;
  let bytes = 0;
  let last: Report | undefined;
  for (let i = 0; i < warmup + count; i++) {
    const started = performance.now();
    const response = await fetch(`${gatewayUrl}${path()}`, { headers: { cookie } });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${path()}: ${response.status} ${text.slice(0, 200)}`);
    if (i === 0) first = ms;
    if (i >= warmup) latencies.push(ms);
    bytes = text.length;
    last = JSON.parse(text) as Report;
  }
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    roundTo(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!, 1);
  return {
    requests: count,
    firstMs: roundTo(first, 1),
    p50: at(0.5),
    p90: at(0.9),
    p95: at(0.95),
    p99: at(0.99),
    max: roundTo(sorted.at(-1)!, 1),
    mean: roundTo(sorted.reduce((sum, v) => sum + v, 0) / sorted.length, 1),
    responseBytes: bytes,
    seriesPoints: last!.series.length,
    last: last!,
  };
}

/** The report's totals against the events themselves, counted in SQL over the same window. */
async function eventTotals(db: Db, from: Date, to: Date) {
  const [row] = await db.query<{ impressions: number; clicks: number; invalid: number; spend: number }>(
    `SELECT count(*) FILTER (WHERE invalid_reason IS NULL AND event_type = 'impression') AS impressions,
            count(*) FILTER (WHERE invalid_reason IS NULL AND event_type = 'click') AS clicks,
            count(*) FILTER (WHERE invalid_reason IS NOT NULL) AS invalid,
            COALESCE(sum(cost) FILTER (WHERE invalid_reason IS NULL), 0)::float8 AS spend
     FROM ad_events
     WHERE campaign_id = $1 AND created_at >= date_trunc('hour', $2::timestamptz)
       AND date_trunc('hour', created_at) < $3::timestamptz`,
    [CAMPAIGN_ID, from.toISOString(), to.toISOString()],
  );
  return row!;
}

async function main(): Promise<void> {
  const env = benchEnv();
  const schema = process.env.BENCH_ANALYTICS_SCHEMA ?? 'bench_ad_analytics';
  const total = Math.round(positive('BENCH_ANALYTICS_EVENTS', 10_000_000));
  const count = Math.round(positive('BENCH_ANALYTICS_REQUESTS', 200));
  const hourCount = Math.round(positive('BENCH_ANALYTICS_HOUR_REQUESTS', 50));
  const warmup = Math.round(positive('BENCH_ANALYTICS_WARMUP', 10));
  const reload = process.env.BENCH_ANALYTICS_RELOAD === 'true';
  const startedAt = new Date();

  const db = await openPostgres({ url: env.databaseUrl, schema, logger, max: 2 });
  let stack: RunningStack | undefined;
  const interrupt = () => {
    write('\nInterrupted: stopping the stack\n');
    void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const machineBefore = await machineFacts(db);
    let load = reload ? undefined : await earlierLoad(db, total);
    if (load)
      write(`Using the ${total.toLocaleString('en')} events loaded at ${load.loadedAt} in "${schema}"\n`);
    else {
      write(`Loading ${total.toLocaleString('en')} events into "${schema}" (about three minutes)...\n`);
      load = await loadEvents(env.databaseUrl, schema, total);
    }
    write(
      `  ${load.rollupRows.toLocaleString('en')} hourly and ${load.dailyRollupRows.toLocaleString('en')} daily rollup rows${load.rollupSeconds === undefined ? '' : ` (${load.rollupSeconds} s)`}\n`,
    );

    write('Starting the distributed stack...\n');
    stack = await startDistributedStack({
      databaseUrl: env.databaseUrl,
      amqpUrl: env.amqpUrl,
      redisUrl: env.redisUrl,
      directorySchema: 'bench_analytics_directory',
      identitySchema: 'bench_analytics_identity',
      schemaPrefix: 'bench_analytics',
      adSchema: schema,
      rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
      busNamespace: `bench-analytics-${randomBytes(4).toString('hex')}.`,
      removeNamespaceOnStop: true,
      // The data retention sweep is off: its first pass over 10,000,000 events of the last 90 days (deleting the
      // oldest, anonymising addresses) would run beside the timed reports, and delete events the totals are
      // checked against. A live service sweeps a little each hour.
      env: { RETENTION_INTERVAL_MS: '0' },
    });
    // The owner: a new account, its advertiser profile made through the API, and the campaign moved to it.
    const cookie = await signUp(stack.gatewayUrl);
    const advertiserId = await createAdvertiser(stack.gatewayUrl, cookie);
    await db.query('UPDATE campaigns SET advertiser_id = $2 WHERE id = $1', [CAMPAIGN_ID, advertiserId]);

    const now = new Date();
    const windows = {
      day: { from: new Date(now.getTime() - 90 * DAY_MS), to: now, granularity: 'day' },
      hour: { from: new Date(now.getTime() - 31 * DAY_MS), to: now, granularity: 'hour' },
    } as const;
    const pathOf = (w: (typeof windows)[keyof typeof windows]) => () =>
      `/api/campaigns/${CAMPAIGN_ID}/analytics?from=${w.from.toISOString()}&to=${w.to.toISOString()}&granularity=${w.granularity}`;

    write(
      `\nGET /api/campaigns/{id}/analytics as the owner, one request at a time: ${count} by day and ${hourCount} by hour, each after ${warmup}\n`,
    );
    const results: Record<string, Timings> = {};
    const checks: Record<
      string,
      { report: Report['totals']; events: Awaited<ReturnType<typeof eventTotals>> }
    > = {};
    for (const [name, window] of Object.entries(windows)) {
      const n = name === 'day' ? count : hourCount;
      const { last, ...timings } = await timeReport(stack.gatewayUrl, cookie, pathOf(window), n, warmup);
      results[name] = timings;
      checks[name] = { report: last.totals, events: await eventTotals(db, window.from, window.to) };
      const label = name === 'day' ? 'by day, 90 days' : 'by hour, 31 days';
      write(
        `  ${label.padEnd(18)} p50 ${timings.p50} ms, p95 ${timings.p95} ms, p99 ${timings.p99} ms, max ${timings.max} ms (first ${timings.firstMs} ms); ${timings.seriesPoints} points, ${timings.responseBytes} bytes\n`,
      );
    }
    const agree = Object.values(checks).every(
      ({ report, events }) =>
        report.impressions === Number(events.impressions) &&
        report.clicks === Number(events.clicks) &&
        report.invalid === Number(events.invalid) &&
        Math.abs(report.spend - events.spend) < 0.005,
    );
    write(
      `  the report's totals ${agree ? 'equal' : 'DIFFER from'} the events counted in SQL over the same window\n`,
    );
    const goal = { p95Ms: 300, measured: results.day!.p95, met: results.day!.p95 <= 300 };
    write(`Goal (90 days by day, p95 ≤ 300 ms): ${goal.met ? 'met' : 'NOT met'}\n`);

    const machine = { ...machineBefore, loadAverageAfter: (await machineFacts(db)).loadAverage };
    const file = await writeResults('analytics', startedAt, {
      startedAt: startedAt.toISOString(),
      command: COMMAND,
      commit: gitCommit(),
      machine,
      settings: {
        events: total,
        days: 90,
        cities: CITIES.length,
        laundromats: LAUNDROMATS,
        placements: { 'home-sidebar': 0.4, 'home-page': 0.3, 'laundromat-detail': 0.3 },
        clickEvery: 50,
        costPerClick: COST_PER_CLICK,
        requests: { day: count, hour: hourCount },
        warmupRequests: warmup,
        inFlight: 1,
        schema,
        rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
        stackLogLevel: 'warn',
      },
      load,
      results,
      totalsCheck: { agree, ...checks },
      goal,
    });
    write(`Results written to bench/results/${basename(file)}\n`);
  } finally {
    await stack?.stop();
    await db.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
