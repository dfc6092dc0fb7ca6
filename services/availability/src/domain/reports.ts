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
  type LiveState,
} from '@laundry/contracts';
import { distanceBand } from './distance-band.ts';
import { currentLiveState, refreshLiveState, type LiveStateDeps } from './live-state-refresh.ts';
import type { LiveStateListener } from './live-state-listeners.ts';

export interface ReportDeps extends LiveStateDeps {
  db: Db;
  directory: DirectoryClient;
  listeners: LiveStateListener;
}

const MINUTE = 60_000;

export const oneReportPerIntervalMessage = `You reported this laundromat less than ${L.reportIntervalMinutes} minutes ago. Please wait a few minutes before reporting it again.`;
export const oneAtATimeMessage =
  'Your previous report is still being saved. Please send one report at a time.';
export const tooManyReportsMessage = `You have sent ${L.reportsPerPersonPerHour} reports in the last hour. Please wait a while before sending more.`;

/**
 * Stores a visitor's report and moves the live state, in one transaction. The laundromat's position comes
 * from the directory; the reporter's own position only decides the distance band, and is then dropped.
 */
export async function postReport(
  deps: ReportDeps,
  reporter: Identity,
  laundromatId: string,
  input: CreateAvailabilityReportRequest,
  now = new Date(),
): Promise<{ id: string; distanceBand: string; live: LiveState | null }> {
  const checkLimits = async (db: Db) => {
    const activity = await deps.store.reporterActivity(db, reporter.id, laundromatId, now);
    if (activity.lastHere && now.getTime() - activity.lastHere.getTime() < L.reportIntervalMinutes * MINUTE) {
      throw tooManyRequests(oneReportPerIntervalMessage);
    }
    if (activity.lastHour >= L.reportsPerPersonPerHour) throw tooManyRequests(tooManyReportsMessage);
  };
  // Before asking the directory, so a flood of reports costs it nothing; checked again under the lock.
  await checkLimits(deps.db);
  const laundromat = await deps.directory.laundromatPoint(laundromatId);
  if (!laundromat) throw notFound('Laundromat not found');
  const band = distanceBand(input.position, laundromat);
  const result = await deps.db.tx(async (tx) => {
    if (!(await deps.store.lockReporter(tx, reporter.id))) throw tooManyRequests(oneAtATimeMessage);
    await checkLimits(tx);
    const { id } = await deps.store.insertReport(tx, {
      laundromatId,
      userId: reporter.id,
      input,
      distanceBand: band,
      createdAt: now,
    });
    // The listing's counts until someone counts; a count from a visitor then replaces them.
    await deps.store.learnTotals(tx, laundromatId, {
      counted: { washers: input.washers?.total, dryers: input.dryers?.total },
      listed: { washers: laundromat.numWashers, dryers: laundromat.numDryers },
    });
    // Broken machines are the owner's to know of (unless they turned these mails off or reported them).
    const broken = { washers: input.outOfOrderWashers, dryers: input.outOfOrderDryers };
    const owner = broken.washers + broken.dryers > 0 ? await laundromatOwnerOf(tx, laundromatId) : undefined;
    if (owner !== undefined && owner !== reporter.id) {
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
          occurredAt: now.toISOString(),
        }),
      );
    }
    const outcome = await refreshLiveState(deps, tx, laundromatId, now);
    return { id, outcome };
  });
  if (result.outcome.changed) deps.listeners.changed(laundromatId, result.outcome);
  return { id: result.id, distanceBand: band, live: result.outcome.live };
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
