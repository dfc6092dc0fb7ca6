import type { Db } from '@laundry/platform/db';

/** A refund that went through, with the credit note it issued. */
export interface RefundRow {
  id: string;
  statementId: string;
  amountCents: number;
  currency: string;
  reason: string;
  creditNoteNumber: string;
  providerRefundId: string;
  adminUserId: string;
  createdAt: Date;
}

/** Refunds and their credit notes; every method runs in the caller's transaction. */
export interface RefundStore {
  /** What the statement's refunds gave back so far, in cents. */
  refundedCents(tx: Db, statementId: string): Promise<number>;
  nextCreditNoteNumber(tx: Db, year: number): Promise<number>;
  insert(tx: Db, refund: RefundRow): Promise<void>;
  /** Puts the refund's ledger entry on the statement it refunds, so no later statement bills it. */
  attachEntry(tx: Db, sourceId: string, statementId: string): Promise<void>;
  byId(tx: Db, id: string): Promise<RefundRow | undefined>;
  /** The refunds of these statements, the oldest first, by statement. */
  forStatements(tx: Db, statementIds: string[]): Promise<Map<string, RefundRow[]>>;
}
