import type { Db } from '@laundry/platform/db';
import type { BillingCurrency } from '@laundry/contracts';

/** A refund is money given back for a paid statement: posted on that statement, never billed again. */
export type EntryKind = 'impression' | 'click' | 'credit' | 'refund';

export const ADVERTISER_RECEIVABLE = 'advertiser:receivable';
export const PLATFORM_AD_REVENUE = 'platform:ad-revenue';

export interface LedgerEntry {
  sourceId: string;
  kind: EntryKind;
  advertiserId: string;
  campaignId: string | null;
  debitAccount: string;
  creditAccount: string;
  amountE4: number;
  /** The currency of amountE4: the ad event's, a credit's that of the entry it corrects, a refund's its statement's. */
  currency: BillingCurrency;
  occurredAt: Date;
  correctsSourceId: string | null;
  note: string | null;
}

export interface AdvertiserLedgerTotals {
  currency: BillingCurrency;
  impressions: number;
  clicks: number;
  /** Charges less credits, exactly. */
  netE4: number;
}

/** The ledger's tables; every method runs in the caller's transaction. */
export interface LedgerStore {
  rememberOwner(tx: Db, advertiserId: string, userId: string): Promise<void>;
  /** Posts the entry unless one with its source id exists; false when it did. */
  post(tx: Db, entry: LedgerEntry): Promise<boolean>;
  entryBySource(tx: Db, sourceId: string): Promise<LedgerEntry | undefined>;
  /** The advertisers a user owns, as the events told. */
  advertisersOf(tx: Db, userId: string): Promise<string[]>;
  ownerOf(tx: Db, advertiserId: string): Promise<string | undefined>;
  /** The currency of the newest entry of these advertisers (what they are billed in now); none before any. */
  currencyOf(tx: Db, advertiserIds: string[]): Promise<BillingCurrency | undefined>;
  /** Totals per currency (never a sum across two), the currency of the newest entry first. */
  totals(tx: Db, advertiserIds: string[]): Promise<AdvertiserLedgerTotals[]>;
}
