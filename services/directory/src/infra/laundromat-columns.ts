import { laundromatBooleanKeys, type LaundromatBooleanKey } from '@laundry/contracts';

/** API field → column, for the fields that are not a plain snake_case rename. */
const priceColumns = {
  washPriceSmall: 'wash_price_small',
  washPriceLarge: 'wash_price_large',
  dryPrice15min: 'dry_price_15min',
  dryPrice30min: 'dry_price_30min',
  detergentPrice: 'detergent_price',
} as const;

/** Every amenity boolean of a laundromat, in the contracts' order. */
export const booleanFields = laundromatBooleanKeys;
export type BooleanField = LaundromatBooleanKey;

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const priceFields = Object.keys(priceColumns) as (keyof typeof priceColumns)[];
export const priceColumn = (field: keyof typeof priceColumns) => priceColumns[field];

const scoreFields = [
  'priceScore',
  'safetyScore',
  'cleanlinessScore',
  'reliabilityScore',
  'accessibilityScore',
];

/**
 * A timestamptz as JavaScript's toISOString() writes it ('2026-11-22T02:43:51.057Z'), so rows read as
 * objects and rows PostgreSQL writes as JSON (row_to_json would say '+00:00') read the same.
 */
export const isoInstant = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The SELECT list that returns rows already in the API's camelCase shape, decimals as numbers. */
export const laundromatSelectList = [
  'id',
  'name',
  'address',
  `coalesce(city, '') AS city`,
  `coalesce(country, '') AS country`,
  'latitude',
  'longitude',
  'time_zone AS "timeZone"',
  'phone',
  'website',
  'opening_hours AS "openingHours"',
  'hours',
  ...booleanFields.map((field) => `${snakeCase(field)} AS "${field}"`),
  'num_washers AS "numWashers"',
  'num_dryers AS "numDryers"',
  ...priceFields.map((field) => `${priceColumns[field]}::float8 AS "${field}"`),
  'currency',
  // A laundromat nobody has reviewed has no rating yet (the client shows 'New'), not a rating of zero.
  'CASE WHEN total_reviews > 0 THEN average_rating::float8 END AS "averageRating"',
  'total_reviews AS "totalReviews"',
  ...scoreFields.map((field) => `${snakeCase(field)}::float8 AS "${field}"`),
  'status',
  // Sources the API does not name (a test's, an old import's) read as 'user'.
  `CASE WHEN source IN ('osm', 'owner', 'demo') THEN source ELSE 'user' END AS source`,
  `CASE WHEN source = 'osm' THEN source_ref END AS "osmId"`,
  'is_verified AS "isVerified"',
  // The owner service's verified owner (never who it is), and when they last edited it.
  'owner_user_id IS NOT NULL AS "ownerVerified"',
  `${isoInstant('owner_updated_at')} AS "ownerUpdatedAt"`,
  'description',
  'is_active AS "isActive"',
  `${isoInstant('created_at')} AS "createdAt"`,
  `${isoInstant('updated_at')} AS "updatedAt"`,
  // The availability service's summary (availability.changed.v1), only while it is still true.
  'CASE WHEN live_valid_until > now() THEN live_summary END AS live',
].join(', ');

/**
 * The select list with who submitted the laundromat, for the service's own checks (a pending laundromat is
 * shown to its submitter); answers never carry it (toLaundromatView leaves it out).
 */
export const laundromatRowSelectList = `${laundromatSelectList}, submitted_by_id AS "submittedById", region`;
