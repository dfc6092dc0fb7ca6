import { z } from 'zod';
import {
  currencySchema,
  idSchema,
  isoDateTimeSchema,
  latitudeSchema,
  longitudeSchema,
  moneySchema,
} from './common.ts';
import {
  decimalLimits,
  defaultCurrency,
  laundromatBooleanDefaults,
  laundromatStatuses,
} from './constants/domain.ts';
import { hoursSchema } from './hours.ts';
import { openStatusSchema } from './open-status.ts';
import { liveSummarySchema } from './availability.ts';

export const laundromatStatusSchema = z.enum(laundromatStatuses);

/**
 * Where a laundromat's data comes from: 'osm' (OpenStreetMap, © OpenStreetMap contributors, ODbL: an answer
 * showing it must credit them), 'user' (added by a person here), 'owner' (maintained by its owner), 'demo'.
 */
export const laundromatSources = ['osm', 'user', 'owner', 'demo'] as const;
export const laundromatSourceSchema = z.enum(laundromatSources);
export type LaundromatSource = z.infer<typeof laundromatSourceSchema>;
/** An OpenStreetMap element: 'node/123', 'way/456', 'relation/789'. */
export const osmIdSchema = z.string().regex(/^(node|way|relation)\/\d+$/);

const d = laundromatBooleanDefaults;
/** The twenty amenity booleans with their defaults (docs/product.md, Data). */
export const laundromatBooleansShape = {
  isWashAndFold: z.boolean().default(d.isWashAndFold),
  isDryCleaning: z.boolean().default(d.isDryCleaning),
  isSelfService: z.boolean().default(d.isSelfService),
  acceptsCoin: z.boolean().default(d.acceptsCoin),
  acceptsCard: z.boolean().default(d.acceptsCard),
  acceptsNfc: z.boolean().default(d.acceptsNfc),
  hasChangeMachine: z.boolean().default(d.hasChangeMachine),
  hasDetergentVending: z.boolean().default(d.hasDetergentVending),
  hasWifi: z.boolean().default(d.hasWifi),
  hasSeating: z.boolean().default(d.hasSeating),
  hasFoldingTables: z.boolean().default(d.hasFoldingTables),
  hasRestroom: z.boolean().default(d.hasRestroom),
  hasParking: z.boolean().default(d.hasParking),
  hasAc: z.boolean().default(d.hasAc),
  isWheelchairAccessible: z.boolean().default(d.isWheelchairAccessible),
  isWellLit: z.boolean().default(d.isWellLit),
  hasStaff: z.boolean().default(d.hasStaff),
  hasCctv: z.boolean().default(d.hasCctv),
  hasBigDrums: z.boolean().default(d.hasBigDrums),
  hasHotWater: z.boolean().default(d.hasHotWater),
} as const;

const priceSchema = moneySchema(decimalLimits.price);
const scoreSchema = z.number().min(0).max(5).nullable();

/** A laundromat as the API returns it (camelCase; decimals as numbers). */
export const laundromatSchema = z.object({
  id: idSchema,
  name: z.string().min(1).max(255),
  address: z.string(),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  country: z.string().max(100),
  city: z.string().max(100),
  phone: z.string().max(50).nullable(),
  website: z.string().nullable(),
  /** The OpenStreetMap `opening_hours` value the open status is read from; `hours` is derived from it. */
  openingHours: z.string().max(255).nullable().optional(),
  hours: hoursSchema.nullable(),
  ...laundromatBooleansShape,
  numWashers: z.number().int().min(0).nullable(),
  numDryers: z.number().int().min(0).nullable(),
  washPriceSmall: priceSchema.nullable(),
  washPriceLarge: priceSchema.nullable(),
  dryPrice15min: priceSchema.nullable(),
  dryPrice30min: priceSchema.nullable(),
  detergentPrice: priceSchema.nullable(),
  currency: currencySchema.default(defaultCurrency),
  /** Null until the first review. */
  averageRating: z.number().min(0).max(5).nullable(),
  totalReviews: z.number().int().min(0).default(0),
  priceScore: scoreSchema,
  safetyScore: scoreSchema,
  cleanlinessScore: scoreSchema,
  reliabilityScore: scoreSchema,
  accessibilityScore: scoreSchema,
  /** 'closed' once it is permanently closed (gone upstream, or a correction): still answered by id, not listed. */
  status: laundromatStatusSchema.default('approved'),
  source: laundromatSourceSchema.default('user'),
  /** The OpenStreetMap element it comes from, for source 'osm'. */
  osmId: osmIdSchema.nullable().optional(),
  isVerified: z.boolean().default(false),
  /** An owner proved they run it (the owner service's laundromat.owner-verified.v1). */
  ownerVerified: z.boolean().default(false),
  /** When its owner last edited it; null until they do. */
  ownerUpdatedAt: isoDateTimeSchema.nullable().default(null),
  /** The owner's own words about the laundromat; null until they write some. */
  description: z.string().nullable().default(null),
  isActive: z.boolean().default(true),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  /** Present when the request gave a reference point (latitude/longitude or a geocoded search). */
  distanceMeters: z.number().min(0).optional(),
  /** IANA zone from the coordinates; open/closed is computed in it. */
  timeZone: z.string().min(1),
  openStatus: openStatusSchema,
  /** Free machines now, from visitors or the machines; null when nothing recent is known. */
  live: liveSummarySchema.nullable().optional(),
});
export type Laundromat = z.infer<typeof laundromatSchema>;
