import { basename } from 'node:path';
import { createLogger, createMemoryCache } from '@laundry/platform';
import { createAdServer } from '../../services/ad/src/domain/delivery/ad-server.ts';
import { countEvent, type CountingDeps } from '../../services/ad/src/domain/delivery/ad-counting.ts';
import { createSeededRandom } from '../../scripts/src/seeded-random.ts';
import { positive } from './bench-env.ts';
import { seededUuid } from './ad-campaigns.ts';
import {
  countingOutbox,
  createMemoryDeliveryStore,
  memoryDb,
  verifiedWithCard,
  type SimulatedCampaign,
} from './memory-delivery-store.ts';
import { gitCommit, writeResults } from './results-file.ts';
import { hostFacts } from './machine-facts.ts';
import { median, roundTo } from './statistics.ts';

/**
 * A simulated day of ad delivery on an accelerated clock: the ad service's own decision engine
 * (createAdServer: its refresh every ADS_REFRESH_MS, pace() each minute, decide() per request) and its own
 * countEvent for every impression and click, with the clock injected through their `now` options and the
 * delivery store in memory (memory-delivery-store.ts keeps the SQL repository's rules). Requests come at a
 * daily curve, `BENCH_PACING_DEMAND` times what the campaigns' daily budgets can buy.
 */
const COMMAND = 'npm run bench:pacing -w bench';
const DAY = '2026-12-01';
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Requests by hour of the day, relative (one market, UTC): quiet from midnight to six, busiest from late
 * morning to early evening, as searches for a laundromat go. The night hours bring less than an even share
 * of the budgets even at three times the demand, so pacing has to make up for them later.
 */
const HOURLY_DEMAND = [
  0.45, 0.3, 0.2, 0.15, 0.15, 0.2, 0.35, 0.6, 0.9, 1.2, 1.45, 1.55, 1.55, 1.5, 1.45, 1.4, 1.35, 1.4, 1.5,
  1.45, 1.25, 1, 0.8, 0.6,
];

interface PacedCampaign extends SimulatedCampaign {
  pricing: 'CPM' | 'CPC';
  /** Clicks per impression of a CPC campaign (the viewers' behaviour, not the engine's estimate). */
  clickThrough: number;
  /** Impressions its daily budget buys (for a CPC campaign, at its click-through). */
  impressionsPerDay: number;
}

/** Each minute's share of the day's requests: the hourly curve, linear between the hours' middles. */
function minuteShares(): Float64Array {
  const shares = new Float64Array(1440);
  for (let minute = 0; minute < 1440; minute++) {
    const hour = (minute + 0.5) / 60 - 0.5;
    const low = Math.floor(hour);
    const weight = hour - low;
    const at = (h: number) => HOURLY_DEMAND[((h % 24) + 24) % 24]!;
    shares[minute] = at(low) * (1 - weight) + at(low + 1) * weight;
  }
  const total = shares.reduce((sum, share) => sum + share, 0);
  return shares.map((share) => share / total);
}

/**
 * Campaigns whose budgets buy at least `chargesPerHour` charges an hour (so an hour's spend shows pacing,
 * not chance: at 10 charges an hour, chance alone puts some hour over 1.5× its share): CPM campaigns at $2–$10
 * a thousand impressions buying 1–3 times that, CPC campaigns at $0.20–$1.00 a click buying 1–1.5 times
 * that in clicks, at a click-through of 3–6 %.
 */
function generateCampaigns(count: number, cpcShare: number, chargesPerHour: number, seed: number) {
  const random = createSeededRandom(seed);
  const between = (low: number, high: number) => low + random() * (high - low);
  return Array.from({ length: count }, (_, i): PacedCampaign => {
    const perClick = i < Math.round(count * cpcShare);
    const charges = 24 * chargesPerHour * between(1, perClick ? 1.5 : 3);
    const costPerClick = perClick ? roundTo(between(0.2, 1), 2) : 0.5;
    const costPerImpression = perClick ? null : roundTo(between(0.002, 0.01), 4);
    const dailyBudget = roundTo(charges * (costPerImpression ?? costPerClick), 2);
    const clickThrough = perClick ? between(0.03, 0.06) : 0.01;
    return {
      id: seededUuid(random),
      advertiserId: seededUuid(random),
      advertiserUserId: seededUuid(random),
      title: `Paced campaign ${i + 1}`,
      targetUrl: `https://paced-${i + 1}.example.com/`,
      dailyBudget,
      totalBudget: roundTo(dailyBudget * 30, 2),
      costPerClick,
      costPerImpression,
      timeZone: 'UTC',
      pricing: perClick ? 'CPC' : 'CPM',
      clickThrough,
      impressionsPerDay: perClick ? charges / clickThrough : charges,
    };
  });
}

interface CampaignOutcome {
  id: string;
  pricing: 'CPM' | 'CPC';
  dailyBudget: number;
  spent: number;
  /** Spent / daily budget. */
  spentShare: number;
  charges: number;
  /** The most any hour spent, over the even share (daily budget / 24), and which hour (UTC). */
  worstHourRatio: number;
  worstHour: number;
  /** The last hour with any spend, the day's end being 24. */
  lastSpendHour: number;
  /** Each UTC hour's spend over the even share. */
  hourRatios: number[];
}

async function main(): Promise<void> {
  const count = Math.round(positive('BENCH_PACING_CAMPAIGNS', 100));
  const demandFactor = positive('BENCH_PACING_DEMAND', 3);
  const chargesPerHour = positive('BENCH_PACING_CHARGES_PER_HOUR', 100);
  const cpcShare = Math.min(1, positive('BENCH_PACING_CPC_SHARE', 0.2));
  const refreshSeconds = Math.round(positive('BENCH_PACING_REFRESH_SECONDS', 2));
  const seed = Math.round(positive('BENCH_PACING_SEED', 18_021));
  const startedAt = new Date();
  const machineBefore = hostFacts();
  const logger = createLogger('bench', process.env.LOG_LEVEL ?? 'warn');
  const write = (text: string) => process.stdout.write(text);

  const campaigns = generateCampaigns(count, cpcShare, chargesPerHour, seed);
  const byId = new Map(campaigns.map((c) => [c.id, c]));
  const dayStart = Date.parse(`${DAY}T00:00:00Z`);
  let clockMs = dayStart;
  const now = () => new Date(clockMs);
  const memory = createMemoryDeliveryStore(campaigns);
  const cache = createMemoryCache(() => clockMs);
  const tokenSecret = 'pacing-simulation-secret-'.padEnd(64, 'x');
  const server = createAdServer({
    db: memoryDb,
    store: memory.store,
    cache,
    // The requests name no place: every campaign here is worldwide, one market.
    places: { placeOf: async () => null, laundromatPoint: async () => null },
    logger,
    tokenSecret,
    houseAds: true,
    trialCreditE4: 50_000,
    now,
    random: createSeededRandom(seed + 1),
  });
  const outbox = countingOutbox();
  const placements = await memory.store.placements(memoryDb);
  const counting: CountingDeps = {
    db: memoryDb,
    store: memory.store,
    outbox,
    // Pacing is measured, not the advertiser's notices: a budget crossed here raises none.
    notices: {
      insert: async () => false,
      list: async () => [],
      dismiss: async () => false,
      listForMember: async () => [],
      dismissForMember: async () => false,
      userOfAdvertiser: async () => undefined,
      campaignFacts: async () => undefined,
    },
    cache,
    isBot: () => false,
    tokenSecret,
    tokenTtlSeconds: 1800,
    linkTtlSeconds: 14_400,
    // Every request here is a different person: no burst rule applies.
    burstLimits: { impression: Number.MAX_SAFE_INTEGER, click: Number.MAX_SAFE_INTEGER },
    dailyClickCaps: { perAddress: Number.MAX_SAFE_INTEGER, perViewer: Number.MAX_SAFE_INTEGER },
    placementIds: new Map(placements.map((p) => [p.key, p.id])),
    standing: verifiedWithCard,
    trialCreditE4: 50_000,
    now,
  };

  const shares = minuteShares();
  const budgetImpressions = campaigns.reduce((sum, c) => sum + c.impressionsPerDay, 0);
  const requestsPerDay = demandFactor * budgetImpressions;
  const random = createSeededRandom(seed + 2);
  const totals = { requests: 0, served: 0, house: 0, clicks: 0 };
  const requestsByHour = new Array<number>(24).fill(0);
  const wallStart = performance.now();
  write(
    `Simulating ${DAY} (UTC): ${count} campaigns (${campaigns.filter((c) => c.pricing === 'CPC').length} paid per click), about ${Math.round(requestsPerDay).toLocaleString('en')} requests (${demandFactor}× the ${Math.round(budgetImpressions).toLocaleString('en')} impressions the daily budgets buy), campaigns reloaded every ${refreshSeconds} s, paced every minute\n`,
  );

  for (let second = 0; second < 86_400; second++) {
    clockMs = dayStart + second * 1000;
    if (second % refreshSeconds === 0) await server.refresh();
    if (second % 60 === 0) server.pace();
    const expected = (requestsPerDay * shares[Math.floor(second / 60)]!) / 60;
    const arrivals = Math.floor(expected) + (random() < expected % 1 ? 1 : 0);
    for (let k = 0; k < arrivals; k++) {
      clockMs = dayStart + second * 1000 + Math.floor(((k + random()) / arrivals) * 1000);
      totals.requests += 1;
      requestsByHour[Math.floor(second / 3600)]! += 1;
      const ipAddress = `10.${k % 250}.${second % 250}.1`;
      const ad = await server.decide(
        { placement: 'home-page' },
        { userId: null, viewerKey: null, clientAddress: ipAddress },
        true,
      );
      if (!ad || ad.house || !ad.campaignId) {
        totals.house += 1;
        continue;
      }
      totals.served += 1;
      const request = {
        token: ad.token,
        userAgent: USER_AGENT,
        ipAddress,
        userId: null,
        referrerUrl: null,
        pageUrl: null,
      };
      await countEvent(counting, 'impression', request);
      const campaign = byId.get(ad.campaignId)!;
      if (campaign.pricing === 'CPC' && random() < campaign.clickThrough) {
        totals.clicks += 1;
        await countEvent(counting, 'click', request);
      }
    }
    if ((second + 1) % 21_600 === 0) {
      write(
        `  ${String((second + 1) / 3600).padStart(2)}:00  ${totals.requests.toLocaleString('en')} requests, ${totals.served.toLocaleString('en')} served, ${((performance.now() - wallStart) / 1000).toFixed(0)} s\n`,
      );
    }
  }
  const wallSeconds = roundTo((performance.now() - wallStart) / 1000, 1);

  const outcomes: CampaignOutcome[] = campaigns.map((c) => {
    const hourly = memory.hourlySpend(c.id, new Date(dayStart), 24);
    const even = c.dailyBudget / 24;
    const ratios = hourly.map((spend) => spend / even);
    const worst = Math.max(...ratios);
    const spent = memory.spentOnDay(c.id, DAY);
    const { impressions, clicks } = memory.counts(c.id);
    return {
      id: c.id,
      pricing: c.pricing,
      dailyBudget: c.dailyBudget,
      spent: roundTo(spent, 4),
      spentShare: roundTo(spent / c.dailyBudget, 5),
      charges: c.pricing === 'CPC' ? clicks : impressions,
      worstHourRatio: roundTo(worst, 3),
      worstHour: ratios.indexOf(worst),
      lastSpendHour: 1 + hourly.findLastIndex((spend) => spend > 0),
      hourRatios: ratios.map((ratio) => roundTo(ratio, 2)),
    };
  });
  const shares2 = outcomes.map((o) => o.spentShare);
  const worst = outcomes.reduce((a, b) => (b.worstHourRatio > a.worstHourRatio ? b : a));
  const overBudget = outcomes.filter((o) => o.spentShare > 1);
  const within = outcomes.filter((o) => o.spentShare >= 0.98 && o.spentShare <= 1);
  // All campaigns together, hour by hour: their spend over their even share, and the requests over an even day's.
  const hours = Array.from({ length: 24 }, (_, hour) => {
    const spend = campaigns.reduce(
      (sum, c) => sum + memory.hourlySpend(c.id, new Date(dayStart), 24)[hour]!,
      0,
    );
    const budgets = campaigns.reduce((sum, c) => sum + c.dailyBudget, 0);
    return {
      hour,
      demandOverEven: roundTo((requestsByHour[hour]! / totals.requests) * 24 * demandFactor, 2),
      spendOverEven: roundTo(spend / (budgets / 24), 3),
      worstCampaignRatio: roundTo(
        Math.max(
          ...campaigns.map(
            (c) => memory.hourlySpend(c.id, new Date(dayStart), 24)[hour]! / (c.dailyBudget / 24),
          ),
        ),
        3,
      ),
    };
  });
  const results = {
    spentShare: {
      min: Math.min(...shares2),
      median: roundTo(median(shares2), 5),
      max: Math.max(...shares2),
      withinTwoPercentUnder: within.length,
      overBudget: overBudget.length,
    },
    worstHour: {
      ratio: worst.worstHourRatio,
      hour: worst.worstHour,
      campaign: worst.id,
      pricing: worst.pricing,
    },
    worstHourRatioMedian: roundTo(median(outcomes.map((o) => o.worstHourRatio)), 3),
    lastSpendHour: {
      min: Math.min(...outcomes.map((o) => o.lastSpendHour)),
      max: Math.max(...outcomes.map((o) => o.lastSpendHour)),
    },
    goalMet: within.length === outcomes.length && overBudget.length === 0 && worst.worstHourRatio <= 1.5,
  };

  write(
    `\nrequests ${totals.requests.toLocaleString('en')}, served ${totals.served.toLocaleString('en')}, house ads ${totals.house.toLocaleString('en')}, clicks ${totals.clicks.toLocaleString('en')}; ${wallSeconds} s\n`,
  );
  write(`events kept as invalid: ${JSON.stringify(memory.invalidByReason())}\n`);
  write(
    `spent / daily budget: min ${results.spentShare.min}, median ${results.spentShare.median}, max ${results.spentShare.max}; within 2 % under: ${within.length}/${count}; over: ${overBudget.length}\n`,
  );
  write(
    `worst hour: ${results.worstHour.ratio}× the even share (hour ${results.worstHour.hour}, a ${results.worstHour.pricing} campaign); median of the campaigns' worst hours ${results.worstHourRatioMedian}×\n`,
  );
  write(`\n hour  requests ×even  spend ×even (all)  worst campaign ×even\n`);
  for (const h of hours) {
    write(
      `${String(h.hour).padStart(5)}${h.demandOverEven.toFixed(2).padStart(16)}${h.spendOverEven.toFixed(3).padStart(19)}${h.worstCampaignRatio.toFixed(3).padStart(22)}\n`,
    );
  }
  write(
    `\nGoal (every campaign within 2 % under its daily budget, none over, no hour above 1.5×): ${results.goalMet ? 'met' : 'NOT met'}\n`,
  );

  const file = await writeResults('pacing', startedAt, {
    startedAt: startedAt.toISOString(),
    command: COMMAND,
    commit: gitCommit(),
    machine: { ...machineBefore, loadAverageAfter: hostFacts().loadAverage },
    settings: {
      campaigns: count,
      perClickShare: cpcShare,
      demandFactor,
      minimumChargesPerHour: chargesPerHour,
      refreshSeconds,
      paceSeconds: 60,
      simulatedDay: DAY,
      timeZone: 'UTC',
      hourlyDemand: HOURLY_DEMAND,
      seed,
      store: 'memory (the SQL repository’s rules); createAdServer and countEvent as the service runs them',
    },
    wallSeconds,
    totals: { ...totals, outboxEvents: outbox.recorded(), invalidByReason: memory.invalidByReason() },
    results,
    hours,
    campaigns: outcomes,
  });
  write(`Results written to bench/results/${basename(file)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
