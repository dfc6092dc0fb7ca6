import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { ServedAd } from '@laundry/contracts';
import { createLogger, createMemoryCache, openPostgres, type Db } from '@laundry/platform';
import { createAdServer, type Viewer } from '../../services/ad/src/domain/delivery/ad-server.ts';
import { frequencyKey } from '../../services/ad/src/domain/delivery/ad-counting.ts';
import { matchesTargeting } from '../../services/ad/src/domain/delivery/ad-selection.ts';
import { createDeliveryRepository } from '../../services/ad/src/infra/delivery-repository.ts';
import { createDirectoryPlaces } from '../../services/ad/src/infra/directory-places.ts';
import { adConfigSchema } from '../../services/ad/src/config.ts';
import { createSeededRandom } from '../../scripts/src/seeded-random.ts';
import {
  createGazetteer,
  defaultCampaignMix,
  generateCampaigns,
  insertCampaigns,
  placeOf,
  precomputedDirectory,
  prepareAdSchema,
  seededUuid,
  worldCities,
  worldPoints,
  type BenchCampaign,
  type Point,
} from './ad-campaigns.ts';
import { benchEnv, positive } from './bench-env.ts';
import { startDistributedStack, type RunningStack } from './distributed-stack.ts';
import { machineFacts } from './machine-facts.ts';
import { combineRounds, measureHttp, throughputRatios, type Measurement } from './measurement.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { median, roundTo } from './statistics.ts';

/**
 * Ad decisions with 10,000 active campaigns of mixed targeting, for points around the world: the decision
 * engine in-process (createAdServer.decide, no HTTP) and GET /api/ads through the gateway of the distributed
 * stack, beside a trivial request through the same gateway and service in the same run.
 */
const COMMAND = 'npm run bench:ads -w bench';
const BENCH_RATE_LIMIT_PER_MINUTE = 100_000_000;
const PLACEMENT = 'home-page';
/** The ad service's own setting, as production runs it unless BENCH_ADS_REFRESH_MS says otherwise. */
const DEFAULT_REFRESH_MS = adConfigSchema.shape.ADS_REFRESH_MS.parse(undefined);
/** Viewers with advertising consent (a first-party id each); half the requests come from one of them. */
const VIEWERS = 1_000;

const logger = createLogger('bench', process.env.LOG_LEVEL ?? 'warn');
const write = (text: string) => process.stdout.write(text);

const adPath = (point: Point) =>
  `/api/ads?placement=${PLACEMENT}&latitude=${point.latitude}&longitude=${point.longitude}`;

interface Sampled {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
}

function summarise(latencies: Float64Array): Sampled {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return {
    count: sorted.length,
    p50: roundTo(at(0.5), 3),
    p90: roundTo(at(0.9), 3),
    p99: roundTo(at(0.99), 3),
    p999: roundTo(at(0.999), 3),
    max: roundTo(sorted.at(-1)!, 3),
    mean: roundTo(mean, 3),
  };
}

/** `runs` timings of `fn` in milliseconds, and their median. */
async function timed(runs: number, fn: () => unknown): Promise<{ runsMs: number[]; medianMs: number }> {
  const runsMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    runsMs.push(roundTo(performance.now() - started, 1));
  }
  return { runsMs, medianMs: median(runsMs) };
}

/**
 * The decision engine in this process: the real SQL repository's loadServable against the loaded schema,
 * the real PlaceResolver (infra/directory-places.ts, which remembers the directory's answer per ~1 km) in
 * front of a directory answering from a table computed with the directory's own gazetteer, and the platform's
 * in-memory cache for frequency caps. Every point is asked once first, so the measured decisions find the
 * place remembered, as the service does in steady state.
 */
async function measureInProcess(
  db: Db,
  points: readonly Point[],
  campaigns: readonly BenchCampaign[],
  decisions: number,
  directory: ReturnType<typeof precomputedDirectory>,
) {
  const cache = createMemoryCache();
  const viewers = Array.from({ length: VIEWERS }, (_, i) => `c:${seededUuid(createSeededRandom(i + 1))}`);
  // Some consenting viewers have already reached some campaigns' caps today, so the engine meets full caps.
  const random = createSeededRandom(18_013);
  const capped = campaigns.filter((c) => c.frequencyCap !== null);
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < 20_000; i++) {
    const campaign = capped[Math.floor(random() * capped.length)]!;
    const viewer = viewers[Math.floor(random() * viewers.length)]!;
    await cache.set(frequencyKey(campaign.id, viewer, today), campaign.frequencyCap, 86_400);
  }
  const server = createAdServer({
    db,
    store: createDeliveryRepository(),
    cache,
    places: createDirectoryPlaces(directory),
    logger,
    tokenSecret: randomBytes(32).toString('hex'),
    houseAds: true,
    trialCreditE4: 50_000,
  });
  // The first load reads every campaign's row; later ones read the counts and spend, and rows that changed.
  const firstLoad = await timed(1, () => server.refresh());
  const reload = await timed(5, () => server.refresh());
  const pace = await timed(3, () => server.pace());
  const viewerFor = (i: number): Viewer => ({
    userId: null,
    viewerKey: i % 2 === 0 ? viewers[(i * 7919) % viewers.length]! : null,
    clientAddress: `10.0.${i % 250}.1`,
  });
  const decide = (i: number) => {
    const point = points[i % points.length]!;
    return server.decide(
      { placement: PLACEMENT, latitude: point.latitude, longitude: point.longitude },
      viewerFor(i),
      true,
    );
  };
  // Warm-up: every point once (the place is then remembered), then as many decisions again.
  for (let i = 0; i < 2 * points.length; i++) await decide(i);

  const latencies = new Float64Array(decisions);
  const served = new Map<string, number>();
  let house = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < decisions; i++) {
    const t0 = performance.now();
    const ad = await decide(i + 1);
    latencies[i] = performance.now() - t0;
    if (!ad?.campaignId) house += 1;
    else served.set(ad.campaignId, (served.get(ad.campaignId) ?? 0) + 1);
  }
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    decisions: summarise(latencies),
    decisionsPerSecond: roundTo(decisions / (wallMs / 1000), 0),
    cpuMsPerDecision: roundTo((cpu.user + cpu.system) / 1000 / decisions, 4),
    campaignAdShare: roundTo((decisions - house) / decisions, 4),
    distinctCampaignsServed: served.size,
    servableCampaigns: server.size,
    firstLoadMs: firstLoad.medianMs,
    reloadMs: reload,
    paceMs: pace,
  };
}

/** Asks the gateway for every point, `connections` at a time: the directory then reverse-geocodes each once. */
async function askEveryPoint(
  gatewayUrl: string,
  points: readonly Point[],
  connections: number,
): Promise<number> {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < points.length) {
        const point = points[next++]!;
        const response = await fetch(`${gatewayUrl}${adPath(point)}`);
        await response.arrayBuffer();
        if (response.status !== 200) failed += 1;
      }
    }),
  );
  return failed;
}

/** Waits until the ad service has loaded the campaigns: a point inside a radius target gets a campaign's ad. */
async function waitForCampaigns(gatewayUrl: string, point: Point, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${gatewayUrl}${adPath(point)}`);
    const ad = response.status === 200 ? ((await response.json()) as ServedAd) : undefined;
    if (ad?.campaignId) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the ad service did not serve the loaded campaigns in time');
}

/** Served ads whose campaign's targeting does not match the point, out of `sample` points asked through the gateway. */
async function mismatches(
  gatewayUrl: string,
  points: readonly Point[],
  campaigns: ReadonlyMap<string, BenchCampaign>,
  gazetteer: ReturnType<typeof createGazetteer>,
  sample: number,
): Promise<{ asked: number; campaignAds: number; mismatched: number }> {
  let campaignAds = 0;
  let mismatched = 0;
  for (const point of points.slice(0, sample)) {
    const response = await fetch(`${gatewayUrl}${adPath(point)}`);
    const ad = (await response.json()) as ServedAd;
    if (!ad.campaignId) continue;
    campaignAds += 1;
    const c = campaigns.get(ad.campaignId)!;
    const named = placeOf(gazetteer, point);
    const matches = matchesTargeting(
      {
        ...c,
        advertiserUserId: '',
        description: null,
        imageUrl: null,
        targetCountries: new Set(c.targetCountries),
        area:
          c.radiusKm !== null
            ? { latitude: c.targetLatitude!, longitude: c.targetLongitude!, radiusKm: c.radiusKm }
            : null,
        throttle: 1,
      },
      { ...point, city: named?.city ?? null, country: named?.country ?? null },
    );
    if (!matches) mismatched += 1;
  }
  return { asked: sample, campaignAds, mismatched };
}

function formatRow(label: string, m: Measurement, baseline?: Measurement): string {
  const ratio = baseline ? `${((m.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)} %` : '';
  return `  ${label.padEnd(44)}${String(m.requestsPerSecond).padStart(10)}${String(m.p50).padStart(8)}${String(
    m.p99,
  ).padStart(8)}${String(m.errors).padStart(8)}${ratio.padStart(10)}\n`;
}

async function main(): Promise<void> {
  const env = benchEnv();
  const schema = process.env.BENCH_ADS_SCHEMA ?? 'bench_ads';
  const count = Math.round(positive('BENCH_ADS_CAMPAIGNS', 10_000));
  const pointCount = Math.round(positive('BENCH_ADS_POINTS', 3_000));
  const decisions = Math.round(positive('BENCH_ADS_DECISIONS', 50_000));
  const refreshMs = Math.round(positive('BENCH_ADS_REFRESH_MS', DEFAULT_REFRESH_MS));
  const { connections, warmupSeconds: warmup } = env;
  const seconds = positive('BENCH_DURATION', 4);
  const rounds = Math.round(positive('BENCH_ROUNDS', 5));
  const startedAt = new Date();

  write(`Loading the offline gazetteer and generating ${count} campaigns and ${pointCount} points...\n`);
  const gazetteer = createGazetteer();
  gazetteer.load();
  const cities = worldCities();
  const { advertisers, campaigns } = generateCampaigns({ ...defaultCampaignMix, count }, cities, gazetteer);
  const byId = new Map(campaigns.map((c) => [c.id, c]));
  const points = worldPoints(pointCount, cities);
  const directory = precomputedDirectory(gazetteer, points);

  const db = await openPostgres({ url: env.databaseUrl, schema, logger, max: 10 });
  let stack: RunningStack | undefined;
  const interrupt = () => {
    write('\nInterrupted: stopping the stack\n');
    void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    await prepareAdSchema(db, logger);
    await insertCampaigns(db, advertisers, campaigns);
    const mix = Object.fromEntries(
      (['radius', 'city', 'country', 'worldwide'] as const).map((kind) => [
        kind,
        campaigns.filter((c) => c.kind === kind).length,
      ]),
    );
    const machineBefore = await machineFacts(db);

    write(`\nIn-process: ${decisions} decisions after a warm-up of ${2 * points.length}...\n`);
    const inProcess = await measureInProcess(db, points, campaigns, decisions, directory);
    const d = inProcess.decisions;
    write(
      `  decide(): p50 ${d.p50} ms, p90 ${d.p90} ms, p99 ${d.p99} ms, p99.9 ${d.p999} ms, max ${d.max} ms; ${inProcess.cpuMsPerDecision} ms of CPU each; a campaign's ad in ${(inProcess.campaignAdShare * 100).toFixed(1)} % (${inProcess.distinctCampaignsServed} campaigns)\n`,
    );
    write(
      `  refresh() of ${inProcess.servableCampaigns} campaigns: first ${inProcess.firstLoadMs} ms, then ${inProcess.reloadMs.medianMs} ms; pace(): ${inProcess.paceMs.medianMs} ms\n`,
    );

    const namespace = `bench-ads-${randomBytes(4).toString('hex')}.`;
    write(`\nStarting the distributed stack (ad service on "${schema}", ADS_REFRESH_MS=${refreshMs})...\n`);
    stack = await startDistributedStack({
      databaseUrl: env.databaseUrl,
      amqpUrl: env.amqpUrl,
      redisUrl: env.redisUrl,
      directorySchema: 'bench_ads_directory',
      identitySchema: 'bench_ads_identity',
      schemaPrefix: 'bench_ads',
      adSchema: schema,
      rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
      busNamespace: namespace,
      removeNamespaceOnStop: true,
      env: { ADS_REFRESH_MS: String(refreshMs) },
    });
    const radiusCampaign = campaigns.find((c) => c.kind === 'radius')!;
    await waitForCampaigns(stack.gatewayUrl, {
      latitude: radiusCampaign.targetLatitude!,
      longitude: radiusCampaign.targetLongitude!,
    });
    const warmStarted = performance.now();
    const warmFailures = await askEveryPoint(stack.gatewayUrl, points, connections);
    const warmUpSeconds = roundTo((performance.now() - warmStarted) / 1000, 1);
    write(`  every point asked once through the gateway in ${warmUpSeconds} s (${warmFailures} not 200)\n`);
    const check = await mismatches(stack.gatewayUrl, points, byId, gazetteer, 300);
    write(
      `  ${check.campaignAds} campaign ads for ${check.asked} points, ${check.mismatched} not targeted there\n`,
    );

    const viewers = Array.from({ length: VIEWERS }, (_, i) => seededUuid(createSeededRandom(100_000 + i)));
    const cookieFor = (i: number): Record<string, string> =>
      i % 2 === 0 ? { cookie: `lf_ad_id=${viewers[(i * 7919) % viewers.length]}` } : {};
    const gateway = stack.gatewayUrl;
    const runs: [string, (s: number) => Promise<Measurement>][] = [
      [
        'trivial: GET /api/advertisers/me, 401',
        (s) => measureHttp(gateway, connections, s, () => '/api/advertisers/me', { expectedStatus: 401 }),
      ],
      ["gateway's own GET /alive", (s) => measureHttp(gateway, connections, s, () => '/alive')],
      [
        'GET /api/ads (the decision)',
        (s) =>
          measureHttp(gateway, connections, s, (i) => adPath(points[i % points.length]!), {
            headersFor: cookieFor,
          }),
      ],
    ];
    write(
      `\nThrough the gateway, ${connections} in flight, ${rounds} rounds of ${seconds} s each (in turn) after ${warmup} s warm-up\n`,
    );
    write(
      `  ${''.padEnd(44)}${'req/s'.padStart(10)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'errors'.padStart(8)}${'vs trivial'.padStart(10)}\n`,
    );
    for (const [, run] of runs) await run(warmup);
    const byRound: Record<string, Measurement[]> = {};
    for (let round = 0; round < rounds; round++) {
      for (const [label, run] of runs) (byRound[label] ??= []).push(await run(seconds));
    }
    const [trivialLabel, aliveLabel, adsLabel] = runs.map(([label]) => label) as [string, string, string];
    const combined = Object.fromEntries(runs.map(([label]) => [label, combineRounds(byRound[label]!)]));
    for (const [label] of runs) {
      write(formatRow(label, combined[label]!, label === trivialLabel ? undefined : combined[trivialLabel]));
    }
    const vsTrivial = throughputRatios(byRound[adsLabel]!, byRound[trivialLabel]!);
    const vsAlive = throughputRatios(byRound[adsLabel]!, byRound[aliveLabel]!);
    const ads = combined[adsLabel]!;
    write(
      `\nGET /api/ads over the trivial request, median of the rounds: ${vsTrivial.median} (${vsTrivial.byRound.join(', ')}); over the gateway's /alive: ${vsAlive.median}\n`,
    );

    const goals = {
      inProcessP99Ms: { goal: 2, measured: d.p99, met: d.p99 <= 2 },
      gatewayP99Ms: { goal: 25, measured: ads.p99, met: ads.p99 <= 25 },
      throughputOverTrivial: { goal: 0.7, measured: vsTrivial.median, met: vsTrivial.median >= 0.7 },
    };
    write(
      `Goals: in-process p99 ≤ 2 ms ${goals.inProcessP99Ms.met ? 'met' : 'NOT met'}; gateway p99 ≤ 25 ms ${goals.gatewayP99Ms.met ? 'met' : 'NOT met'}; ≥ 0.7× the trivial request ${goals.throughputOverTrivial.met ? 'met' : 'NOT met'}\n`,
    );

    const machine = { ...machineBefore, loadAverageAfter: (await machineFacts(db)).loadAverage };
    const file = await writeResults('ads', startedAt, {
      startedAt: startedAt.toISOString(),
      command: COMMAND,
      commit: gitCommit(),
      machine,
      settings: {
        campaigns: count,
        targeting: mix,
        perImpressionShare: defaultCampaignMix.perImpressionShare,
        frequencyCapShare: defaultCampaignMix.frequencyCapShare,
        points: pointCount,
        pointsNearCities:
          '90 % within 30 km of a city of 100,000+ people, 10 % anywhere between 55° S and 70° N',
        placement: PLACEMENT,
        schema,
        inProcessDecisions: decisions,
        consentingViewers: VIEWERS,
        connections,
        durationSeconds: seconds,
        warmupSeconds: warmup,
        rounds,
        adsRefreshMs: refreshMs,
        rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
        stackLogLevel: 'warn',
      },
      inProcess,
      gateway: {
        warmUpSeconds,
        warmUpNot200: warmFailures,
        targetingCheck: check,
        trivialRequest: 'GET /api/advertisers/me without a session: 401 from the ad service, no query',
        results: combined,
        rounds: byRound,
        adsOverTrivial: vsTrivial,
        adsOverGatewayAlive: vsAlive,
      },
      goals,
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
