import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { availabilityChangedV1, createEvent, availabilityLimits as L } from '@laundry/contracts';
import type { AvailabilityStore } from './availability-store.ts';
import { computeLiveState, sameSummary, summaryOf, type LiveOutcome } from './live-state.ts';

const HOUR = 3_600_000;

export interface LiveStateDeps {
  store: AvailabilityStore;
  outbox: Outbox;
}

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
): Promise<LiveOutcome & { changed: boolean }> {
  const stored = await deps.store.lockLiveState(tx, laundromatId);
  const outcome = await currentLiveState(deps.store, tx, laundromatId, now);
  const summary = summaryOf(outcome.live);
  // Never publish over a newer state (a clock behind another replica's): the event's order is computedAt.
  const changed = stored
    ? !sameSummary(stored.summary, summary) && stored.computedAt.getTime() <= now.getTime()
    : summary !== null;
  if (!changed) return { ...outcome, changed };
  await deps.store.saveLiveState(tx, laundromatId, {
    summary,
    validUntil: outcome.validUntil,
    computedAt: now,
  });
  await deps.outbox.record(
    tx,
    createEvent(availabilityChangedV1, deps.outbox.producer, {
      laundromatId,
      live: summary,
      validUntil: outcome.validUntil?.toISOString() ?? null,
      computedAt: now.toISOString(),
    }),
  );
  return { ...outcome, changed };
}

/** The live state from the stored reports, machines and totals, without publishing anything. */
export async function currentLiveState(
  store: AvailabilityStore,
  db: Db,
  laundromatId: string,
  now: Date,
): Promise<LiveOutcome> {
  const since = new Date(now.getTime() - HOUR);
  // One after another: inside a transaction the queries share one connection.
  const reports = await store.weighedReports(db, laundromatId, since);
  const machines = await store.machines(db, laundromatId);
  const totals = await store.totals(db, laundromatId);
  return computeLiveState({ reports, machines, totals, now });
}

/** How long after its last input a state can change by itself at most (the slower of the two clocks). */
export const longestValidityMinutes = Math.max(L.reportExpiryMinutes, L.feedFreshMinutes);
