import type { Db } from '@laundry/platform';
import type {
  BillingCurrency,
  CampaignLifecycleStatus,
  CampaignSchedule,
  Creative,
  ModerationStatus,
} from '@laundry/contracts';
import type { TargetCity } from './targeting.ts';

/** A campaign as stored; money in E4 (contracts' money), read from its numeric columns exactly. */
export interface CampaignRow {
  id: string;
  advertiserId: string;
  /** Its advertiser's billing currency, which every amount of it is in (fixed once it exists). */
  currency: BillingCurrency;
  title: string;
  description: string | null;
  imageUrl: string | null;
  targetUrl: string;
  targetCountries: string[];
  targetCities: TargetCity[];
  radiusKm: number | null;
  targetLatitude: number | null;
  targetLongitude: number | null;
  frequencyCap: number | null;
  /** The approved further creatives (up to four), served beside the campaign's own content. */
  creatives: Creative[];
  schedule: CampaignSchedule | null;
  /** The zone its budget's day and its schedule run in. */
  timeZone: string;
  dailyBudgetE4: number;
  totalBudgetE4: number;
  costPerClickE4: number;
  costPerImpressionE4: number | null;
  status: CampaignLifecycleStatus;
  moderationStatus: ModerationStatus;
  moderationNote: string | null;
  startDate: string | null;
  endDate: string | null;
  totalImpressions: number;
  totalClicks: number;
  totalSpentE4: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What the advertiser writes; money in E4, validated to its column's scale by the contracts. */
export interface CampaignContent {
  title: string;
  description: string;
  imageUrl: string;
  targetUrl: string;
  targetCountries: string[];
  targetCities: TargetCity[];
  radiusKm: number | null;
  targetLatitude: number | null;
  targetLongitude: number | null;
  frequencyCap: number | null;
  creatives: Creative[];
  /** Null: always. Its time zone becomes the campaign's. */
  schedule: CampaignSchedule | null;
  dailyBudgetE4: number;
  totalBudgetE4: number;
  costPerClickE4: number;
  costPerImpressionE4: number | null;
  startDate: string | null;
  endDate: string | null;
}

/** Campaigns; infra/campaign-repository.ts implements it in SQL. */
export interface CampaignStore {
  listForAdvertiser(db: Db, advertiserId: string): Promise<CampaignRow[]>;
  /** undefined when the campaign does not exist or belongs to another advertiser. */
  findOwned(db: Db, advertiserId: string, id: string): Promise<CampaignRow | undefined>;
  lockOwned(tx: Db, advertiserId: string, id: string): Promise<CampaignRow | undefined>;
  lock(tx: Db, id: string): Promise<CampaignRow | undefined>;
  /** Names the laundromat a campaign promotes (started with its owner's 'Promote'). */
  markPromoted(tx: Db, id: string, laundromatId: string): Promise<void>;
  /** The laundromat a campaign promotes, or undefined for any other campaign. */
  promotedLaundromat(db: Db, id: string): Promise<string | undefined>;
  insert(
    tx: Db,
    advertiserId: string,
    content: CampaignContent,
    status: CampaignLifecycleStatus,
    moderationStatus: ModerationStatus,
  ): Promise<CampaignRow>;
  /** Writes the whole content; the moderation note is kept only when given (an unreviewed settings change). */
  updateContent(
    tx: Db,
    id: string,
    content: CampaignContent,
    moderationStatus: ModerationStatus,
    moderationNote?: string | null,
  ): Promise<CampaignRow>;
  setStatus(tx: Db, id: string, status: CampaignLifecycleStatus): Promise<CampaignRow>;
  setModeration(tx: Db, id: string, status: ModerationStatus, note: string | null): Promise<CampaignRow>;
  /**
   * What the advertiser's campaigns commit, in E4, leaving out `exceptId`: a campaign that can still spend
   * commits its whole total budget, an ended one what it spent.
   */
  committedBudgetE4(db: Db, advertiserId: string, exceptId?: string): Promise<number>;
  /** Ends every campaign whose end date is before `today` (YYYY-MM-DD); answers the ones it ended. */
  endExpired(tx: Db, today: string, advertiserId?: string): Promise<CampaignRow[]>;
}
