/**
 * Business constants both sides need (docs/product.md, Data, Validation and Constants): validation limits,
 * enums, currencies and the rules the services apply. What only the front end uses is in `ui.ts`.
 */

export const currencies = ['USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD'] as const;
export const defaultCurrency = 'USD';

export const minimumUserAge = 13;

export const ratingBounds = { min: 1, max: 5 } as const;

export const maxLengths = {
  name: 255,
  city: 100,
  country: 100,
  phone: 50,
  currency: 3,
  status: 20,
  visitTime: 10,
  ipAddress: 45,
  auditAction: 100,
  auditResource: 100,
  httpMethod: 10,
  jurisdiction: 10,
  email: 254,
  personName: 100,
  password: 200,
  searchQuery: 200,
  url: 2048,
  longText: 5000,
} as const;

/** Largest values the decimal columns hold: prices 8,2; campaign money 10,2; per-impression 10,4; multiplier 3,2. */
export const decimalLimits = {
  price: 999_999.99,
  campaignMoney: 99_999_999.99,
  costPerImpression: 999_999.9999,
  placementMultiplier: 9.99,
} as const;

export const campaignMinimums = { totalBudget: 10, dailyBudget: 1, costPerClick: 0.1 } as const;
export const campaignFormDefaults = {
  totalBudget: 100,
  dailyBudget: 10,
  costPerClick: 0.5,
  status: 'draft',
} as const;

export const photoCategories = ['prices', 'machines', 'amenities', 'exterior', 'interior'] as const;
/** The gallery filter adds 'all' in front of the five categories. */
export const photoCategoryFilters = ['all', ...photoCategories] as const;

export const checklistItemIds = [
  'detergent-available',
  'card-payment',
  'staff-present',
  'well-lit',
  'ac-ventilation',
  'folding-tables',
  'big-drums',
  'safe-night',
  'machines-working',
] as const;

export const advertiserIndustries = [
  'laundromat',
  'dry_cleaning',
  'laundry_supplies',
  'laundry_equipment',
  'cleaning_service',
  'detergent_brand',
  'technology',
  'other',
] as const;

/** The statuses a campaign may be created with (docs/product.md, Behaviour). */
export const campaignStatuses = ['draft', 'active', 'paused'] as const;
/** Every status of a campaign's life: draft → active ⇄ paused → ended; ended is final, and a past end date ends it. */
export const campaignLifecycleStatuses = ['draft', 'active', 'paused', 'ended'] as const;
/**
 * A campaign's content review (docs/product.md, Data: content moderation review); only an approved, active
 * campaign is served.
 */
export const moderationStatuses = ['pending', 'approved', 'rejected', 'changes_requested'] as const;
export const verificationDocumentTypes = [
  'business_registration',
  'tax_certificate',
  'utility_bill',
  'professional_license',
  'other',
] as const;
/** Largest number of countries and cities one campaign may target. */
export const targetingLimits = { countries: 250, cities: 50, maxRadiusKm: 500 } as const;
export const payoutStatuses = ['pending', 'processed'] as const;
// 'closed': permanently closed (an approved edit, or gone upstream); kept so its reviews and favourites stay.
export const laundromatStatuses = ['pending', 'approved', 'rejected', 'closed'] as const;
export const userRoles = ['user', 'admin'] as const;
export const visitTimes = ['day', 'night'] as const;

export const languages = ['en', 'zh', 'hi', 'es', 'fr'] as const;

/**
 * Every amenity boolean of a laundromat, with the add-form default (docs/product.md, Data and Validation).
 */
export const laundromatBooleanDefaults = {
  isWashAndFold: false,
  isDryCleaning: false,
  isSelfService: true,
  acceptsCoin: true,
  acceptsCard: false,
  acceptsNfc: false,
  hasChangeMachine: false,
  hasDetergentVending: false,
  hasWifi: false,
  hasSeating: false,
  hasFoldingTables: false,
  hasRestroom: false,
  hasParking: false,
  hasAc: false,
  isWheelchairAccessible: false,
  isWellLit: false,
  hasStaff: false,
  hasCctv: false,
  hasBigDrums: false,
  hasHotWater: false,
} as const;
export type LaundromatBooleanKey = keyof typeof laundromatBooleanDefaults;
export const laundromatBooleanKeys = Object.keys(laundromatBooleanDefaults) as LaundromatBooleanKey[];

export const listLimits = { default: 50, max: 200 } as const;
export const geocodeResultLimit = 5;

export const reviewPageLimits = { default: 50, max: 100 } as const;

/** Points a contribution earns (contributionPoints; the product sets no values, these are ours). */
export const contributionPointValues = { review: 10, photo: 5, laundromat: 25, suggestion: 5 } as const;
/** The contributor badge is the highest tier whose threshold the points reach; none below the first. */
export const contributorBadges = [
  { id: 'bronze', minPoints: 50 },
  { id: 'silver', minPoints: 200 },
  { id: 'gold', minPoints: 500 },
] as const;
export type ContributorBadge = (typeof contributorBadges)[number]['id'];

export const distances = {
  movementThresholdM: 50,
  sidebarMovementThresholdM: 100,
  mapMoveMinimumM: 200,
  earthRadiusKm: 6371,
} as const;
