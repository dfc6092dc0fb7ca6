import { randomUUID } from 'node:crypto';
import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { AppError, badRequest, notFound, tooManyRequests } from '@laundry/platform/errors';
import { laundromatOwnerOf } from '@laundry/platform/bus';
import {
  createEvent,
  laundromatOwnerNoticeRaisedV1,
  availabilityLimits as L,
  type AvailabilityResponse,
  type CreateAvailabilityReportRequest,
  type DirectoryClient,
  type DistanceBand,
  type LiveState,
} from '@laundry/contracts';
import { distanceBand } from './distance-band.ts';
import {
  currentLiveState,
  refreshLiveState,
  refreshLiveStates,
  type LiveStateDeps,
  type RefreshedLiveState,
} from './live-state-refresh.ts';
import type { NewReport } from './availability-store.ts';
import type { LiveStateListener } from './live-state-listeners.ts';
import { createGroupCommit } from './group-commit.ts';
import type { RememberedPoints } from './laundromat-points.ts';

export interface ReportDeps extends LiveStateDeps {
  db: Db;
  /** With `known` when the directory's answers are kept (rememberLaundromatPoints). */
  directory: DirectoryClient & Partial<Pick<RememberedPoints, 'known'>>;
  listeners: LiveStateListener;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const oneReportPerIntervalMessage = `You reported this laundromat less than ${L.reportIntervalMinutes} minutes ago. Please wait a few minutes before reporting it again.`;
export const oneAtATimeMessage =
  'Your previous report is still being saved. Please send one report at a time.';
export const tooManyReportsMessage = `You have sent ${L.reportsPerPersonPerHour} reports in the last hour. Please wait a while before sending more.`;

type ReportAnswer = { id: string; distanceBand: string; live: LiveState | null };

interface QueuedReport {
  reporter: Identity;
  laundromatId: string;
  input: CreateAvailabilityReportRequest;
  laundromat: { numWashers?: number | null; numDryers?: number | null };
  band: DistanceBand;
  now: Date;
}

/**
 * Where visitors' reports are stored. Reports that arrive while a transaction is writing wait and go
 * together in the next one (group commit, group-commit.ts), as machine messages do: a statement each for
 * the reporters' locks, their activity, the reports, the totals and the live states, instead of a dozen
 * round trips per report. Each report is answered only after the transaction holding it committed, with the
 * live state it led to. The per-person rules are exact: within a batch a person's earlier reports count as
 * stored, and a person whose report another transaction is writing is refused as before. A batch that fails
 * is retried report by report, so a bad one fails only itself.
 */
export function createReportIntake(
  deps: ReportDeps,
  options: { maxBatch?: number; concurrentBatches?: number } = {},
) {
  const batches = createGroupCommit(
    (batch: readonly QueuedReport[]) => deps.db.tx((tx) => storeReports(deps, tx, batch)),
    { ...options, committed: (stored: StoredReports) => publishChanges(deps, stored.changes) },
  );

  return {
    /**
     * Stores a visitor's report and moves the live state. The laundromat's position comes from the
     * directory; the reporter's own position only decides the distance band, and is then dropped.
     */
    async accept(
      reporter: Identity,
      laundromatId: string,
      input: CreateAvailabilityReportRequest,
      now = new Date(),
    ): Promise<ReportAnswer> {
      let laundromat = deps.directory.known?.(laundromatId);
      if (!laundromat) {
        // Before asking the directory, so a flood of reports costs it nothing. When this process already
        // knows the laundromat, the batch's check under the reporter's lock is the only one needed.
        const refusal = limitRefusal(
          await deps.store.reporterActivity(deps.db, reporter.id, laundromatId, now),
          now,
        );
        if (refusal) throw refusal;
        laundromat = (await deps.directory.laundromatPoint(laundromatId)) ?? undefined;
        if (!laundromat) throw notFound('Laundromat not found');
      }
      const band = distanceBand(input.position, laundromat);
      return batches.submit({ reporter, laundromatId, input, laundromat, band, now });
    },
  };
}
export type ReportIntake = ReturnType<typeof createReportIntake>;

function limitRefusal(
  activity: { lastHere: Date | null; lastHour: number },
  now: Date,
): AppError | undefined {
  if (activity.lastHere && now.getTime() - activity.lastHere.getTime() < L.reportIntervalMinutes * MINUTE) {
    return tooManyRequests(oneReportPerIntervalMessage);
  }
  if (activity.lastHour >= L.reportsPerPersonPerHour) return tooManyRequests(tooManyReportsMessage);
  return undefined;
}

type StoredReports = { answers: Array<ReportAnswer | AppError>; changes: RefreshedLiveState[] };

/** After the commit: the live streams hear of each change before the reporters have their answers. */
function publishChanges(deps: Pick<ReportDeps, 'listeners'>, changes: readonly RefreshedLiveState[]): void {
  for (const change of changes) if (change.changed) deps.listeners.changed(change.event.laundromatId, change);
}

async function storeReports(
  deps: ReportDeps,
  tx: Db,
  batch: readonly QueuedReport[],
): Promise<StoredReports> {
  const locked = await deps.store.lockReporters(
    tx,
    batch.map((item) => item.reporter.id),
  );
  const activity = await deps.store.reportersActivity(
    tx,
    batch.map(({ reporter, laundromatId, now }) => ({ userId: reporter.id, laundromatId, now })),
  );
  const answers: Array<ReportAnswer | AppError> = [];
  const kept: Array<NewReport & { item: QueuedReport }> = [];
  for (const [i, item] of batch.entries()) {
    const userId = item.reporter.id;
    if (!locked.has(userId)) {
      answers.push(tooManyRequests(oneAtATimeMessage));
      continue;
    }
    // The person's reports kept earlier in this batch count as if already stored.
    const earlier = kept.filter(
      (r) => r.userId === userId && r.createdAt.getTime() > item.now.getTime() - HOUR,
    );
    const here = earlier.filter((r) => r.laundromatId === item.laundromatId).map((r) => r.createdAt);
    const stored = activity[i]!;
    const lastHere = [stored.lastHere, ...here].reduce<Date | null>(
      (latest, at) => (at && (!latest || at > latest) ? at : latest),
      null,
    );
    const refusal = limitRefusal({ lastHere, lastHour: stored.lastHour + earlier.length }, item.now);
    if (refusal) {
      answers.push(refusal);
      continue;
    }
    const id = randomUUID();
    kept.push({
      id,
      laundromatId: item.laundromatId,
      userId,
      input: item.input,
      distanceBand: item.band,
      createdAt: item.now,
      item,
    });
    answers.push({ id, distanceBand: item.band, live: null });
  }
  if (kept.length === 0) return { answers, changes: [] };
  await deps.store.insertReports(
    tx,
    kept.map(({ item: _item, ...report }) => report),
  );
  // The listing's counts until someone counts; a count from a visitor then replaces them (the latest wins).
  const totals = new Map<
    string,
    {
      counted: { washers?: number | null; dryers?: number | null };
      listed: (typeof kept)[number]['item']['laundromat'];
    }
  >();
  for (const { laundromatId, input, item } of kept) {
    const known = totals.get(laundromatId);
    totals.set(laundromatId, {
      counted: {
        washers: input.washers?.total ?? known?.counted.washers,
        dryers: input.dryers?.total ?? known?.counted.dryers,
      },
      listed: item.laundromat,
    });
  }
  await deps.store.learnTotals(
    tx,
    [...totals].map(([laundromatId, { counted, listed }]) => ({
      laundromatId,
      counted,
      listed: { washers: listed.numWashers, dryers: listed.numDryers },
    })),
  );
  // Broken machines are the owner's to know of (unless they turned these mails off or reported them).
  for (const { id, laundromatId, userId, input, createdAt } of kept) {
    const broken = { washers: input.outOfOrderWashers, dryers: input.outOfOrderDryers };
    if (broken.washers + broken.dryers === 0) continue;
    const owner = await laundromatOwnerOf(tx, laundromatId);
    if (owner === undefined || owner === userId) continue;
    await deps.outbox.record(
      tx,
      createEvent(laundromatOwnerNoticeRaisedV1, deps.outbox.producer, {
        noticeId: `out-of-order:${id}`,
        type: 'owner.out-of-order',
        ownerUserId: owner,
        laundromatId,
        // This service keeps no names: the mail says 'your laundromat' and links to the owner's list.
        laundromatName: null,
        outOfOrder: broken,
        occurredAt: createdAt.toISOString(),
      }),
    );
  }
  const latest = new Map<string, Date>();
  for (const { laundromatId, createdAt } of kept) {
    if (!(latest.get(laundromatId)! >= createdAt)) latest.set(laundromatId, createdAt);
  }
  const wanted = [...latest].map(([laundromatId, now]) => ({ laundromatId, now }));
  const refreshed = await refreshLiveStates(deps, tx, wanted);
  const byLaundromat = new Map(wanted.map(({ laundromatId }, i) => [laundromatId, refreshed[i]!]));
  for (const answer of answers) {
    if (answer instanceof AppError) continue;
    const report = kept.find((r) => r.id === answer.id)!;
    answer.live = byLaundromat.get(report.laundromatId)!.live;
  }
  return { answers, changes: refreshed };
}

export const ownReportMessage = 'You cannot confirm or dispute your own report.';
export const reportTooOldMessage = `This report is more than ${L.confirmableMinutes} minutes old and no longer counts.`;

/** 'Still right' or 'Not right' from someone else; a second opinion of the same person replaces the first. */
export async function confirmReport(
  deps: Omit<ReportDeps, 'directory'>,
  person: Identity,
  laundromatId: string,
  reportId: string,
  agree: boolean,
  now = new Date(),
): Promise<{ live: LiveState | null }> {
  const outcome = await deps.db.tx(async (tx) => {
    const report = await deps.store.report(tx, laundromatId, reportId);
    if (!report) throw notFound('Report not found');
    if (report.userId === person.id) throw badRequest(ownReportMessage);
    if (now.getTime() - report.createdAt.getTime() > L.confirmableMinutes * MINUTE) {
      throw new AppError(409, reportTooOldMessage, 'REPORT_EXPIRED');
    }
    await deps.store.upsertConfirmation(tx, reportId, person.id, agree, now);
    return refreshLiveState(deps, tx, laundromatId, now);
  });
  if (outcome.changed) deps.listeners.changed(laundromatId, outcome);
  return { live: outcome.live };
}

/** What the detail shows: the live state, the feed's machines, the recent reports and broken machines. */
export async function availabilityOf(
  deps: Pick<ReportDeps, 'db' | 'store'>,
  laundromatId: string,
  readerId: string | undefined,
  now = new Date(),
): Promise<AvailabilityResponse> {
  const since = new Date(now.getTime() - L.reportExpiryMinutes * MINUTE);
  const outcome = await currentLiveState(deps.store, deps.db, laundromatId, now);
  const machines = await deps.store.machines(deps.db, laundromatId);
  const recentReports = await deps.store.recentReports(laundromatId, since, readerId);
  const broken = await deps.store.outOfOrder(laundromatId);
  return {
    laundromatId,
    live: outcome.live,
    feed: outcome.feed && { lastSeenAt: outcome.feed.lastSeenAt.toISOString(), stale: outcome.feed.stale },
    machines: machines.map(({ machineId, type, capacityKg, status, minutesRemaining, reportedAt }) => ({
      machineId,
      type,
      capacityKg,
      status,
      minutesRemaining,
      reportedAt: new Date(reportedAt).toISOString(),
    })),
    recentReports,
    // A fresh feed knows each machine: visitors' out-of-order reports are then superseded by it.
    outOfOrder:
      broken && !(outcome.feed && !outcome.feed.stale)
        ? { washers: broken.washers, dryers: broken.dryers, reportedAt: broken.reportedAt.toISOString() }
        : null,
  };
}
