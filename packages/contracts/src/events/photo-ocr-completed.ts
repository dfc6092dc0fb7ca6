import { z } from 'zod';
import { decimalLimits } from '../constants/domain.ts';
import { centsToDollars, decimalToCents, dollarsToCents, formatCents } from '../money.ts';
import { defineEventSchema } from './envelope.ts';

export const photoOcrCompletedV1 = 'photo.ocr-completed.v1';

/** What a detected amount is charged per: per load, per 15 or 30 minutes, by weight. */
export const detectedPriceUnits = ['load', '15min', '30min', 'lb', 'kg'] as const;
/** What a detected amount pays for; 'wash' is a wash whose machine size the board does not say. */
export const detectedPriceItems = [
  'wash',
  'wash small',
  'wash large',
  'dry',
  'wash and fold',
  'detergent',
] as const;

/** One price read from a photo, e.g. { amount: 3.5, currency: 'USD', unit: 'load', item: 'wash small' }. */
export const detectedPriceSchema = z.object({
  /** At most what a price column holds (decimal 8,2). */
  amount: z.number().min(0).max(decimalLimits.price),
  /** ISO 4217 code when a symbol or code was read, else null. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  /** null when the board does not say what the amount is per. */
  unit: z.enum(detectedPriceUnits).nullable(),
  /** null when the line names nothing the parser knows. */
  item: z.enum(detectedPriceItems).nullable(),
});
export type DetectedPrice = z.infer<typeof detectedPriceSchema>;

export const photoOcrCompletedV1DataSchema = z.object({
  photoId: z.uuid(),
  laundromatId: z.uuid().nullable(),
  extractedText: z.string(),
  /** Mean word confidence 0–100 as the OCR engine reports it. */
  confidence: z.number().min(0).max(100),
  detectedPrices: z.array(detectedPriceSchema),
  detectedServices: z.array(z.string()),
});

export const photoOcrCompletedV1Schema = defineEventSchema(
  photoOcrCompletedV1,
  photoOcrCompletedV1DataSchema,
);
export type PhotoOcrCompletedV1 = z.infer<typeof photoOcrCompletedV1Schema>;

/**
 * The same price with its amount as decimal text of at most two decimals ('5.50'): exact on the wire, and
 * right whatever the currency's minor unit, which the board often does not say.
 */
export const detectedPriceV2Schema = detectedPriceSchema.omit({ amount: true }).extend({
  amount: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'An amount is digits with at most 2 decimals' }),
});
export type DetectedPriceV2 = z.infer<typeof detectedPriceV2Schema>;

/** A price as the photo service reads it, in v2's exact text. */
export const detectedPriceToV2 = (price: DetectedPrice): DetectedPriceV2 => ({
  ...price,
  amount: formatCents(dollarsToCents(price.amount)),
});

/** A v2 price in the units v1 carried, for a consumer reading both while v1 events may still be queued. */
export const detectedPriceFromV2 = (price: DetectedPriceV2): DetectedPrice => ({
  ...price,
  amount: centsToDollars(decimalToCents(price.amount)),
});

/** The same event with exact amounts; the photo service publishes this one. */
export const photoOcrCompletedV2 = 'photo.ocr-completed.v2';

export const photoOcrCompletedV2DataSchema = photoOcrCompletedV1DataSchema.extend({
  detectedPrices: z.array(detectedPriceV2Schema),
});

export const photoOcrCompletedV2Schema = defineEventSchema(
  photoOcrCompletedV2,
  photoOcrCompletedV2DataSchema,
);
export type PhotoOcrCompletedV2 = z.infer<typeof photoOcrCompletedV2Schema>;
