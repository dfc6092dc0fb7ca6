import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { conflict, forbidden, notFound } from '@laundry/platform/errors';
import {
  createEvent,
  laundromatSuggestionDecidedV1,
  type DecideSuggestionRequest,
  type ListSuggestionsQuery,
  type OwnerSuggestionList,
  type SuggestionDecision,
  type SuggestionGroup,
  type SuggestionQueue,
} from '@laundry/contracts';
import {
  recordAdminFailure,
  recordAdminSuccess,
  type AdminAction,
  type AuditContext,
} from '../admin-audit.ts';
import type { LaundromatRepository } from '../laundromat-store.ts';
import { ownerAnswerDeadline, waitingForOwnerUntil } from './owner-first.ts';
import { withCurrentValues } from './suggestion-changes.ts';
import type { PendingGroup, SuggestionRepository, SuggestionRow } from './suggestion-store.ts';

export interface SuggestionDecisionDeps {
  db: Db;
  outbox: Outbox;
  suggestions: SuggestionRepository;
  laundromats: LaundromatRepository;
}

export const SUGGESTION_DECIDED_MESSAGE = 'This suggestion has been decided already.';
export const NOT_YOUR_SUGGESTION_MESSAGE =
  "Only the laundromat's verified owner can decide the edits suggested for it.";

const statusAfter = { approve: 'approved', reject: 'rejected' } as const;

/** The admins' queue: each pending change once, with how many people suggested it and the diff as of now. */
export async function listSuggestionQueue(
  deps: SuggestionDecisionDeps,
  query: ListSuggestionsQuery,
  now = new Date(),
): Promise<SuggestionQueue> {
  const [groups, total] = await Promise.all([
    deps.suggestions.pendingGroups(query.limit),
    deps.suggestions.countPending(),
  ]);
  const items = await Promise.all(groups.map((group) => toGroup(deps, group, now)));
  return { items: items.filter((item) => item !== undefined), total };
}

/**
 * The pending changes of the laundromats this person is the verified owner of, oldest first, with the
 * people's notes but never who they are, and when each comes to the admins if the owner does not answer.
 */
export async function listOwnerSuggestions(
  deps: SuggestionDecisionDeps,
  owner: Identity,
): Promise<OwnerSuggestionList> {
  const groups = await deps.suggestions.pendingGroupsOwnedBy(owner.id);
  const items = await Promise.all(
    groups.map(async (group) => {
      const first = group.suggestions[0];
      const laundromat = await deps.suggestions.findLaundromat(group.laundromatId);
      if (!first || !laundromat) return undefined;
      return {
        id: first.id,
        laundromat: { id: laundromat.id, name: laundromat.name, city: String(laundromat.city ?? '') },
        kind: first.kind,
        changes: withCurrentValues(laundromat, first.changes),
        confirmations: new Set(group.suggestions.map((s) => s.userId ?? s.id)).size,
        notes: group.suggestions.flatMap((s) => (s.note ? [s.note] : [])),
        firstSuggestedAt: first.createdAt,
        answerBy: ownerAnswerDeadline(first.createdAt).toISOString(),
      };
    }),
  );
  return { items: items.filter((item) => item !== undefined) };
}

async function toGroup(
  deps: SuggestionDecisionDeps,
  group: PendingGroup,
  now: Date,
): Promise<SuggestionGroup | undefined> {
  const first = group.suggestions[0];
  const laundromat = await deps.suggestions.findLaundromat(group.laundromatId);
  if (!first || !laundromat) return undefined;
  return {
    id: first.id,
    laundromat: {
      id: laundromat.id,
      name: laundromat.name,
      city: String(laundromat.city ?? ''),
      country: laundromat.country,
      latitude: laundromat.latitude,
      longitude: laundromat.longitude,
    },
    kind: first.kind,
    changes: withCurrentValues(laundromat, first.changes),
    confirmations: new Set(group.suggestions.map((s) => s.userId ?? s.id)).size,
    suggestions: group.suggestions.map((s) => ({
      id: s.id,
      userId: s.userId,
      email: s.userEmail,
      note: s.note,
      createdAt: s.createdAt,
    })),
    firstSuggestedAt: first.createdAt,
    waitingForOwnerUntil: waitingForOwnerUntil(first.createdAt, laundromat.ownerVerified === true, now),
  };
}

function decisionAction(
  kind: DecideSuggestionRequest['decision'],
  suggestion: Pick<SuggestionRow, 'id' | 'laundromatId' | 'kind' | 'changes'> | { id: string },
  reason: string | null,
): AdminAction {
  const changes = 'changes' in suggestion ? suggestion.changes : [];
  return {
    action: `laundromat.suggestion.${kind}`,
    resource: 'laundromat',
    resourceId: 'laundromatId' in suggestion ? suggestion.laundromatId : suggestion.id,
    oldData: Object.fromEntries(changes.map((change) => [change.field, change.current])),
    newData: {
      suggestionId: suggestion.id,
      status: statusAfter[kind],
      ...(kind === 'approve'
        ? { changes: Object.fromEntries(changes.map((c) => [c.field, c.proposed])) }
        : {}),
      ...(reason ? { reason } : {}),
    },
  };
}

/**
 * Who decides: an admin (the admins' queue), or whoever asks through the owner's page, which only the
 * laundromat's verified owner or an admin may do; anyone else is refused with a 403 and nothing changes.
 */
export type Decider = 'admin' | 'owner';

/**
 * An admin's (or the laundromat's verified owner's) decision on a suggested change, for everyone who
 * suggested it; the two decide alike. Approving writes the proposed
 * values to the laundromat, records its fields as edited here and the change in the laundromat's history;
 * either way each person is told through laundromat.suggestion-decided.v1, and the audit entry commits with
 * it. A suggestion decided already is a 409, an unknown one a 404, each with an audit entry of its own.
 */
export async function decideSuggestion(
  deps: SuggestionDecisionDeps,
  admin: Identity,
  context: AuditContext,
  id: string,
  input: DecideSuggestionRequest,
  now = new Date(),
  decider: Decider = 'admin',
): Promise<SuggestionDecision> {
  const reason = input.reason ? input.reason : null;
  const status = statusAfter[input.decision];
  const mayDecide = async (tx: Db, laundromatId: string) =>
    admin.role === 'admin' || (await deps.suggestions.ownerOf(tx, laundromatId)) === admin.id;
  const decided = await deps.db.tx(async (tx) => {
    const group = await deps.suggestions.lockGroup(tx, id);
    const chosen = group.find((row) => row.id === id);
    if (!chosen) return undefined;
    const laundromat = await deps.suggestions.lockLaundromat(tx, chosen.laundromatId);
    if (!laundromat) return undefined;
    if (decider === 'owner' && !(await mayDecide(tx, chosen.laundromatId))) return 'refused' as const;
    const changes = withCurrentValues(laundromat, chosen.changes);
    if (status === 'approved') {
      await deps.suggestions.applyChanges(tx, chosen.laundromatId, changes);
      await deps.suggestions.recordHistory(tx, {
        laundromatId: chosen.laundromatId,
        source: 'suggestion',
        sourceId: chosen.id,
        changes: changes.map((change) => ({
          field: change.field,
          from: change.current,
          to: change.proposed,
        })),
        changedById: admin.id,
      });
    }
    const ids = group.map((row) => row.id);
    await deps.suggestions.markDecided(tx, ids, { status, decidedById: admin.id, reason });
    for (const row of group) {
      if (row.userId === null) continue;
      await deps.outbox.record(
        tx,
        createEvent(laundromatSuggestionDecidedV1, deps.outbox.producer, {
          suggestionId: row.id,
          laundromatId: row.laundromatId,
          laundromatName: laundromat.name,
          userId: row.userId,
          kind: row.kind,
          status,
          reason,
          decidedAt: now.toISOString(),
        }),
      );
    }
    const action = decisionAction(input.decision, { ...chosen, changes }, reason);
    const byOwner = admin.role !== 'admin';
    await recordAdminSuccess(
      deps.outbox,
      tx,
      admin,
      context,
      byOwner ? { ...action, newData: { ...(action.newData as object), byOwner } } : action,
      now,
    );
    return { id, status, decidedIds: ids };
  });
  if (decided === 'refused') throw forbidden(NOT_YOUR_SUGGESTION_MESSAGE);
  if (decided) return decided;

  const existing = await deps.suggestions.findById(id);
  // A stranger learns nothing of a decided suggestion of someone else's laundromat.
  if (decider === 'owner' && existing && !(await mayDecide(deps.db, existing.laundromatId))) {
    throw forbidden(NOT_YOUR_SUGGESTION_MESSAGE);
  }
  const refusal = existing ? conflict(SUGGESTION_DECIDED_MESSAGE) : notFound('Suggestion not found');
  await recordAdminFailure(
    deps,
    admin,
    context,
    decisionAction(input.decision, existing ?? { id }, reason),
    refusal.message,
    now,
  );
  throw refusal;
}
