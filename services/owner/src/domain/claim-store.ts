import type { Db } from '@laundry/platform/db';
import type { ClaimMethod, ClaimStatus } from '@laundry/contracts';

/** A claim as stored; its code only as a keyed hash. */
export interface ClaimRow {
  id: string;
  laundromatId: string;
  userId: string;
  method: ClaimMethod;
  status: ClaimStatus;
  email: string | null;
  codeHash: string | null;
  codeExpiresAt: Date | null;
  codeAttempts: number;
  documentId: string | null;
  documentType: 'business-licence' | 'utility-bill' | null;
  verifiedAt: Date | null;
  decidedAt: Date | null;
  decidedBy: string | null;
  notes: string | null;
  createdAt: Date;
}

export type NewClaim = Pick<ClaimRow, 'id' | 'laundromatId' | 'userId' | 'method' | 'status'> &
  Partial<
    Pick<ClaimRow, 'email' | 'codeHash' | 'codeExpiresAt' | 'documentId' | 'documentType' | 'verifiedAt'>
  >;

export type ClaimChange = Partial<
  Pick<ClaimRow, 'status' | 'codeHash' | 'codeAttempts' | 'verifiedAt' | 'decidedAt' | 'decidedBy' | 'notes'>
>;

/** The open statuses: a person has at most one of these per laundromat. */
export const openStatuses = ['awaiting-code', 'pending-review', 'contested'] as const;
/** Those an admin decides. */
export const pendingStatuses = ['pending-review', 'contested'] as const;

export interface ClaimStore {
  /** Undefined when it would be a second open claim of the person's, or a second verified owner. */
  insert(tx: Db, claim: NewClaim, now: Date): Promise<ClaimRow | undefined>;
  find(db: Db, id: string): Promise<ClaimRow | undefined>;
  lock(tx: Db, id: string): Promise<ClaimRow | undefined>;
  /** The laundromat's verified claim, locked when read in a transaction that changes ownership. */
  verifiedOf(db: Db, laundromatId: string, lock?: boolean): Promise<ClaimRow | undefined>;
  openOf(db: Db, laundromatId: string, userId: string): Promise<ClaimRow | undefined>;
  /** Claims whose code ran out unused are closed, so they block nobody's new claim. */
  expireCodes(tx: Db, laundromatId: string, now: Date): Promise<void>;
  /** How many e-mail claims the person started since then (each mailed a code). */
  emailClaimsSince(db: Db, userId: string, since: Date): Promise<number>;
  update(tx: Db, id: string, change: ClaimChange, now: Date): Promise<ClaimRow>;
  ofUser(db: Db, userId: string): Promise<ClaimRow[]>;
  /** The person's verified and open claims of one laundromat, locked. */
  activeOf(tx: Db, laundromatId: string, userId: string): Promise<ClaimRow[]>;
  queue(db: Db, statuses: readonly string[], limit: number): Promise<ClaimRow[]>;
  deleteOfUser(tx: Db, userId: string): Promise<number>;
}
