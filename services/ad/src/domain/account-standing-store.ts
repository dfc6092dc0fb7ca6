import type { Db } from '@laundry/platform/db';
import type { AccountStanding } from './ad-eligibility.ts';

/** account_standing; infra/account-standing-repository.ts implements it in SQL. */
export interface AccountStandingStore {
  /** The owner's address is verified from `at` on (it never turns back off). */
  markEmailVerified(tx: Db, userId: string, at: Date): Promise<void>;
  /**
   * Whether the owner has a payment method, as of `changedAt`; false when a later change was already
   * applied, which this older one must not undo.
   */
  setPaymentMethod(tx: Db, userId: string, hasPaymentMethod: boolean, changedAt: Date): Promise<boolean>;
  /** The owner's standing with what their campaigns accrued in all. */
  read(db: Db, userId: string): Promise<AccountStanding>;
  /**
   * The same inside a charge's transaction, for an owner seen without a payment method: their row stays
   * locked to the end of it, so two charges of their campaigns cannot both fit into what is left of the trial.
   */
  lockForCharge(tx: Db, userId: string): Promise<AccountStanding>;
}
