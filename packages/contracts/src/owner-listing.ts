import { z } from 'zod';
import { webUrlSchema } from './common.ts';
import { decimalLimits, laundromatBooleanKeys, type LaundromatBooleanKey } from './constants/domain.ts';
import { hoursSchema } from './hours.ts';

/**
 * A laundromat's verified owner edits its listing (PATCH /api/owner/laundromats/{id}). Only the
 * fields sent change; each one the owner sets is theirs from then on, and the OpenStreetMap sync keeps it.
 */
export const ownerListingPrices = [
  'washPriceSmall',
  'washPriceLarge',
  'dryPrice15min',
  'dryPrice30min',
  'detergentPrice',
] as const;
export type OwnerListingPrice = (typeof ownerListingPrices)[number];

/**
 * A price: decimal text of at most 2 decimals ('4.25'), or null. Text, not a JSON number, so no binary float
 * ever holds it on the way in; the directory stores the digits as sent in a numeric column.
 */
const priceSchema = (name: string) =>
  z
    .string({ error: `${name} must be written as digits, such as "4.25", or null when there is none` })
    .regex(/^\d{1,6}(\.\d{1,2})?$/, {
      error: `${name} must be digits with at most 2 decimals, such as "4.25", and not negative`,
    })
    .refine((text) => Number(text) <= decimalLimits.price, {
      error: `${name} must be at most ${decimalLimits.price}`,
    })
    .nullable();

const priceNames: Record<OwnerListingPrice, string> = {
  washPriceSmall: 'The small wash price',
  washPriceLarge: 'The large wash price',
  dryPrice15min: 'The 15-minute dry price',
  dryPrice30min: 'The 30-minute dry price',
  detergentPrice: 'The detergent price',
};

const machineCountSchema = (name: string) =>
  z
    .number({ error: `${name} must be a whole number, or null when unknown` })
    .int({ error: `${name} must be a whole number` })
    .min(0, { error: `${name} must not be negative` })
    .max(1000, { error: `${name} must be at most 1000` })
    .nullable();

export const ownerListingDescriptionMaxLength = 2000;

export const updateOwnerListingRequestSchema = z
  .strictObject(
    {
      /** OpenStreetMap opening_hours, e.g. 'Mo-Fr 08:00-02:00; PH off'; checked with the OSM library. */
      openingHours: z
        .string({ error: 'Opening hours must be text such as "Mo-Su 07:00-22:00"' })
        .trim()
        .min(1, { error: 'Opening hours are required when given' })
        .max(255, { error: 'Opening hours must be at most 255 characters' })
        .nullable()
        .optional(),
      /** The weekly map; when openingHours is sent too, the weekly map is read from it instead. */
      hours: hoursSchema.nullable().optional(),
      ...(Object.fromEntries(
        ownerListingPrices.map((key) => [key, priceSchema(priceNames[key]).optional()]),
      ) as { [K in OwnerListingPrice]: z.ZodOptional<ReturnType<typeof priceSchema>> }),
      ...(Object.fromEntries(
        laundromatBooleanKeys.map((key) => [
          key,
          z.boolean({ error: `${key} must be true or false` }).optional(),
        ]),
      ) as { [K in LaundromatBooleanKey]: z.ZodOptional<z.ZodBoolean> }),
      numWashers: machineCountSchema('The number of washers').optional(),
      numDryers: machineCountSchema('The number of dryers').optional(),
      phone: z
        .string({ error: 'The phone number must be text' })
        .trim()
        .min(3, { error: 'The phone number must be at least 3 characters' })
        .max(50, { error: 'The phone number must be at most 50 characters' })
        .regex(/^[+0-9 ().\-/]+$/, { error: 'A phone number has digits, spaces and + ( ) - . / only' })
        .nullable()
        .optional(),
      website: z
        .string({ error: 'The website must be an http:// or https:// address' })
        .trim()
        .pipe(webUrlSchema('The website must be an http:// or https:// address'))
        .nullable()
        .optional(),
      description: z
        .string({ error: 'The description must be text' })
        .trim()
        .max(ownerListingDescriptionMaxLength, {
          error: `The description must be at most ${ownerListingDescriptionMaxLength} characters`,
        })
        .nullable()
        .optional(),
    },
    { error: 'Unknown field: a listing has hours, prices, amenities, machines, phone, website, description' },
  )
  .refine((value) => Object.values(value).some((entry) => entry !== undefined), {
    error: 'Change at least one field',
  });
export type UpdateOwnerListingRequest = z.infer<typeof updateOwnerListingRequestSchema>;
export type OwnerListingField = keyof UpdateOwnerListingRequest;

// The verified owner's insights live beside the listing they edit (served by the directory as well).
export * from './owner-insights.ts';
