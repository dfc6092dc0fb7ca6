import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

/** A private document the photo service keeps for its owner and admins (a business paper, say). */
export const storedDocumentSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  fileSize: z.number().int().min(0),
  mimeType: z.string(),
  createdAt: isoDateTimeSchema,
});
export type StoredDocument = z.infer<typeof storedDocumentSchema>;

/** POST /internal/documents: the stored document and the form's other text fields, for the caller to check. */
export const storeDocumentResponseSchema = z.object({
  document: storedDocumentSchema,
  fields: z.record(z.string(), z.string()),
});
export type StoreDocumentResponse = z.infer<typeof storeDocumentResponseSchema>;
