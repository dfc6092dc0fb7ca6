import type { Db } from '@laundry/platform';
import type { BillingCurrency, CampaignSchedule, Creative } from '@laundry/contracts';
import type { TargetCityPoint } from './ad-selection.ts';
import type { InvalidReason } from './invalid-traffic.ts';
import type { AccountStanding } from '../ad-eligibility.ts';

/**
 * A servable campaign as read from the database for the in-memory index. Its prices, daily budget and spend
 * are units of its currency as floats, read exactly as E4 and divided once: they only rank ads (expected value per thousand)
 * and set pacing's throttle, both ratios, never money that is charged, summed or compared against a budget.
 * Charging reads exact E4 (ChargeableCampaign).
 */
export interface ServableCampaignRow {
  id: string;
  advertiserId: string;
  advertiserUserId: string;
  /** The advertiser's billing currency, which every amount of the campaign is in. */
  currency: BillingCurrency;
  title: string;
  description: string | null;
  imageUrl: string | null;
  targetUrl: string;
  targetCountries: string[];
  targetCities: TargetCityPoint[];
  targetLatitude: number | null;
  targetLongitude: number | null;
  radiusKm: number | null;
  costPerClick: number;
  costPerImpression: number | null;
  /** The same prices exact, in E4: what a decision fixes in its token and its events are charged. */
  costPerClickE4: number;
  costPerImpressionE4: number | null;
  impressions: number;
  clicks: number;
  frequencyCap: number | null;
  /** The approved further creatives; the campaign's own content is the creative named by its id. */
  creatives: Creative[];
  /** When it may serve, in timeZone; null always. */
  schedule: CampaignSchedule | null;
  /** Each creative's valid impressions and clicks so far, by creative id (read with every reload). */
  creativeCounts: Record<string, [impressions: number, clicks: number]>;
  timeZone: string;
  dailyBudget: number;
  spentToday: number;
  /** Changes whenever what an advertiser or admin set changes (its updated_at): the row is then read again. */
  version: string;
}

/** What changes of a servable campaign while it runs, with its content's version: cheap to read every few seconds. */
export type ServableCampaignState = Pick<
  ServableCampaignRow,
  'id' | 'version' | 'impressions' | 'clicks' | 'spentToday' | 'creativeCounts' | 'currency'
> & {
  /** The owner's standing (address, payment method, accrued), which the serving rule reads each reload. */
  standing: AccountStanding;
  /** What one charged event costs at the bid itself (ad-eligibility.ts chargePriceE4), in E4. */
  priceE4: number;
  /**
   * The most one more charge may be, in E4: the smaller of what is left of the total budget and of the day's.
   * A placement's factor raises the charge, so the engine checks each placement's price against it.
   */
  roomE4: number;
};

/** The campaign row an event is charged against, locked for the rest of the transaction. */
export interface ChargeableCampaign {
  id: string;
  advertiserId: string;
  advertiserUserId: string;
  /** The advertiser's billing currency: what its budget, bids and every charge are in. */
  currency: BillingCurrency;
  targetUrl: string;
  /** The further creatives' ids and links, for a click's target. */
  creatives: Array<{ id: string; targetUrl: string }>;
  /** Approved, active, of an active advertiser and within its dates; the owner's standing is read apart. */
  servable: boolean;
  /** The owner's address and payment method as last heard (account_standing); no row reads as neither. */
  owner: { emailVerified: boolean; hasPaymentMethod: boolean };
  /** In E4, ten-thousandths of the currency's unit (contracts' money), so sums and comparisons are exact. */
  costPerClickE4: number;
  costPerImpressionE4: number | null;
  totalBudgetE4: number;
  totalSpentE4: number;
  dailyBudgetE4: number;
  spentTodayE4: number;
  /** Today in the campaign's time zone, the day its daily budget runs. */
  day: string;
}

export interface AdEventRow {
  decisionId: string;
  campaignId: string;
  /** The creative the ad showed (the campaign's id for its own content). */
  creativeId: string;
  placementKey: string;
  eventType: 'impression' | 'click';
  userId: string | null;
  userAgent: string | null;
  ipAddress: string | null;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  country: string | null;
  referrerUrl: string | null;
  pageUrl: string | null;
  laundromatId: string | null;
  costE4: number;
  invalidReason: InvalidReason | null;
  createdAt: Date;
}

/** What is known of a click with a forged token: the request's own facts, and the campaign it claims. */
export interface ForgedClick {
  claimedCampaignId: string | undefined;
  userId: string | null;
  userAgent: string | null;
  ipAddress: string | null;
  referrerUrl: string | null;
  createdAt: Date;
}

export interface PlacementRow {
  id: string;
  key: string;
  isActive: boolean;
  /** Its price factor in basis points (×1.2 is 12000): a charge here is the bid times it. */
  factorBp: number;
}

/** Ad delivery's tables; infra/delivery-repository.ts implements it in SQL. */
export interface DeliveryStore {
  /**
   * Approved, active campaigns within their dates with budget left on the day `now` falls on in each one's
   * time zone (checked again when charging, at the event's `now`); only those of `ids` when given. `now` is
   * the delivery's injected clock, so decisions, charges and pacing all read one clock.
   */
  loadServable(db: Db, now: Date, ids?: readonly string[]): Promise<ServableCampaignRow[]>;
  /**
   * The same campaigns' counts, that day's spend and content version, without their content, with their
   * owner's standing: the serving rule (ad-eligibility.ts) decides from it which of them may run.
   */
  loadServableState(db: Db, now: Date): Promise<ServableCampaignState[]>;
  placements(db: Db): Promise<PlacementRow[]>;
  lockForCharge(tx: Db, campaignId: string, now: Date): Promise<ChargeableCampaign | undefined>;
  /** undefined when a valid event of this kind was already counted for the decision. */
  insertEvent(tx: Db, event: AdEventRow, placementId: string | null): Promise<string | undefined>;
  /**
   * Keeps a click whose token this service did not sign, as invalid (forged_token) and free: under the
   * campaign the token claims only when it exists, with nothing else of the token.
   */
  insertForgedClick(db: Db, click: ForgedClick): Promise<void>;
  /** Whether the decision's impression was counted (valid) at or before `at`. */
  impressionCounted(db: Db, decisionId: string, at: Date): Promise<boolean>;
  /** Adds the charge and the count to the campaign, its day and its hourly and daily (UTC) rollups. */
  applyEvent(tx: Db, event: AdEventRow, day: string, advertiserId: string): Promise<void>;
  /** The campaign's target, for the click's redirect. */
  targetUrl(db: Db, campaignId: string): Promise<string | undefined>;
}
