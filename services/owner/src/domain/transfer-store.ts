import type { Db } from '@laundry/platform/db';
import type { ClaimTransferStatus } from '@laundry/contracts';

/** A transfer as stored: the sender's verified claim handed to the person at `toEmail`. */
export interface TransferRow {
  id: string;
  claimId: string;
  laundromatId: string;
  fromUserId: string;
  toEmail: string;
  status: ClaimTransferStatus;
  expiresAt: Date;
  toUserId: string | null;
  newClaimId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewTransfer = Pick<
  TransferRow,
  'id' | 'claimId' | 'laundromatId' | 'fromUserId' | 'toEmail' | 'expiresAt'
>;

export interface TransferStore {
  /** Undefined when the claim already has a pending transfer (the unique index decides, whatever raced). */
  insert(tx: Db, transfer: NewTransfer, now: Date): Promise<TransferRow | undefined>;
  lock(tx: Db, id: string): Promise<TransferRow | undefined>;
  find(db: Db, id: string): Promise<TransferRow | undefined>;
  /** The claim's pending transfer, locked, whether or not its time ran out. */
  pendingOf(tx: Db, claimId: string): Promise<TransferRow | undefined>;
  /** Pending transfers whose 7 days ran out are marked expired, so they block no new one. */
  expire(tx: Db, claimId: string, now: Date): Promise<void>;
  end(
    tx: Db,
    id: string,
    change: { status: Exclude<ClaimTransferStatus, 'pending'>; toUserId?: string; newClaimId?: string },
    now: Date,
  ): Promise<TransferRow>;
  /** How many transfers the person started since then (each mailed someone). */
  startedSince(db: Db, userId: string, since: Date): Promise<number>;
  /** The person's pending transfers still in their time. */
  pendingFrom(db: Db, userId: string, now: Date): Promise<TransferRow[]>;
  /** Every transfer the person sent or accepted (their export). */
  ofUser(db: Db, userId: string): Promise<TransferRow[]>;
  /** Those the person accepted (the ones they sent go with their claims). */
  deleteAcceptedBy(tx: Db, userId: string): Promise<number>;
  deleteFrom(tx: Db, userId: string): Promise<number>;
}
