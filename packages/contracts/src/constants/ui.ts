import { checklistItemIds, type LaundromatBooleanKey } from './domain.ts';

/**
 * Constants only the front end uses (the shell and the micro-frontends): English checklist labels, search
 * sidebar filters, list sizes, timings, the map's default view and marker colours. The domain's are in
 * `domain.ts`.
 */

export const checklistItems = [
  { id: 'detergent-available', label: 'Detergent Available' },
  { id: 'card-payment', label: 'Card Payment Works' },
  { id: 'staff-present', label: 'Staff Present' },
  { id: 'well-lit', label: 'Well Lit' },
  { id: 'ac-ventilation', label: 'AC/Ventilation' },
  { id: 'folding-tables', label: 'Folding Tables' },
  { id: 'big-drums', label: 'Large Drums Available' },
  { id: 'safe-night', label: 'Safe at Night' },
  { id: 'machines-working', label: 'All Machines Working' },
] as const;
// Every checklist item the domain knows has its label here.
checklistItemIds satisfies readonly (typeof checklistItems)[number]['id'][];

export const consentCategories = ['necessary', 'analytics', 'advertising'] as const;

/** The quick filter chips of the search sidebar; every other amenity boolean is a filter too. */
export const quickFilterKeys = [
  'acceptsCard',
  'hasDetergentVending',
  'isWashAndFold',
  'hasBigDrums',
  'hasWifi',
  'isWheelchairAccessible',
  'hasStaff',
  'isWellLit',
] as const satisfies readonly LaundromatBooleanKey[];

/** Filter panel groups of the search sidebar. */
export const filterGroups = {
  paymentMethods: ['acceptsCoin', 'acceptsCard', 'acceptsNfc', 'hasChangeMachine'],
  amenities: [
    'isSelfService',
    'isWashAndFold',
    'isDryCleaning',
    'hasDetergentVending',
    'hasWifi',
    'hasSeating',
    'hasFoldingTables',
    'hasRestroom',
    'hasParking',
    'hasAc',
    'hasBigDrums',
    'hasHotWater',
  ],
  safety: ['isWellLit', 'hasStaff', 'hasCctv', 'isWheelchairAccessible'],
} as const satisfies Record<string, readonly LaundromatBooleanKey[]>;

export const searchMinLength = 3;
export const reviewsShownInDetail = 3;

export const lastWashMinutesBeforeClose = 30;

export const timing = {
  searchDebounceMs: 1000,
  listStaleMs: 5 * 60_000,
  searchStaleMs: 2 * 60_000,
  queryRetries: 3,
  offlineCacheMaxAgeMs: 86_400_000,
  locationTimeoutMs: 10_000,
  locationMaxAgeMs: 5 * 60_000,
  locationRefreshMs: 30_000,
  mapLocationRefreshMs: 60_000,
  mapMoveDebounceMs: 800,
  mapSearchingFlagMs: 300,
  boundsReportThrottleMs: 1000,
  installPromptDelayMs: 3000,
  installDismissMs: 24 * 60 * 60_000,
  unauthorizedRedirectMs: 500,
} as const;

export const mapDefaults = { latitude: 2.204, longitude: 102.2478, zoom: 13, locateZoom: 15 } as const;
// neutral: hours unknown, which must not read as closed (red).
export const markerColours = {
  open: '#10b981',
  closed: '#ef4444',
  neutral: '#6b7280',
  user: '#2563eb',
} as const;
