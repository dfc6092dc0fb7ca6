import { laundromatBooleanKeys, type LaundromatBooleanKey } from '@laundry/contracts';

/** API field → column, for the fields that are not a plain snake_case rename. */
const priceColumns = {
  washPriceSmall: 'wash_price_small',
  washPriceLarge: 'wash_price_large',
  dryPrice15min: 'dry_price_15min',
  dryPrice30min: 'dry_price_30min',
  detergentPrice: 'detergent_price',
} as const;

/** Every amenity boolean of spec §3, in the contracts' order. */
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
  'submitted_by_id AS "submittedById"',
  'status',
  'is_verified AS "isVerified"',
  'is_active AS "isActive"',
  `${isoInstant('created_at')} AS "createdAt"`,
  `${isoInstant('updated_at')} AS "updatedAt"`,
].join(', ');
