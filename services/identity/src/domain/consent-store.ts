import type { ConsentType, UserConsent } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';

/** A new consent row; the database gives it its id and times. */
export interface NewConsentRecord {
  userId: string;
  consentType: ConsentType;
  hasConsented: boolean;
  consentVersion: string;
  legalBasis: string;
  jurisdiction: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  consentSource: string;
  expiresAt: Date | null;
  withdrawnAt: Date | null;
}

export interface ConsentRepository {
  /** Waits for the person's other consent writes, so two at once cannot both read the same latest rows. */
  lockPerson(tx: Db, userId: string): Promise<void>;
  /** The newest record of each type, for the person. */
  latest(db: Db, userId: string): Promise<UserConsent[]>;
  insert(tx: Db, records: readonly NewConsentRecord[]): Promise<void>;
  /** Every record, newest first. */
  history(userId: string): Promise<UserConsent[]>;
}
