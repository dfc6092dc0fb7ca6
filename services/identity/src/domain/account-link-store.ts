import type { Db } from '@laundry/platform/db';

/** What a link e-mailed to a person lets them do, once. */
export type AccountLinkPurpose = 'verify-email' | 'reset-password' | 'change-email';

export interface AccountLinkRecord {
  /** SHA-256 (hex) of the link's secret; the secret itself is never stored. */
  tokenHash: string;
  purpose: AccountLinkPurpose;
  userId: string;
  /** The address the link was sent to. */
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** The links the domain issues and redeems; infra/account-link-repository.ts implements it. */
export interface AccountLinkRepository {
  insert(link: Omit<AccountLinkRecord, 'usedAt'>): Promise<void>;
  find(tokenHash: string, purpose: AccountLinkPurpose): Promise<AccountLinkRecord | undefined>;
  /** The link's row, locked until the transaction ends, so two uses of one link cannot both pass. */
  findForUpdate(
    tx: Db,
    tokenHash: string,
    purpose: AccountLinkPurpose,
  ): Promise<AccountLinkRecord | undefined>;
  /** Marks every unused link of the person's for this purpose used: the one redeemed and any older ones. */
  useAll(tx: Db, userId: string, purpose: AccountLinkPurpose): Promise<void>;
}
