import { z } from 'zod';
import {
  currencySchema,
  hasAtMostDecimals,
  latitudeSchema,
  longitudeSchema,
  optionalWebUrlSchema,
} from './common.ts';
import { decimalLimits, defaultCurrency } from './constants/domain.ts';
import { hoursSchema } from './hours.ts';
import { laundromatBooleansShape } from './laundromat.ts';

const countSchema = z
  .number({ error: 'Must be a number' })
  .int({ error: 'Must be a whole number' })
  .min(0, { error: 'Must not be negative' })
  .max(10_000, { error: 'Must be at most 10000' });

const formPriceSchema = z
  .number({ error: 'Price must be a number' })
  .min(0, { error: 'Price must not be negative' })
  .max(decimalLimits.price, { error: `Price must be at most ${decimalLimits.price}` })
  .refine((v) => hasAtMostDecimals(v, 2), { error: 'Price can have at most 2 decimals' });

/** The pin was never placed: 0, 0 is where an unset position lands. */
export const nullIslandMessage =
  'Latitude and longitude 0, 0 is in the open sea: place the pin on the laundromat';

/**
 * The add-laundromat form (docs/product.md, Validation). Unknown keys are stripped, not rejected, so fields
 * the server owns (status, submittedById, ratings) can never be set by a client yet an older client still
 * works.
 */
export const createLaundromatRequestSchema = z
  .object({
    name: z
      .string({ error: 'Name must be at least 3 characters' })
      .trim()
      .min(3, { error: 'Name must be at least 3 characters' })
      .max(255, { error: 'Name must be at most 255 characters' }),
    address: z
      .string({ error: 'Address is required' })
      .trim()
      .min(5, { error: 'Address is required' })
      .max(500, { error: 'Address must be at most 500 characters' }),
    city: z
      .string({ error: 'City is required' })
      .trim()
      .min(2, { error: 'City is required' })
      .max(100, { error: 'City must be at most 100 characters' }),
    country: z
      .string({ error: 'Country is required' })
      .trim()
      .min(2, { error: 'Country is required' })
      .max(100, { error: 'Country must be at most 100 characters' }),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    phone: z.string().trim().max(50, { error: 'Phone must be at most 50 characters' }).optional(),
    website: optionalWebUrlSchema('Must be a valid URL'),
    currency: currencySchema.default(defaultCurrency),
    hours: hoursSchema.optional(),
    /**
     * OpenStreetMap `opening_hours` ('Mo-Fr 08:00-20:00; PH off'). The directory checks it with the OSM
     * library and refuses it with the library's message; when given, the weekly `hours` are derived from it.
     */
    openingHours: z
      .string({ error: 'Opening hours must be text' })
      .trim()
      .max(255, { error: 'Opening hours must be at most 255 characters' })
      .optional(),
    ...laundromatBooleansShape,
    numWashers: countSchema.optional(),
    numDryers: countSchema.optional(),
    washPriceSmall: formPriceSchema.optional(),
    washPriceLarge: formPriceSchema.optional(),
    dryPrice15min: formPriceSchema.optional(),
    dryPrice30min: formPriceSchema.optional(),
    detergentPrice: formPriceSchema.optional(),
  })
  // A form left at its start (or a failed location fix) sends 0, 0; no laundromat stands there.
  .refine((form) => !(form.latitude === 0 && form.longitude === 0), {
    path: ['latitude'],
    error: nullIslandMessage,
    when: ({ value }) => {
      const form = value as { latitude?: unknown; longitude?: unknown };
      return form.latitude === 0 && form.longitude === 0;
    },
  });
export type CreateLaundromatRequest = z.infer<typeof createLaundromatRequestSchema>;
export type CreateLaundromatForm = z.input<typeof createLaundromatRequestSchema>;
