import { z } from 'zod';
import { decimalLimits } from '../constants/domain.ts';
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
