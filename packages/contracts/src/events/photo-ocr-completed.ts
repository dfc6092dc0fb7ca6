import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const photoOcrCompletedV1 = 'photo.ocr-completed.v1';

/** One price read from a photo, e.g. { amount: 3.5, currency: 'USD', unit: 'load', item: 'wash small' }. */
export const detectedPriceSchema = z.object({
  amount: z.number().min(0),
  /** ISO 4217 code when a symbol or code was read, else null. */
  currency: z.string().length(3).nullable(),
  /** What the amount is per: 'load', '15min', '30min', 'lb', 'kg'…; null when not read. */
  unit: z.string().nullable(),
  /** What is priced, e.g. 'wash small', 'wash large', 'dry', 'detergent'; null when not read. */
  item: z.string().nullable(),
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
