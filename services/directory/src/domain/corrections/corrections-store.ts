import type { Db } from '@laundry/platform/db';
import type { LaundromatRow } from '../laundromat-store.ts';
import type { StoredHistoryRow } from './history.ts';
import type { FillableField, MergeCandidate } from './merge-plan.ts';
import type { UpstreamState } from './upstream.ts';

/** A laundromat's history, upstream values and merges; infra/corrections-repository.ts implements it. */
export interface CorrectionsRepository {
  /** A listed or closed laundromat (one whose history is public); undefined otherwise. */
  findPublic(id: string): Promise<LaundromatRow | undefined>;
  /** `limit` rows from `offset`, newest first. */
  history(laundromatId: string, limit: number, offset: number): Promise<StoredHistoryRow[]>;
  /** The survivor a merged laundromat points to; undefined when it was not merged. */
  mergedInto(id: string): Promise<string | undefined>;
  /** The laundromat with its kept fields and upstream's values; locked when `tx` is a transaction's. */
  upstreamState(tx: Db, id: string, lock: boolean): Promise<UpstreamState | undefined>;
  /** Writes upstream's value of `field` and stops keeping it, as a correction and as the owner's. */
  takeUpstream(tx: Db, id: string, field: string, value: unknown): Promise<void>;
  /** Both laundromats, locked in id order, so two merges of the same pair wait for each other. */
  lockForMerge(tx: Db, ids: readonly [string, string]): Promise<MergeCandidate[]>;
  fill(tx: Db, survivorId: string, fields: readonly { field: FillableField; to: string }[]): Promise<void>;
  /** Closes the merged one pointing to the survivor, and adds its review tallies to the survivor's. */
  markMerged(tx: Db, mergedId: string, survivorId: string): Promise<void>;
  /** Moves the merged one's favourites (a person who saved both keeps one); how many people gained one. */
  moveFavorites(tx: Db, mergedId: string, survivorId: string): Promise<number>;
  recordHistory(
    tx: Db,
    entry: {
      laundromatId: string;
      source: 'admin';
      changes: { field: string; from: unknown; to: unknown }[];
      changedById: string;
    },
  ): Promise<void>;
}
