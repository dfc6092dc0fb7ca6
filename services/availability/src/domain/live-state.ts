import {
  availabilityLimits as L,
  type DistanceBand,
  type LiveState,
  type LiveSummary,
  type MachineStatus,
  type ReportKind,
} from '@laundry/contracts';

/** A report as the live state weighs it. */
export interface WeighedReport {
  id: string;
  kind: ReportKind;
  washers: { free: number; total: number } | null;
  dryers: { free: number; total: number } | null;
  waitMinutes: number | null;
  distanceBand: DistanceBand;
  createdAt: Date;
  confirmations: number;
  disputes: number;
  /** The latest 'Still right' on it: a confirmed report stays fresh from then. */
  lastConfirmedAt: Date | null;
  /** How the reporter's earlier reports were received by others (confirmations and disputes). */
  reporter: { confirmed: number; disputed: number };
}

export interface FedMachine {
  type: 'washer' | 'dryer';
  status: MachineStatus;
  reportedAt: Date;
}

export interface LiveInputs {
  reports: readonly WeighedReport[];
  /** The feed's machines, when the laundromat has a feed. */
  machines: readonly FedMachine[];
  /** Totals learnt from earlier reports or the listing, for reports that give only a quick kind. */
  totals: { washers: number | null; dryers: number | null };
  now: Date;
}

export interface LiveOutcome {
  live: LiveState | null;
  /** When `live` stops being true by itself (the last report fades out, the feed goes stale). */
  validUntil: Date | null;
  feed: { lastSeenAt: Date; stale: boolean } | null;
}

const MINUTE = 60_000;

/** Where the reporter stood: on site counts fully, from afar hardly; no position given is in between. */
export const siteWeights: Record<DistanceBand, number> = {
  'on-site': 1,
  unknown: 0.5,
  near: 0.35,
  far: 0.1,
};

/** Full weight for 20 minutes, then a straight fade to nothing at 45 (availabilityLimits). */
export function freshness(ageMinutes: number): number {
  if (ageMinutes < 0) return 1;
  if (ageMinutes <= L.reportFullWeightMinutes) return 1;
  if (ageMinutes >= L.reportExpiryMinutes) return 0;
  return (L.reportExpiryMinutes - ageMinutes) / (L.reportExpiryMinutes - L.reportFullWeightMinutes);
}

/**
 * A reporter whose reports others confirmed counts more, one they disputed less: the share of agreement
 * with one imagined agreement and one dispute added (so a newcomer is at 1), between 0.5 and 1.5.
 */
export function trust(reporter: WeighedReport['reporter']): number {
  return 0.5 + (reporter.confirmed + 1) / (reporter.confirmed + reporter.disputed + 2);
}

/** Each confirmation adds half a report's weight (up to double), each dispute divides it further. */
export function agreement(report: Pick<WeighedReport, 'confirmations' | 'disputes'>): number {
  return Math.min(2, 1 + 0.5 * report.confirmations) / (1 + report.disputes);
}

/** A report's weight at `now`: freshness × where it was made from × its reception × its reporter. */
export function reportWeight(report: WeighedReport, now: Date): number {
  const since = Math.max(report.createdAt.getTime(), report.lastConfirmedAt?.getTime() ?? 0);
  return (
    freshness((now.getTime() - since) / MINUTE) *
    siteWeights[report.distanceBand] *
    agreement(report) *
    trust(report.reporter)
  );
}

/** When a report stops counting: 45 minutes after it was made or last confirmed. */
function expiresAt(report: WeighedReport): number {
  const since = Math.max(report.createdAt.getTime(), report.lastConfirmedAt?.getTime() ?? 0);
  return since + L.reportExpiryMinutes * MINUTE;
}

/** What a report says about one kind of machine: its counts, or its quick kind against the known total. */
function freeOf(
  report: WeighedReport,
  kind: 'washers' | 'dryers',
  knownTotal: number | null,
): { free: number; total: number } | null {
  const counted = report[kind];
  if (counted) return counted;
  if (knownTotal === null || knownTotal === 0) return null;
  if (report.kind === 'all-free') return { free: knownTotal, total: knownTotal };
  if (report.kind === 'full') return { free: 0, total: knownTotal };
  // 'Some free': at least one, and not all; half is the best single guess.
  if (report.kind === 'some-free')
    return { free: Math.min(knownTotal - 1, Math.max(1, Math.round(knownTotal / 2))), total: knownTotal };
  return null;
}

function weightedCount(
  weighed: readonly { report: WeighedReport; weight: number }[],
  kind: 'washers' | 'dryers',
  knownTotal: number | null,
): { free: number | null; total: number | null } {
  let weightSum = 0;
  let freeSum = 0;
  // The total is the newest a report gave (machines are added or removed, not averaged), else the known one.
  let total: number | null = null;
  for (const { report, weight } of weighed) {
    const said = freeOf(report, kind, knownTotal);
    if (!said) continue;
    total ??= said.total;
    weightSum += weight;
    freeSum += weight * (said.total === 0 ? 0 : said.free / said.total);
  }
  if (weightSum === 0 || total === null) return { free: null, total: knownTotal };
  // Shares are averaged, so a report counting 12 machines and one counting 10 agree on 'half free'.
  return { free: Math.round((freeSum / weightSum) * total), total };
}

export const confidenceLevelOf = (confidence: number): LiveState['confidenceLevel'] =>
  confidence >= 0.75 ? 'high' : confidence >= 0.4 ? 'medium' : 'low';

/** Turns the total weight behind a state into 0…1: one fresh on-site report by a newcomer is about 0.6. */
function confidenceOf(totalWeight: number): number {
  return Math.round((totalWeight / (totalWeight + 0.6)) * 100) / 100;
}

/** Whether a feed's machines were heard recently enough to stand for the laundromat's state by themselves. */
export function feedIsFresh(machines: readonly FedMachine[], now: Date): boolean {
  if (machines.length === 0) return false;
  const lastSeen = Math.max(...machines.map((m) => m.reportedAt.getTime()));
  return now.getTime() - lastSeen < L.feedFreshMinutes * MINUTE;
}

function fromMachines(machines: readonly FedMachine[], now: Date): LiveOutcome {
  const lastSeen = Math.max(...machines.map((m) => m.reportedAt.getTime()));
  const stale = now.getTime() - lastSeen >= L.feedFreshMinutes * MINUTE;
  const feed = { lastSeenAt: new Date(lastSeen), stale };
  if (stale) return { live: null, validUntil: null, feed };
  const count = (type: FedMachine['type']) => {
    const ofType = machines.filter((m) => m.type === type);
    if (ofType.length === 0) return { free: null, total: null };
    return { free: ofType.filter((m) => m.status === 'available').length, total: ofType.length };
  };
  const washers = count('washer');
  const dryers = count('dryer');
  return {
    live: {
      washersFree: washers.free,
      washersTotal: washers.total,
      dryersFree: dryers.free,
      dryersTotal: dryers.total,
      updatedAt: feed.lastSeenAt.toISOString(),
      source: 'machines',
      waitMinutes: null,
      ageMinutes: Math.max(0, Math.floor((now.getTime() - lastSeen) / MINUTE)),
      confidence: 1,
      confidenceLevel: 'high',
      reportCount: 0,
      confirmations: 0,
      disputes: 0,
    },
    validUntil: new Date(lastSeen + L.feedFreshMinutes * MINUTE),
    feed,
  };
}

/**
 * The one live state of a laundromat. A fresh machine feed wins; otherwise the reports still counting are
 * combined by weight (freshness, where they were made from, confirmations and disputes, the reporter's
 * record). Nothing counting: no state at all, rather than a guess.
 */
export function computeLiveState(inputs: LiveInputs): LiveOutcome {
  const { now } = inputs;
  let feed: LiveOutcome['feed'] = null;
  if (inputs.machines.length > 0) {
    const fed = fromMachines(inputs.machines, now);
    if (fed.live) return fed;
    feed = fed.feed;
  }
  const weighed = inputs.reports
    .map((report) => ({ report, weight: reportWeight(report, now) }))
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.report.createdAt.getTime() - a.report.createdAt.getTime());
  if (weighed.length === 0) return { live: null, validUntil: null, feed };

  const washers = weightedCount(weighed, 'washers', inputs.totals.washers);
  const dryers = weightedCount(weighed, 'dryers', inputs.totals.dryers);
  const totalWeight = weighed.reduce((sum, { weight }) => sum + weight, 0);
  const waits = weighed.filter(({ report }) => report.waitMinutes !== null);
  const waitWeight = waits.reduce((sum, { weight }) => sum + weight, 0);
  const newest = Math.max(...weighed.map(({ report }) => report.createdAt.getTime()));
  const confidence = confidenceOf(totalWeight);
  return {
    live: {
      washersFree: washers.free,
      washersTotal: washers.total,
      dryersFree: dryers.free,
      dryersTotal: dryers.total,
      updatedAt: new Date(newest).toISOString(),
      source: 'visitors',
      waitMinutes:
        waitWeight > 0
          ? Math.round(
              waits.reduce((sum, { report, weight }) => sum + weight * report.waitMinutes!, 0) / waitWeight,
            )
          : null,
      ageMinutes: Math.max(0, Math.floor((now.getTime() - newest) / MINUTE)),
      confidence,
      confidenceLevel: confidenceLevelOf(confidence),
      reportCount: weighed.length,
      confirmations: weighed.reduce((sum, { report }) => sum + report.confirmations, 0),
      disputes: weighed.reduce((sum, { report }) => sum + report.disputes, 0),
    },
    validUntil: new Date(Math.max(...weighed.map(({ report }) => expiresAt(report)))),
    feed,
  };
}

/** The compact part the directory keeps and lists show; equal summaries publish no event. */
export function summaryOf(live: LiveState | null): LiveSummary | null {
  if (!live) return null;
  const { washersFree, washersTotal, dryersFree, dryersTotal, updatedAt, source } = live;
  return { washersFree, washersTotal, dryersFree, dryersTotal, updatedAt, source };
}

export function sameSummary(a: LiveSummary | null, b: LiveSummary | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
