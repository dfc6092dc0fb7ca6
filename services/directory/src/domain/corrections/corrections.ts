import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { AppError, badRequest, conflict, notFound } from '@laundry/platform/errors';
import {
  createEvent,
  laundromatMergedV1,
  laundromatSuggestionDecidedV1,
  type LaundromatHistory,
  type LaundromatHistoryQuery,
  type LaundromatMerge,
  type LaundromatUpstream,
  type MergeLaundromatsRequest,
} from '@laundry/contracts';
import {
  recordAdminFailure,
  recordAdminSuccess,
  type AdminAction,
  type AuditContext,
} from '../admin-audit.ts';
import { decodeCursor } from '../page-cursor.ts';
import type { SuggestionRepository } from '../suggestions/suggestion-store.ts';
import type { CorrectionsRepository } from './corrections-store.ts';
import { shapeHistory } from './history.ts';
import { planMerge } from './merge-plan.ts';
import { upstreamDifferences, type UpstreamState } from './upstream.ts';

export interface CorrectionsDeps {
  db: Db;
  outbox: Outbox;
  corrections: CorrectionsRepository;
  suggestions: SuggestionRepository;
}

/** A listed or closed laundromat's applied changes, newest first, naming no person. */
export async function laundromatHistory(
  corrections: CorrectionsRepository,
  id: string,
  query: LaundromatHistoryQuery,
): Promise<LaundromatHistory> {
  if (!(await corrections.findPublic(id))) throw notFound('Laundromat not found');
  const offset = query.cursor === undefined ? 0 : decodeCursor(query.cursor);
  const rows = await corrections.history(id, query.limit + 1, offset);
  return shapeHistory(rows, query.limit, offset);
}

const upstreamAnswer = (state: UpstreamState): LaundromatUpstream => ({
  laundromatId: state.row.id,
  name: state.row.name,
  fromOpenStreetMap: state.upstream !== null,
  differences: upstreamDifferences(state),
});

/** Where the laundromat keeps its value over OpenStreetMap's, for an admin. */
export async function laundromatUpstream(deps: CorrectionsDeps, id: string): Promise<LaundromatUpstream> {
  const state = await deps.corrections.upstreamState(deps.db, id, false);
  if (!state) throw notFound('Laundromat not found');
  return upstreamAnswer(state);
}

export const NO_UPSTREAM_DIFFERENCE_MESSAGE =
  'OpenStreetMap says the same as the laundromat for this field, or nothing at all: there is nothing to take.';

/**
 * An admin takes OpenStreetMap's value of a field the laundromat kept: written, no longer kept (later syncs
 * update it again), added to the history and audited in one transaction. A field without a difference is
 * a 409 and an unknown laundromat a 404, each audited as refused.
 */
export async function takeUpstreamValue(
  deps: CorrectionsDeps,
  admin: Identity,
  context: AuditContext,
  id: string,
  field: string,
  now = new Date(),
): Promise<LaundromatUpstream> {
  const action = (oldData: unknown, newData: unknown): AdminAction => ({
    action: 'laundromat.upstream.take',
    resource: 'laundromat',
    resourceId: id,
    oldData,
    newData,
  });
  let refusal: AppError | undefined;
  const answer = await deps.db.tx(async (tx) => {
    const state = await deps.corrections.upstreamState(tx, id, true);
    if (!state) {
      refusal = notFound('Laundromat not found');
      return undefined;
    }
    const difference = upstreamDifferences(state).find((d) => d.field === field);
    if (!difference) {
      refusal = conflict(NO_UPSTREAM_DIFFERENCE_MESSAGE);
      return undefined;
    }
    await deps.corrections.takeUpstream(tx, id, field, difference.upstream);
    const change = { field, from: difference.local, to: difference.upstream };
    await deps.corrections.recordHistory(tx, {
      laundromatId: id,
      source: 'admin',
      changes: [change],
      changedById: admin.id,
    });
    await recordAdminSuccess(
      deps.outbox,
      tx,
      admin,
      context,
      action({ [field]: difference.local, keptBy: difference.keptBy }, { [field]: difference.upstream }),
      now,
    );
    const after = await deps.corrections.upstreamState(tx, id, false);
    return after && upstreamAnswer(after);
  });
  if (answer) return answer;
  const error = refusal ?? notFound('Laundromat not found');
  await recordAdminFailure(deps, admin, context, action(null, { field }), error.message, now);
  throw error;
}

export const NOT_A_DUPLICATE_SUGGESTION_MESSAGE =
  "The suggestion is not a waiting 'duplicate of …' suggestion about these two laundromats.";

/**
 * Merges a duplicate into its survivor in one transaction: the survivor fills its empty fields from it,
 * the merged one is closed and points to the survivor, favourites move here and laundromat.merged.v1 asks
 * the review and photo services to move theirs; a named 'duplicate of …' suggestion is approved with
 * everyone who suggested it told. Audited, and a refused merge is audited too.
 */
export async function mergeLaundromats(
  deps: CorrectionsDeps,
  admin: Identity,
  context: AuditContext,
  input: MergeLaundromatsRequest,
  now = new Date(),
): Promise<LaundromatMerge> {
  const { survivorId, mergedId } = input;
  const action = (oldData: unknown, newData: unknown): AdminAction => ({
    action: 'laundromat.merge',
    resource: 'laundromat',
    resourceId: mergedId,
    oldData,
    newData,
  });
  let refusal: AppError | undefined;
  const result = await deps.db.tx(async (tx): Promise<LaundromatMerge | undefined> => {
    const locked = await deps.corrections.lockForMerge(tx, [survivorId, mergedId]);
    const survivor = locked.find((row) => row.id === survivorId);
    const merged = locked.find((row) => row.id === mergedId);
    const plan = planMerge(survivor, merged);
    if (!plan.ok) {
      refusal = plan.status === 404 ? notFound(plan.message) : conflict(plan.message);
      return undefined;
    }
    const group = input.suggestionId ? await deps.suggestions.lockGroup(tx, input.suggestionId) : [];
    const chosen = group.find((row) => row.id === input.suggestionId);
    if (input.suggestionId) {
      const about = chosen && [chosen.laundromatId, ...chosen.changes.map((c) => c.proposed)];
      if (
        !chosen ||
        chosen.kind !== 'duplicate' ||
        !about?.includes(survivorId) ||
        !about.includes(mergedId)
      ) {
        refusal = badRequest(NOT_A_DUPLICATE_SUGGESTION_MESSAGE, 'NOT_A_DUPLICATE_SUGGESTION');
        return undefined;
      }
    }

    if (plan.fill.length > 0) {
      await deps.corrections.fill(tx, survivorId, plan.fill);
      await deps.corrections.recordHistory(tx, {
        laundromatId: survivorId,
        source: 'admin',
        changes: plan.fill,
        changedById: admin.id,
      });
    }
    await deps.corrections.markMerged(tx, mergedId, survivorId);
    await deps.corrections.recordHistory(tx, {
      laundromatId: mergedId,
      source: 'admin',
      changes: [
        { field: 'status', from: merged!.status, to: 'closed' },
        { field: 'mergedInto', from: null, to: survivorId },
      ],
      changedById: admin.id,
    });
    const favoritesMoved = await deps.corrections.moveFavorites(tx, mergedId, survivorId);
    await deps.outbox.record(
      tx,
      createEvent(laundromatMergedV1, deps.outbox.producer, {
        survivorId,
        mergedId,
        mergedAt: now.toISOString(),
      }),
    );

    const decidedIds = group.map((row) => row.id);
    if (decidedIds.length > 0) {
      await deps.suggestions.markDecided(tx, decidedIds, {
        status: 'approved',
        decidedById: admin.id,
        reason: null,
      });
      const name = (await deps.suggestions.findLaundromat(chosen!.laundromatId))?.name ?? '';
      for (const row of group) {
        if (row.userId === null) continue;
        await deps.outbox.record(
          tx,
          createEvent(laundromatSuggestionDecidedV1, deps.outbox.producer, {
            suggestionId: row.id,
            laundromatId: row.laundromatId,
            laundromatName: name,
            userId: row.userId,
            kind: row.kind,
            status: 'approved',
            reason: null,
            decidedAt: now.toISOString(),
          }),
        );
      }
    }
    const answer: LaundromatMerge = {
      survivorId,
      mergedId,
      filled: plan.fill.map((f) => f.field),
      favoritesMoved,
      decidedSuggestionIds: decidedIds,
    };
    await recordAdminSuccess(
      deps.outbox,
      tx,
      admin,
      context,
      action({ status: merged!.status, mergedInto: null }, answer),
      now,
    );
    return answer;
  });
  if (result) return result;
  const error = refusal ?? notFound('Laundromat not found');
  await recordAdminFailure(deps, admin, context, action(null, input), error.message, now);
  throw error;
}
