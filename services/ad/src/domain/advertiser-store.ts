import type { Db } from '@laundry/platform';
import type { CreateAdvertiserRequest, VerificationState } from '@laundry/contracts';

export interface AdvertiserRow {
  id: string;
  userId: string;
  businessName: string;
  contactEmail: string;
  contactPhone: string | null;
  website: string | null;
  industry: string | null;
  description: string | null;
  businessAddress: string | null;
  isVerified: boolean;
  isActive: boolean;
  stripeCustomerId: string | null;
  stripeAccountId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The latest verification's status, or 'none'. */
  verificationStatus: VerificationState;
}

/** Advertiser profiles; infra/advertiser-repository.ts implements it in SQL. */
export interface AdvertiserStore {
  findByUser(db: Db, userId: string): Promise<AdvertiserRow | undefined>;
  findById(db: Db, id: string): Promise<AdvertiserRow | undefined>;
  /** Locks the user's profile row for the rest of the transaction. */
  lockByUser(tx: Db, userId: string): Promise<AdvertiserRow | undefined>;
  /** undefined when the user already has a profile. */
  insert(tx: Db, userId: string, profile: CreateAdvertiserRequest): Promise<AdvertiserRow | undefined>;
  update(tx: Db, id: string, profile: CreateAdvertiserRequest): Promise<AdvertiserRow>;
  setVerified(tx: Db, id: string, verified: boolean): Promise<void>;
}
