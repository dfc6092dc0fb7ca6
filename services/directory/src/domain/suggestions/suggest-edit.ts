import type { Identity } from '@laundry/platform/auth';
import type { Cache } from '@laundry/platform/cache';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { badRequest, conflict, notFound, tooManyRequests } from '@laundry/platform/errors';
import {
  createEvent,
  laundromatOwnerNoticeRaisedV1,
  type CreateSuggestionRequest,
  type Suggestion,
  type SuggestionList,
} from '@laundry/contracts';
import { openingHoursProblem } from '../osm-hours/osm-hours.ts';
import { proposeChange } from './suggestion-changes.ts';
import type { SuggestionRepository, SuggestionRow } from './suggestion-store.ts';

export interface SuggestionLimits {
  /** Suggestions one person may send in the window. */
  perPerson: number;
  windowSeconds: number;
}

export interface SuggestDeps {
  db: Db;
  outbox: Outbox;
  suggestions: SuggestionRepository;
  cache: Cache;
  /** Distinguishes this deployment's (or test's) counters in a shared cache. */
  cachePrefix: string;
  limits: SuggestionLimits;
}

export const NOTHING_TO_CHANGE_MESSAGE =
  'The laundromat already says this: change at least one value before sending the suggestion.';
export const ALREADY_SUGGESTED_MESSAGE =
  'You have already suggested this change; it is waiting for a decision.';
export const TOO_MANY_SUGGESTIONS_MESSAGE =
  'You have sent many suggestions in a short time. Please wait a while before sending more.';

export function toSuggestion(row: SuggestionRow): Suggestion {
  return {
    id: row.id,
    laundromatId: row.laundromatId,
    laundromatName: row.laundromatName,
    kind: row.kind,
    changes: row.changes,
    note: row.note,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

/**
 * A signed-in person's correction of a listed (or closed) laundromat, stored with the laundromat's current
 * values beside the proposed ones for the laundromat's verified owner (told by mail) or an admin to decide. Refused, with nothing stored: an unknown
 * laundromat (404), opening hours the OSM library cannot read, a duplicate of itself or of an unknown one,
 * a change to what the laundromat already says (400), the same change twice while it waits (409), and more
 * than the person's allowance in the window (429).
 */
export async function suggestEdit(
  deps: SuggestDeps,
  user: Identity,
  laundromatId: string,
  input: CreateSuggestionRequest,
): Promise<Suggestion> {
  const row = await deps.suggestions.findCorrectable(laundromatId);
  if (!row) throw notFound('Laundromat not found');
  if (input.kind === 'hours') {
    const problem = openingHoursProblem(input.openingHours);
    if (problem !== null) throw badRequest(`Opening hours: ${problem}`, 'INVALID_OPENING_HOURS');
  }
  if (input.kind === 'duplicate') {
    if (input.duplicateOfId === laundromatId) {
      throw badRequest('A laundromat cannot be a duplicate of itself: choose the other one.');
    }
    if (!(await deps.suggestions.findCorrectable(input.duplicateOfId))) {
      throw badRequest('The laundromat it duplicates was not found: check the id.', 'UNKNOWN_DUPLICATE');
    }
  }
  const proposal = proposeChange(row, input);
  if (proposal.changes.length === 0) throw badRequest(NOTHING_TO_CHANGE_MESSAGE, 'NOTHING_TO_CHANGE');

  // Counted once the suggestion is known to be valid, so a mistyped form does not use up the allowance.
  const count = await deps.cache.incr(
    `${deps.cachePrefix}:suggestions:${user.id}`,
    deps.limits.windowSeconds,
  );
  if (count > deps.limits.perPerson) throw tooManyRequests(TOO_MANY_SUGGESTIONS_MESSAGE);

  const stored = await deps.db.tx(async (tx) => {
    const inserted = await deps.suggestions.insert(tx, {
      laundromatId,
      userId: user.id,
      userEmail: user.email,
      kind: proposal.kind,
      changes: proposal.changes,
      changeKey: proposal.changeKey,
      note: input.note ? input.note : null,
    });
    // The verified owner decides first, so they are told (unless they turned these mails off).
    const owner = inserted ? await deps.suggestions.ownerOf(tx, laundromatId) : null;
    if (inserted && owner !== null && owner !== user.id) {
      await deps.outbox.record(
        tx,
        createEvent(laundromatOwnerNoticeRaisedV1, deps.outbox.producer, {
          noticeId: `suggestion:${inserted.id}`,
          type: 'owner.suggestion',
          ownerUserId: owner,
          laundromatId,
          laundromatName: inserted.laundromatName,
          suggestionKind: inserted.kind,
          occurredAt: inserted.createdAt,
        }),
      );
    }
    return inserted;
  });
  if (!stored) throw conflict(ALREADY_SUGGESTED_MESSAGE);
  return toSuggestion(stored);
}

/** The person's own suggestions, newest first, with each decision and its reason. */
export async function listOwnSuggestions(
  suggestions: SuggestionRepository,
  user: Identity,
): Promise<SuggestionList> {
  const rows = await suggestions.listForUser(user.id, 100);
  return { items: rows.map(toSuggestion) };
}
