import type { Db } from '@laundry/platform/db';
import type {
  AvailabilityReport,
  CreateAvailabilityReportRequest,
  DistanceBand,
  LiveSummary,
  MachineFeedRequest,
  MachineState,
} from '@laundry/contracts';
import type { FedMachine, WeighedReport } from './live-state.ts';

export interface NewReport {
  /** Chosen before it is stored, so a batch of reports knows each one's id without reading them back. */
  id: string;
  laundromatId: string;
  userId: string;
  input: CreateAvailabilityReportRequest;
  distanceBand: DistanceBand;
  createdAt: Date;
}

/** A machine's last state from the feed. */
export type StoredMachine = FedMachine & Omit<MachineState, 'reportedAt' | 'type' | 'status'>;

export interface StoredLiveState {
  summary: LiveSummary | null;
  computedAt: Date;
}

/** One feed message's machines, as stored at `at`. */
export interface MachineMessage {
  laundromatId: string;
  machines: MachineFeedRequest['machines'];
  at: Date;
}

export interface SavedLiveState {
  laundromatId: string;
  summary: LiveSummary | null;
  validUntil: Date | null;
  computedAt: Date;
}

export interface FeedKeyRow {
  id: string;
  laundromatId: string;
  label: string | null;
  createdAt: Date;
}

/** The availability service's tables (infra/availability-repository.ts). */
export interface AvailabilityStore {
  /**
   * Serialises people's reports, so two at once cannot both pass the one-per-10-minutes rule: answers those
   * whose lock this transaction now holds; one held by another transaction is missing (a person sends one
   * report at a time).
   */
  lockReporters(tx: Db, userIds: readonly string[]): Promise<Set<string>>;
  /** When the person last reported this laundromat, and how many reports they made in the last hour. */
  reporterActivity(
    tx: Db,
    userId: string,
    laundromatId: string,
    now: Date,
  ): Promise<{ lastHere: Date | null; lastHour: number }>;
  /** reporterActivity for several reports in one statement, in the order asked. */
  reportersActivity(
    tx: Db,
    asks: ReadonlyArray<{ userId: string; laundromatId: string; now: Date }>,
  ): Promise<Array<{ lastHere: Date | null; lastHour: number }>>;
  /** Stores the reports in one statement. */
  insertReports(tx: Db, reports: readonly NewReport[]): Promise<void>;
  /**
   * Keeps the totals a report counted, else those already known, else the listing's: one statement for
   * several laundromats, each named once.
   */
  learnTotals(
    tx: Db,
    rows: ReadonlyArray<{
      laundromatId: string;
      counted: { washers?: number | null; dryers?: number | null };
      listed: { washers?: number | null; dryers?: number | null };
    }>,
  ): Promise<void>;
  totals(tx: Db, laundromatId: string): Promise<{ washers: number | null; dryers: number | null }>;
  /** totals for several laundromats in one statement; one with none known is left out. */
  totalsOf(
    tx: Db,
    laundromatIds: readonly string[],
  ): Promise<Map<string, { washers: number | null; dryers: number | null }>>;
  report(
    tx: Db,
    laundromatId: string,
    reportId: string,
  ): Promise<{ userId: string | null; createdAt: Date } | undefined>;
  upsertConfirmation(tx: Db, reportId: string, userId: string, agree: boolean, now: Date): Promise<void>;
  /** The reports of the last hour, weighed by the live state, with their reception and reporter's record. */
  weighedReports(tx: Db, laundromatId: string, since: Date): Promise<WeighedReport[]>;
  /** weighedReports for several laundromats in one statement (a batch), by laundromat. */
  weighedReportsOf(
    tx: Db,
    asks: ReadonlyArray<{ laundromatId: string; since: Date }>,
  ): Promise<Map<string, WeighedReport[]>>;
  /** The same reports as shown, newest first. */
  recentReports(
    laundromatId: string,
    since: Date,
    readerId: string | undefined,
  ): Promise<AvailabilityReport[]>;
  /** The latest report naming out-of-order machines, unless a later report says none are. */
  outOfOrder(
    laundromatId: string,
  ): Promise<{ washers: number; dryers: number; reportedAt: Date } | undefined>;
  machines(tx: Db, laundromatId: string): Promise<StoredMachine[]>;
  /** The machines of several laundromats at once (a batch of feed messages), by laundromat. */
  machinesOf(tx: Db, laundromatIds: readonly string[]): Promise<Map<string, StoredMachine[]>>;
  /**
   * Stores the machines of one or more feed messages in one statement. A machine named twice keeps the
   * later message's state; rows are written in (laundromat, machine) order, so two batches never deadlock.
   */
  saveMachines(tx: Db, messages: readonly MachineMessage[]): Promise<void>;
  /**
   * Locks the laundromats' live state rows (made when missing), in id order so two batches never deadlock,
   * and answers what was last published: undefined for a row made now.
   */
  lockLiveStates(tx: Db, laundromatIds: readonly string[]): Promise<Map<string, StoredLiveState | undefined>>;
  saveLiveStates(tx: Db, states: readonly SavedLiveState[]): Promise<void>;
  /** Laundromats whose published state has run out by `now` without an event saying so. */
  expiredLiveStates(now: Date, limit: number): Promise<string[]>;
  insertFeedKey(
    tx: Db,
    key: { laundromatId: string; label: string | null; hash: string; createdBy: string },
  ): Promise<FeedKeyRow>;
  revokeFeedKey(tx: Db, keyId: string, now: Date): Promise<boolean>;
  /**
   * The laundromats of keys that are not revoked (or whose rotation overlap has not ended), by hash, with
   * the end of a rotated key's overlap (null for a key without an end).
   */
  laundromatsOfKeys(
    tx: Db,
    hashes: readonly string[],
  ): Promise<Map<string, { laundromatId: string; revokedAt: Date | null }>>;
  /** Records the time of each key's last accepted message (its owner's list shows it). */
  feedKeysHeard(tx: Db, heard: ReadonlyMap<string, Date>): Promise<void>;
}
