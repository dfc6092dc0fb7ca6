import type { Db } from '@laundry/platform/db';
import type { SavedCard } from './payment-provider.ts';

export interface BillingAccountRow {
  userId: string;
  provider: 'stripe' | 'test';
  customerId: string | null;
  card: SavedCard | null;
  status: 'active' | 'suspended';
  suspendedReason: string | null;
  suspendedAt: Date | null;
}

export interface AttemptRow {
  attempt: number;
  outcome: 'started' | 'succeeded' | 'declined' | 'no_payment_method' | 'processing';
  paymentIntentId: string | null;
}

export interface DeclineRow {
  code: string;
  message: string;
  at: Date | null;
}

/** Payment methods, checkout sessions, charge attempts and webhook ids; each call runs in the caller's transaction. */
export interface PaymentStore {
  account(tx: Db, userId: string): Promise<BillingAccountRow | undefined>;
  saveCustomer(tx: Db, userId: string, provider: 'stripe' | 'test', customerId: string): Promise<void>;
  saveCard(
    tx: Db,
    userId: string,
    provider: 'stripe' | 'test',
    customerId: string,
    card: SavedCard,
  ): Promise<void>;
  /**
   * Forgets the user's card when it is still `paymentMethodId` (a card saved meanwhile stays); true when it
   * was removed.
   */
  removeCard(tx: Db, userId: string, paymentMethodId: string): Promise<boolean>;
  suspend(tx: Db, userId: string, reason: string, at: Date): Promise<void>;
  /** Makes the user's failed statements due at `at` again (a new card gets its try). */
  reopenFailed(tx: Db, userId: string, at: Date): Promise<number>;
  /** Lifts the suspension once none of the user's statements is failed. */
  reactivateIfSettled(tx: Db, userId: string): Promise<boolean>;
  saveCheckoutSession(
    tx: Db,
    session: { id: string; userId: string; provider: 'stripe' | 'test' },
  ): Promise<void>;
  /** The session, locked; undefined when unknown. */
  lockCheckoutSession(
    tx: Db,
    id: string,
  ): Promise<{ id: string; userId: string; status: 'open' | 'complete' } | undefined>;
  completeCheckoutSession(tx: Db, id: string, at: Date): Promise<void>;
  /** The next statement due for a charge attempt, locked and skipped by other workers. */
  claimDue(tx: Db, now: Date): Promise<string | undefined>;
  lastAttempt(tx: Db, statementId: string): Promise<AttemptRow | undefined>;
  startAttempt(tx: Db, statementId: string, attempt: number): Promise<void>;
  finishAttempt(
    tx: Db,
    statementId: string,
    attempt: number,
    outcome: Exclude<AttemptRow['outcome'], 'started'>,
    details: { paymentIntentId: string | null; code: string | null; message: string | null; at: Date },
  ): Promise<void>;
  /** Where the statement's charge goes next. */
  scheduleStatement(
    tx: Db,
    statementId: string,
    change: {
      attempts: number;
      nextAttemptAt: Date | null;
      paymentStatus: 'due' | 'failed';
      paymentIntentId: string | null;
      notes: string | null;
    },
  ): Promise<void>;
  /** Each of these statements whose last finished attempt was declined (or found no card): why, and when. */
  lastDeclines(tx: Db, statementIds: string[]): Promise<Map<string, DeclineRow>>;
  /** Records a webhook event's id; false when it was seen before. */
  rememberEvent(tx: Db, id: string, type: string): Promise<boolean>;
}
