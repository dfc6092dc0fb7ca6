import type { Db } from '@laundry/platform/db';
import type { SuggestionChange, SuggestionKind, SuggestionStatus } from '@laundry/contracts';
import type { LaundromatRow } from '../laundromat-store.ts';

export interface NewSuggestion {
  laundromatId: string;
  userId: string;
  userEmail: string;
  kind: SuggestionKind;
  changes: SuggestionChange[];
  changeKey: string;
  note: string | null;
}

/** A stored suggestion with its laundromat's name. */
export interface SuggestionRow {
  id: string;
  laundromatId: string;
  laundromatName: string;
  userId: string | null;
  userEmail: string | null;
  kind: SuggestionKind;
  changes: SuggestionChange[];
  changeKey: string;
  note: string | null;
  status: SuggestionStatus;
  reason: string | null;
  /** To the millisecond, as the API writes instants. */
  createdAt: string;
  decidedAt: string | null;
}

/** A change waiting for a decision and every pending suggestion of it, oldest first. */
export interface PendingGroup {
  laundromatId: string;
  changeKey: string;
  suggestions: SuggestionRow[];
}

/** A change applied to a laundromat, for its history: each field's value before and after. */
export interface HistoryEntry {
  laundromatId: string;
  source: 'suggestion';
  sourceId: string;
  changes: { field: string; from: unknown; to: unknown }[];
  changedById: string;
}

/** Suggested edits and what approving one writes; infra/suggestion-repository.ts implements it. */
export interface SuggestionRepository {
  /** Undefined when this person already suggested the same change and it still waits. */
  insert(tx: Db, suggestion: NewSuggestion): Promise<SuggestionRow | undefined>;
  /** A listed or closed laundromat (what people may correct); undefined for any other id. */
  findCorrectable(id: string): Promise<LaundromatRow | undefined>;
  listForUser(userId: string, limit: number): Promise<SuggestionRow[]>;
  /** Pending changes, the most confirmed first, then the oldest; at most `limit` groups. */
  pendingGroups(limit: number): Promise<PendingGroup[]>;
  /** The pending changes of the laundromats `userId` is the verified owner of, the oldest first. */
  pendingGroupsOwnedBy(userId: string): Promise<PendingGroup[]>;
  /** The laundromat's verified owner's id, or null without one. */
  ownerOf(tx: Db, laundromatId: string): Promise<string | null>;
  countPending(): Promise<number>;
  findById(id: string): Promise<SuggestionRow | undefined>;
  /** The pending suggestions of the same change as `id` (itself included), locked; empty when it is not pending. */
  lockGroup(tx: Db, id: string): Promise<SuggestionRow[]>;
  /** The laundromat's row whatever its status, for the queue's diff. */
  findLaundromat(id: string): Promise<LaundromatRow | undefined>;
  /** The laundromat's row, locked for the rest of the transaction. */
  lockLaundromat(tx: Db, id: string): Promise<LaundromatRow | undefined>;
  markDecided(
    tx: Db,
    ids: readonly string[],
    decision: { status: 'approved' | 'rejected'; decidedById: string; reason: string | null },
  ): Promise<void>;
  /** Writes the proposed values and adds their fields to the laundromat's locally edited fields. */
  applyChanges(tx: Db, laundromatId: string, changes: readonly SuggestionChange[]): Promise<void>;
  recordHistory(tx: Db, entry: HistoryEntry): Promise<void>;
}
