import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import {
  availabilityChangedV1,
  createEvent,
  availabilityLimits as L,
  type LiveAvailabilityEvent,
} from '@laundry/contracts';
import type { AvailabilityStore, SavedLiveState, StoredMachine } from './availability-store.ts';
import { computeLiveState, feedIsFresh, sameSummary, summaryOf, type LiveOutcome } from './live-state.ts';

const HOUR = 3_600_000;

export interface LiveStateDeps {
  store: AvailabilityStore;
  outbox: Outbox;
}

/** A refreshed state; when it changed, `event` is what was stored and published (a live stream sends it). */
export type RefreshedLiveState = LiveOutcome &
  ({ changed: true; event: LiveAvailabilityEvent } | { changed: false; event?: undefined });

/**
 * The laundromat's live state as it stands now, computed inside the transaction of the change that moved
 * it. When its summary differs from the last one published, the new one is stored and availability.changed.v1
 * is written to the outbox in the same transaction: every consumer (the directory's summary column, a live
 * stream's fan-out) learns of each change once it commits, and of nothing that did not.
 */
export async function refreshLiveState(
  deps: LiveStateDeps,
  tx: Db,
  laundromatId: string,
  now: Date,
): Promise<RefreshedLiveState> {
  const [refreshed] = await refreshLiveStates(deps, tx, [{ laundromatId, now }]);
  return refreshed!;
}

/**
 * refreshLiveState for several laundromats in one transaction (a batch of feed messages): their rows are
 * locked, their machines, reports and totals read and their changes stored in a statement each, not one per
 * laundromat. A laundromat whose feed is fresh needs nothing else (the feed wins); only the others' reports
 * are read.
 * The answers are in the order asked; a laundromat is named once.
 */
export async function refreshLiveStates(
  deps: LiveStateDeps,
  tx: Db,
  wanted: ReadonlyArray<{ laundromatId: string; now: Date }>,
): Promise<RefreshedLiveState[]> {
  const ids = wanted.map(({ laundromatId }) => laundromatId);
  const stored = await deps.store.lockLiveStates(tx, ids);
  const machines = await deps.store.machinesOf(tx, ids);
  // A fresh feed is the state whatever visitors said; the others' reports and totals, a statement each.
  const visited = wanted.filter(
    ({ laundromatId, now }) => !feedIsFresh(machines.get(laundromatId) ?? [], now),
  );
  const reports = await deps.store.weighedReportsOf(
    tx,
    visited.map(({ laundromatId, now }) => ({ laundromatId, since: new Date(now.getTime() - HOUR) })),
  );
  const totals = await deps.store.totalsOf(
    tx,
    visited.map(({ laundromatId }) => laundromatId),
  );
  const saved: SavedLiveState[] = [];
  const refreshed: RefreshedLiveState[] = [];
  for (const { laundromatId, now } of wanted) {
    const outcome = computeLiveState({
      reports: reports.get(laundromatId) ?? [],
      machines: machines.get(laundromatId) ?? [],
      totals: totals.get(laundromatId) ?? { washers: null, dryers: null },
      now,
    });
    const summary = summaryOf(outcome.live);
    const last = stored.get(laundromatId);
    // Never publish over a newer state (a clock behind another replica's): the event's order is computedAt.
    const changed = last
      ? !sameSummary(last.summary, summary) && last.computedAt.getTime() <= now.getTime()
      : summary !== null;
    if (!changed) {
      refreshed.push({ ...outcome, changed: false });
      continue;
    }
    saved.push({ laundromatId, summary, validUntil: outcome.validUntil, computedAt: now });
    refreshed.push({
      ...outcome,
      changed: true,
      event: {
        laundromatId,
        live: summary,
        validUntil: outcome.validUntil?.toISOString() ?? null,
        computedAt: now.toISOString(),
      },
    });
  }
  await deps.store.saveLiveStates(tx, saved);
  const events = refreshed.flatMap(({ event }) =>
    event ? [createEvent(availabilityChangedV1, deps.outbox.producer, event)] : [],
  );
  if (deps.outbox.recordAll && events.length > 1) await deps.outbox.recordAll(tx, events);
  else for (const event of events) await deps.outbox.record(tx, event);
  return refreshed;
}

/** The live state from the stored reports, machines and totals, without publishing anything. */
export async function currentLiveState(
  store: AvailabilityStore,
  db: Db,
  laundromatId: string,
  now: Date,
): Promise<LiveOutcome> {
  return liveStateFrom(store, db, laundromatId, await store.machines(db, laundromatId), now);
}

async function liveStateFrom(
  store: AvailabilityStore,
  db: Db,
  laundromatId: string,
  machines: StoredMachine[],
  now: Date,
): Promise<LiveOutcome> {
  // A fresh feed is the state whatever visitors said: its reports need not be read.
  if (feedIsFresh(machines, now)) {
    return computeLiveState({ reports: [], machines, totals: { washers: null, dryers: null }, now });
  }
  const since = new Date(now.getTime() - HOUR);
  // One after another: inside a transaction the queries share one connection.
  const reports = await store.weighedReports(db, laundromatId, since);
  const totals = await store.totals(db, laundromatId);
  return computeLiveState({ reports, machines, totals, now });
}

/** How long after its last input a state can change by itself at most (the slower of the two clocks). */
export const longestValidityMinutes = Math.max(L.reportExpiryMinutes, L.feedFreshMinutes);
