import type { Db } from '@laundry/platform';
import type {
  AdvertiserRole,
  BillingCurrency,
  CreateAdvertiserRequest,
  VerificationState,
} from '@laundry/contracts';

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
  /** What every amount of the advertiser's campaigns is in; fixed once they have a campaign. */
  billingCurrency: BillingCurrency;
  createdAt: Date;
  updatedAt: Date;
  /** The latest verification's status, or 'none'. */
  verificationStatus: VerificationState;
  /** The role of the person it was looked up for: 'owner' for its owner (and when looked up by id). */
  role: AdvertiserRole;
}

/** Advertiser profiles; infra/advertiser-repository.ts implements it in SQL. */
export interface AdvertiserStore {
  /** The account the user works on: their own profile, else the one whose team they are on. */
  findByUser(db: Db, userId: string): Promise<AdvertiserRow | undefined>;
  findById(db: Db, id: string): Promise<AdvertiserRow | undefined>;
  /** Locks the row of the account the user works on (as findByUser) for the rest of the transaction. */
  lockByUser(tx: Db, userId: string): Promise<AdvertiserRow | undefined>;
  /** undefined when the user already has a profile; without a billing currency, US dollars. */
  insert(tx: Db, userId: string, profile: CreateAdvertiserRequest): Promise<AdvertiserRow | undefined>;
  /** Without a billing currency the one chosen stays. */
  update(tx: Db, id: string, profile: CreateAdvertiserRequest): Promise<AdvertiserRow>;
  /** Whether the advertiser has any campaign, whatever its status (an ended one too). */
  hasCampaigns(db: Db, id: string): Promise<boolean>;
  setVerified(tx: Db, id: string, verified: boolean): Promise<void>;
}
