import path from 'node:path';
import { z } from 'zod';
import { baseConfigSchema } from '@laundry/platform/config';

/** One schema for the photo service and its OCR worker: they share the database and the photo storage. */
export const photoConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4004),
    /** Where the stored images live; a volume shared with the OCR worker in the distributed mode. */
    PHOTO_STORAGE_DIR: z.string().optional(),
    /** The directory service, asked whether an upload's laundromat exists. */
    DIRECTORY_URL: z.url().default('http://127.0.0.1:4002'),
    DIRECTORY_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
    /** Images the OCR worker reads at once; each takes one CPU core while it runs. */
    OCR_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** Tries per OCR job before it moves to the failed list. */
    OCR_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
    OCR_BACKOFF_MS: z.coerce.number().int().min(0).default(2000),
  })
  .transform((config) => ({
    ...config,
    PHOTO_STORAGE_DIR: config.PHOTO_STORAGE_DIR ?? path.join(config.DATA_DIR, 'photos'),
  }));

export type PhotoConfig = z.infer<typeof photoConfigSchema>;
