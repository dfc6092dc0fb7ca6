import type { Db } from '@laundry/platform';
import type { AdvertiserVerification, VerificationQueueItem, VerificationRequest } from '@laundry/contracts';

export type VerificationRow = AdvertiserVerification & { documentId: string | null };

/** Business verifications; infra/verification-repository.ts implements it in SQL. */
export interface VerificationStore {
  latestFor(db: Db, advertiserId: string): Promise<VerificationRow | undefined>;
  find(db: Db, id: string): Promise<VerificationRow | undefined>;
  lock(tx: Db, id: string): Promise<VerificationRow | undefined>;
  /** undefined when the advertiser already has one waiting. */
  insert(
    tx: Db,
    id: string,
    advertiserId: string,
    fields: VerificationRequest,
    document: { id: string; url: string },
  ): Promise<VerificationRow | undefined>;
  decide(
    tx: Db,
    id: string,
    decision: { status: 'verified' | 'rejected'; verifiedBy: string; notes: string | null; now: Date },
  ): Promise<void>;
  queue(db: Db, status: string, limit: number): Promise<VerificationQueueItem[]>;
  findItem(db: Db, id: string): Promise<VerificationQueueItem | undefined>;
}
