import type { Db } from '@laundry/platform/db';
import type { BillingCurrency } from '@laundry/contracts';
import type { StatementFigures } from './statement-figures.ts';

export interface ClosedPeriod {
  id: string;
  start: Date;
  end: Date;
}

/** One advertiser's unbilled entries in one currency (an advertiser's two currencies are never summed). */
export interface UnbilledTotals {
  advertiserId: string;
  currency: BillingCurrency;
  impressions: number;
  clicks: number;
  /** Charges less credits of the entries not yet on a statement, exactly. */
  netE4: number;
}

/** Its *Cents figures are minor units of `currency`: cents, or whole yen for JPY. */
export interface NewStatement extends StatementFigures {
  advertiserId: string;
  /** The currency of every entry it bills and of every amount it shows and charges. */
  currency: BillingCurrency;
  periodId: string;
  periodStart: Date;
  periodEnd: Date;
  impressions: number;
  clicks: number;
  revenueE4: number;
  feeRateBp: number;
  /** The tax fixed at closing (tax.ts); advertiserChargeCents includes taxCents. */
  taxKind: 'none' | 'vat' | 'reverse_charge';
  taxRateBp: number;
  taxCountry: string | null;
  taxCents: number;
}

/** A statement's spend by campaign, from its own ledger entries (credits subtracted), exactly in E4. */
export interface CampaignSpend {
  campaignId: string | null;
  impressions: number;
  clicks: number;
  netE4: number;
}

/** Whom an advertiser's statement is taxed as: its owner's billing details, if saved. */
export interface TaxBuyerRow {
  country: string;
  taxIdStatus: 'none' | 'recorded' | 'pending' | 'verified' | 'rejected';
}

export type PaymentStatus = 'due' | 'failed' | 'paid' | 'nothing_due';

export interface Statement extends NewStatement {
  id: string;
  status: 'pending' | 'processed';
  paymentStatus: PaymentStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  stripePaymentIntentId: string | null;
  stripeChargeId: string | null;
  payoutNotes: string | null;
  invoiceNumber: string | null;
  processedAt: Date | null;
  createdAt: Date;
}

export interface PaymentDetails {
  paymentIntentId: string | null;
  chargeId: string | null;
  notes: string | null;
}

/** Periods and statements; every method runs in the caller's transaction. */
export interface StatementStore {
  /** Serialises period closing across processes for the rest of the transaction. */
  lockClosing(tx: Db): Promise<void>;
  lastPeriod(tx: Db): Promise<ClosedPeriod | undefined>;
  earliestUnbilled(tx: Db): Promise<Date | undefined>;
  /** undefined when a period with this start or end exists already. */
  insertPeriod(
    tx: Db,
    period: { start: Date; end: Date; closedBy: 'schedule' | 'admin'; userId: string | null },
  ): Promise<ClosedPeriod | undefined>;
  unbilledTotals(tx: Db, before: Date): Promise<UnbilledTotals[]>;
  /**
   * Creates the statement and puts every unbilled entry of its advertiser in its currency before its period's
   * end on it.
   */
  createStatement(tx: Db, statement: NewStatement, firstAttemptAt: Date | null): Promise<Statement>;
  lock(tx: Db, id: string): Promise<Statement | undefined>;
  /** Statements of these advertisers, newest period first. */
  listFor(tx: Db, advertiserIds: string[]): Promise<Statement[]>;
  byId(tx: Db, id: string): Promise<Statement | undefined>;
  nextInvoiceNumber(tx: Db, year: number): Promise<number>;
  /** The statement's entries summed by campaign, in campaign id order. */
  campaignSpend(tx: Db, statementId: string): Promise<CampaignSpend[]>;
  taxBuyerOf(tx: Db, advertiserId: string): Promise<TaxBuyerRow | undefined>;
  markProcessed(
    tx: Db,
    id: string,
    change: PaymentDetails & {
      paymentStatus: 'paid' | 'nothing_due';
      invoiceNumber: string;
      processedAt: Date;
    },
  ): Promise<void>;
}
